import { readFileSync } from "node:fs";
import { ProcessTerminal } from "@pi/tui";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { killTrackedProcessGroups } from "../../core/tools/process-groups.js";
import { InteractiveApp } from "./interactive-app.js";
import type { InteractiveModeOptions } from "./interactive-mode-options.js";
import { queryTerminalAppearance } from "./terminal-background.js";

export type { InteractiveModeOptions } from "./interactive-mode-options.js";

function packageVersion(): string {
	try {
		const url = new URL("../../../package.json", import.meta.url);
		return (JSON.parse(readFileSync(url, "utf8")) as { version?: string }).version ?? "0.0.0";
	} catch {
		return "0.0.0";
	}
}

function packageChangelog(): string | undefined {
	try {
		return readFileSync(new URL("../../../CHANGELOG.md", import.meta.url), "utf8");
	} catch {
		// Not shipped (a development checkout before the first release): the notice says less.
		return undefined;
	}
}

const EXIT_SIGNALS = ["SIGTERM", "SIGHUP"] as const;

/** Runs the terminal UI until the user quits. Resolves with the process exit code. */
export async function runInteractiveMode(
	runtime: AgentSessionRuntime,
	options: InteractiveModeOptions,
): Promise<number> {
	// The terminal's background decides `system` and light/dark theme pairs (asked before the UI reads stdin).
	if (!options.terminal) await queryTerminalAppearance();
	const app = new InteractiveApp(runtime, {
		...options,
		version: options.version ?? packageVersion(),
		changelog: options.changelog ?? packageChangelog,
		terminal: options.terminal ?? new ProcessTerminal(),
	});
	// The terminal is restored on every way out: quit, a crash, SIGTERM and SIGHUP.
	const restore = (): void => {
		if (!app.isQuitting) app.quit(1);
	};
	// Set before quitting: the main path below may finish first and must report the signal too.
	let signalCode: number | undefined;
	const onSignal = (signal: NodeJS.Signals): void => {
		signalCode = signal === "SIGTERM" ? 143 : 129;
		process.exitCode = signalCode;
		restore();
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
		return signalCode ?? code;
	} catch (error) {
		restore();
		throw error;
	} finally {
		for (const signal of EXIT_SIGNALS) process.off(signal, onSignal);
		process.off("uncaughtException", onCrash);
		process.off("exit", restore);
	}
}
