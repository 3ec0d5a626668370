// Events whose handlers return results, combined per extensions.md §2 (the runner's seam methods).
import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import type { AgentStartTrigger, ExtensionEventMap } from "./extension-events.js";
import { customMessageOf } from "./extension-host.js";
import type {
	BeforeCompactDecision,
	BeforeCompactRequest,
	BeforeTreeDecision,
	InputEventResult,
	InputSource,
	SessionBeforeChangeEvent,
} from "./extension-runner-seam.js";
import type { ExtensionRunnerView } from "./extension-runner-view.js";

/**
 * `before_agent_start`: injected messages accumulate, `systemPrompt` chains from the freshly
 * built base prompt; the result applies to this run only (the next prompt starts from the base).
 */
const SECTION_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `prompt` with each non-empty section appended as `<name>…</name>` (invalid names are skipped). */
function withSections(prompt: string, sections: Record<string, string> | undefined): string {
	const parts = Object.entries(sections ?? {})
		.filter(([name, content]) => SECTION_NAME.test(name) && typeof content === "string" && content !== "")
		.map(([name, content]) => `<${name}>\n${content}\n</${name}>`);
	return parts.length > 0 ? `${prompt}\n\n${parts.join("\n\n")}` : prompt;
}

export async function emitBeforeAgentStartOf(
	runner: ExtensionRunnerView,
	trigger: AgentStartTrigger,
): Promise<AgentMessage[]> {
	const injected: AgentMessage[] = [];
	const host = runner.host;
	if (runner.hasHandlers("before_agent_start")) {
		const base = host.buildSystemPrompt();
		let systemPrompt = base;
		const options = host.getSystemPromptOptions();
		await runner.emitCollect(
			{
				type: "before_agent_start",
				...(trigger.messageType === "user"
					? {
							messageType: "user" as const,
							prompt: trigger.prompt,
							...(trigger.images.length > 0 ? { images: trigger.images } : {}),
						}
					: { messageType: "custom" as const, message: trigger.message }),
				get systemPrompt() {
					return systemPrompt;
				},
				systemPromptOptions: options,
			},
			(result) => {
				if (result.message) injected.push(customMessageOf(result.message));
				if (typeof result.systemPrompt === "string") systemPrompt = result.systemPrompt;
				return false;
			},
		);
		host.setSystemPrompt(withSections(systemPrompt, options.sections));
	}
	injected.push(...runner.takeNextTurnMessages());
	return injected;
}

export async function emitSessionBeforeTreeOf(
	runner: ExtensionRunnerView,
	preparation: unknown,
	signal: AbortSignal,
): Promise<BeforeTreeDecision> {
	let decision: BeforeTreeDecision = {};
	await runner.emitCollect({ type: "session_before_tree", preparation, signal }, (result) => {
		if (result.cancel) decision = { cancel: true };
		else if (
			result.summary !== undefined ||
			result.customInstructions !== undefined ||
			result.replaceInstructions !== undefined ||
			result.label !== undefined
		)
			decision = result;
		else return false;
		return true;
	});
	return decision;
}

export async function emitSessionBeforeCompactOf(
	runner: ExtensionRunnerView,
	request: BeforeCompactRequest,
): Promise<BeforeCompactDecision> {
	let decision: BeforeCompactDecision = {};
	await runner.emitCollect({ type: "session_before_compact", ...request }, (result) => {
		if (result.cancel) decision = { cancel: true };
		else if (result.compaction) decision = { compaction: result.compaction };
		else return false;
		return true;
	});
	return decision;
}

export async function emitInputOf(
	runner: ExtensionRunnerView,
	text: string,
	images: ImageContent[],
	source: InputSource,
	streamingBehavior?: "steer" | "followUp",
): Promise<InputEventResult> {
	// Transforms chain: each handler sees the text (and images) the previous one produced.
	const event: ExtensionEventMap["input"]["event"] & { type: "input" } = {
		type: "input",
		text,
		...(images.length > 0 ? { images } : {}),
		source,
		...(streamingBehavior ? { streamingBehavior } : {}),
	};
	let transformed = false;
	let handled = false;
	await runner.emitCollect(event, (result) => {
		if (result.action === "handled") {
			handled = true;
			return true;
		}
		if (result.action === "transform") {
			event.text = result.text;
			if (result.images) event.images = result.images;
			transformed = true;
		}
		return false;
	});
	if (handled) return { action: "handled" };
	return transformed
		? { action: "transform", text: event.text, images: event.images ?? images }
		: { action: "continue" };
}

export async function emitSessionBeforeChangeOf(
	runner: ExtensionRunnerView,
	event: SessionBeforeChangeEvent,
): Promise<{ cancel: boolean }> {
	let cancel = false;
	const stop = (result: { cancel?: boolean }) => {
		if (result.cancel) cancel = true;
		return cancel;
	};
	if (event.type === "session_before_fork") {
		await runner.emitCollect(
			{ type: "session_before_fork", entryId: event.entryId ?? "", position: event.position ?? "before" },
			stop,
		);
	} else {
		await runner.emitCollect(
			{
				type: "session_before_switch",
				reason: event.reason === "resume" ? "resume" : "new",
				...(event.targetSessionFile !== undefined ? { targetSessionFile: event.targetSessionFile } : {}),
			},
			stop,
		);
	}
	return { cancel };
}

/** `resources_discover`: every returned path is collected. */
export async function emitResourcesDiscoverOf(
	runner: ExtensionRunnerView,
	reason: "startup" | "reload",
): Promise<{
	skillPaths: string[];
	promptPaths: string[];
	themePaths: string[];
}> {
	const collected = { skillPaths: [] as string[], promptPaths: [] as string[], themePaths: [] as string[] };
	if (!runner.hasHandlers("resources_discover")) return collected;
	await runner.emitCollect({ type: "resources_discover", cwd: runner.host.cwd, reason }, (result) => {
		collected.skillPaths.push(...(result.skillPaths ?? []));
		collected.promptPaths.push(...(result.promptPaths ?? []));
		collected.themePaths.push(...(result.themePaths ?? []));
		return false;
	});
	return collected;
}
