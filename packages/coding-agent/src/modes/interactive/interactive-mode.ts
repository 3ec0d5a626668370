import { readFileSync } from "node:fs";
import type { ImageContent } from "@pi/ai";
import { ProcessTerminal, type Terminal } from "@pi/tui";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { killTrackedProcessGroups } from "../../core/tools/process-groups.js";
import { InteractiveApp } from "./interactive-app.js";

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
	/** The version shown in the header. */
	version?: string;
	/** The terminal to draw on. Default: a ProcessTerminal on stdin/stdout. */
	terminal?: Terminal;
}

function packageVersion(): string {
	try {
		const url = new URL("../../../package.json", import.meta.url);
		return (JSON.parse(readFileSync(url, "utf8")) as { version?: string }).version ?? "0.0.0";
	} catch {
		return "0.0.0";
	}
}

const EXIT_SIGNALS = ["SIGTERM", "SIGHUP"] as const;

/** Runs the terminal UI until the user quits. Resolves with the process exit code. */
export async function runInteractiveMode(
	runtime: AgentSessionRuntime,
	options: InteractiveModeOptions,
): Promise<number> {
	const app = new InteractiveApp(runtime, {
		...options,
		version: options.version ?? packageVersion(),
		terminal: options.terminal ?? new ProcessTerminal(),
	});
	// The terminal is restored on every way out: quit, a crash, SIGTERM and SIGHUP.
	const restore = (): void => {
		if (!app.isQuitting) app.quit(1);
	};
	const onSignal = (signal: NodeJS.Signals): void => {
		restore();
		process.exitCode = signal === "SIGTERM" ? 143 : 129;
		void runtime.dispose().finally(() => {
			killTrackedProcessGroups();
			process.exit(process.exitCode);
		});
	};
	const onCrash = (error: unknown): void => {
		restore();
		killTrackedProcessGroups();
		process.stderr.write(`pi: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
		process.exit(1);
	};
	for (const signal of EXIT_SIGNALS) process.on(signal, onSignal);
	process.on("uncaughtException", onCrash);
	process.on("exit", restore);
	try {
		await app.init();
		const code = await app.run();
		await runtime.dispose().catch(() => undefined);
		return code;
	} catch (error) {
		restore();
		throw error;
	} finally {
		for (const signal of EXIT_SIGNALS) process.off(signal, onSignal);
		process.off("uncaughtException", onCrash);
		process.off("exit", restore);
	}
}
