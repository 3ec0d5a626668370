import type { AssistantMessageEvent } from "@pi/ai";
import type { ExtensionFactory } from "@pi/coding-agent";
import { type CodemodeToolOptions, createCodemodeTool } from "./codemode-tool.js";
import { CODEMODE_TOOL_NAME } from "./identifier.js";

/** Whether the streamed event starts a codemode call. */
function startsCodemodeCall(update: AssistantMessageEvent): boolean {
	if (update.type !== "toolcall_start") return false;
	const block = update.partial.content[update.contentIndex];
	return block?.type === "toolCall" && block.name === CODEMODE_TOOL_NAME;
}

/**
 * The codemode extension: registers the `codemode` tool inactive. Turn it on with
 * `--tools +codemode` or `"defaultTools": ["+codemode"]`. The sandbox (a worker thread with
 * QuickJS) starts only when the model calls codemode: as soon as the call starts streaming, so
 * the worker is ready by the time the script has arrived.
 */
export function createCodemodeExtension(options: CodemodeToolOptions = {}): ExtensionFactory {
	return (pi) => {
		pi.registerTool(createCodemodeTool(pi, options));
		pi.on("message_update", (event) => {
			if (!startsCodemodeCall(event.assistantMessageEvent)) return;
			void Promise.all([import("./sandbox/worker-pool.js"), import("./sandbox/run-script.js")]).then(
				([{ sharedWorkerPool }, { DEFAULT_MEMORY_LIMIT }]) =>
					(options.pool ?? sharedWorkerPool).prewarm(DEFAULT_MEMORY_LIMIT),
			);
		});
	};
}
