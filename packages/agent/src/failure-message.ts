import { type AssistantMessage, emptyUsage, type Model } from "@pi/ai";

/**
 * The synthetic assistant message that ends a run when something unexpected throws inside the
 * loop (e.g. `convertToLlm`): empty text, zero usage, stopReason "aborted" when the signal fired
 * else "error", and the thrown message as `errorMessage` (agent-core.md §4.3).
 */
export function createFailureMessage(model: Model, errorMessage: string, aborted: boolean): AssistantMessage {
	return {
		role: "assistant",
		content: [{ type: "text", text: "" }],
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: emptyUsage(),
		stopReason: aborted ? "aborted" : "error",
		errorMessage,
		timestamp: Date.now(),
	};
}
