/** What an Anthropic `stop_reason` means for the message. */
export type AnthropicStopOutcome =
	| { kind: "done"; reason: "stop" | "length" | "toolUse" }
	| { kind: "error"; errorMessage: string };

/**
 * Maps Anthropic's `stop_reason` (https://docs.anthropic.com/en/api/handling-stop-reasons).
 * `refusal` ends the message as an error that names the reason; `pause_turn` (a server tool paused
 * a long turn) and unknown future values count as a normal stop, `model_context_window_exceeded`
 * as truncated output.
 */
export function mapAnthropicStopReason(reason: string | null | undefined): AnthropicStopOutcome {
	switch (reason) {
		case "tool_use":
			return { kind: "done", reason: "toolUse" };
		case "max_tokens":
		case "model_context_window_exceeded":
			return { kind: "done", reason: "length" };
		case "refusal":
			return {
				kind: "error",
				errorMessage: "Anthropic stopped the response: refusal (the model declined to continue)",
			};
		default:
			return { kind: "done", reason: "stop" };
	}
}
