import type { ImageContent } from "@pi/ai";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";

/** What `main()` hands the interactive mode (run-modes.md §7.5). */
export interface InteractiveModeOptions {
	/** The first prompt, assembled from `@file` arguments and the first positional message. */
	initialMessage?: string;
	initialImages?: ImageContent[];
	/** The remaining positional messages, sent one after the other at start-up. */
	messages: string[];
	/** `-r` / `--resume`: open the session picker first. */
	showResumePicker?: boolean;
	/** `--verbose`: show the full start-up header. */
	verbose?: boolean;
	/** Startup warnings (not errors: those stop `main()` first) to show in the header. */
	startupWarnings?: string[];
}

/** Runs the terminal UI until the user quits. Resolves with the process exit code. */
export async function runInteractiveMode(
	_runtime: AgentSessionRuntime,
	_options: InteractiveModeOptions,
): Promise<number> {
	process.stderr.write("pi: interactive mode is not built yet; use -p\n");
	return 1;
}
