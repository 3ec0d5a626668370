import type { ImageContent } from "@pi/ai";
import type { AgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import type { ExtensionErrorReport } from "../core/extensions/extension-bindings.js";
import { createRuntimeCommandActions } from "../core/extensions/runtime-command-actions.js";
import { toJsonEvent } from "./json-event.js";
import { flushRawStdout, waitForRawStdoutBackpressure, writeRawStdout } from "./output-guard.js";
import { type HandledSignal, installSignalHandlers } from "./signal-handlers.js";

/** What `main()` hands print and JSON mode (run-modes.md §7.1–§7.2). */
export interface PrintModeOptions {
	/** `text`: the final answer on stdout; `json`: every session event as JSONL. */
	mode: "text" | "json";
	/** The positional messages after the first, sent one by one. */
	messages: string[];
	initialMessage?: string;
	initialImages?: ImageContent[];
}

const TRUNCATED_MESSAGE = "Response was truncated: the model reached its output token limit.";

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function reportExtensionError(report: ExtensionErrorReport): void {
	process.stderr.write(`Extension error (${report.extensionPath}): ${report.error}\n`);
}

/**
 * Sends the prompts in sequence on one session, then exits. Text mode prints the last assistant
 * message's text blocks (exit 1 for error/aborted/length); JSON mode streams every event and
 * exits 0 whatever the model did. SIGTERM / SIGHUP exit 143 / 129 after cleanup.
 */
export async function runPrintMode(runtime: AgentSessionRuntime, options: PrintModeOptions): Promise<number> {
	const json = options.mode === "json";
	let signalled: HandledSignal | undefined;
	const removeSignalHandlers = installSignalHandlers(async (signal) => {
		signalled = signal;
		await runtime.dispose();
		await flushRawStdout();
	});

	let unsubscribe: (() => void) | undefined;
	const bind = async () => {
		unsubscribe?.();
		const session = runtime.session;
		if (json) {
			const stopEvents = session.subscribe((event) => {
				void writeRawStdout(`${JSON.stringify(toJsonEvent(event))}\n`);
			});
			// Awaited by the agent loop: a slow stdout reader pauses the agent instead of growing memory.
			const stopBackpressure = session.agent.subscribe(() => waitForRawStdoutBackpressure());
			unsubscribe = () => {
				stopEvents();
				stopBackpressure();
			};
		}
		await session.bindExtensions({
			mode: json ? "json" : "print",
			commandContextActions: createRuntimeCommandActions(runtime),
			onError: reportExtensionError,
		});
	};

	let exitCode = 0;
	try {
		if (json) {
			const header = runtime.session.sessionManager.getHeader();
			if (header) void writeRawStdout(`${JSON.stringify(header)}\n`);
		}
		runtime.setRebindSession(bind);
		await bind();
		try {
			if (options.initialMessage !== undefined) {
				await runtime.session.prompt(options.initialMessage, { images: options.initialImages });
			}
			for (const message of options.messages) await runtime.session.prompt(message);
		} catch (error) {
			if (signalled) return signalled === "SIGTERM" ? 143 : 129;
			process.stderr.write(`${errorText(error)}\n`);
			return 1;
		}
		if (!json) exitCode = await printFinalAnswer(runtime);
		return exitCode;
	} finally {
		removeSignalHandlers();
		unsubscribe?.();
		runtime.setRebindSession(undefined);
		await runtime.dispose();
		await flushRawStdout();
	}
}

/** run-modes.md §7.1 step 5: what the last message of the session says. */
async function printFinalAnswer(runtime: AgentSessionRuntime): Promise<number> {
	const last = runtime.session.messages.at(-1);
	if (last?.role !== "assistant") return 0;
	if (last.stopReason === "error" || last.stopReason === "aborted") {
		process.stderr.write(`${last.errorMessage ?? `Request ${last.stopReason}`}\n`);
		return 1;
	}
	for (const block of last.content) {
		if (block.type === "text" && block.text.length > 0) void writeRawStdout(`${block.text}\n`);
	}
	if (last.stopReason === "length") {
		process.stderr.write(`${TRUNCATED_MESSAGE}\n`);
		return 1;
	}
	return 0;
}
