// Drives the built `pi` in a real pseudo-terminal: a private tmux server per test, a wrapper
// script that records the tty mode before and after pi, and pane captures polled for text.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PI_CLI, type PiTestEnv } from "./support/index.js";

/** True when tmux can be run here. */
export function hasTmux(): boolean {
	return spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;
}

function shellQuote(value: string): string {
	return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The pane's size and what the pane's environment adds to the test environment's. */
export interface TmuxPiOptions {
	columns?: number;
	rows?: number;
	extraEnv?: NodeJS.ProcessEnv;
	/**
	 * Start the wrapper from an interactive bash (job control), as a user's shell would: Ctrl+Z
	 * then stops pi and `fg` continues it. Without it the pane's process group is orphaned and the
	 * kernel drops stop signals.
	 */
	jobControl?: boolean;
	/**
	 * The pane's `window-style` (e.g. `bg=#f8f8f8`), set before pi starts: tmux then answers
	 * pi's OSC 10/11 colour queries with these colours, as a light or dark terminal would.
	 */
	windowStyle?: string;
	/**
	 * The pane's 16 ANSI colours (`#rrggbb`, tmux's `pane-colours`), set before pi starts: tmux then
	 * answers pi's OSC 4 palette queries with them.
	 */
	paneColours?: readonly string[];
}

/** One pi in one tmux pane. */
export class TmuxPi {
	private readonly socket: string;
	private readonly statePath: string;

	constructor(
		private readonly env: PiTestEnv,
		args: readonly string[] = [],
		options: TmuxPiOptions = {},
	) {
		this.socket = `pi-e2e-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
		this.statePath = join(env.root, "tty-state");
		const script = join(env.root, "run-pi.sh");
		const variables = { ...env.env, ...options.extraEnv, TERM: "xterm-256color" };
		const exports = Object.entries(variables)
			.filter(([key, value]) => value !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
			.map(([key, value]) => `export ${key}=${shellQuote(value ?? "")}`)
			.join("\n");
		const command = [process.execPath, PI_CLI, ...args].map(shellQuote).join(" ");
		writeFileSync(
			script,
			[
				"#!/bin/sh",
				exports,
				`cd ${shellQuote(env.cwd)}`,
				`stty -g > ${shellQuote(`${this.statePath}.before`)}`,
				// Shell output from before pi: a full clear of the scrollback would remove it.
				'echo "SHELL OUTPUT BEFORE PI"',
				...(options.windowStyle ? [`tmux set-option -w window-style ${shellQuote(options.windowStyle)}`] : []),
				...(options.paneColours ?? []).map(
					(colour, index) => `tmux set-option -w ${shellQuote(`pane-colours[${index}]`)} ${shellQuote(colour)}`,
				),
				command,
				"code=$?",
				`stty -g > ${shellQuote(`${this.statePath}.after`)}`,
				'echo "PI_EXITED $code"',
				"exec sleep 600",
				"",
			].join("\n"),
			{ mode: 0o755 },
		);
		this.tmux(
			"new-session",
			"-d",
			"-s",
			"pi",
			"-x",
			String(options.columns ?? 100),
			"-y",
			String(options.rows ?? 30),
			// The pane would inherit the tmux server's environment, i.e. this test process's, with the
			// provider keys and FORCE_COLOR that the test env leaves out; the script exports the rest.
			options.jobControl
				? `exec env -i TMUX="$TMUX" TMUX_PANE="$TMUX_PANE" PATH=${shellQuote(process.env.PATH ?? "/usr/bin:/bin")} PS1='SHELL$ ' /bin/bash --norc --noprofile -i`
				: `exec env -i TMUX="$TMUX" TMUX_PANE="$TMUX_PANE" /bin/sh ${shellQuote(script)}`,
		);
		if (options.jobControl) {
			this.type(`/bin/sh ${shellQuote(script)}`);
			this.keys("Enter");
		}
	}

	private tmux(...args: string[]): string {
		return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
	}

	/** Runs a tmux command against this pane's server (e.g. `show-buffer`). */
	run(...args: string[]): string {
		return this.tmux(...args);
	}

	/** Types literal text. */
	type(text: string): void {
		this.tmux("send-keys", "-t", "pi", "-l", text);
	}

	/** Sends tmux key names (Enter, Escape, C-c, M-Enter, Up…). */
	keys(...names: string[]): void {
		this.tmux("send-keys", "-t", "pi", ...names);
	}

	resize(columns: number, rows: number): void {
		this.tmux("resize-window", "-t", "pi", "-x", String(columns), "-y", String(rows));
	}

	/** The visible pane text. */
	screen(): string {
		return this.tmux("capture-pane", "-p", "-t", "pi");
	}

	/** The visible pane with its colours and attributes as SGR sequences (`capture-pane -e`). */
	styledScreen(): string {
		return this.tmux("capture-pane", "-p", "-e", "-t", "pi");
	}

	/** The pane text including the scrollback. */
	history(): string {
		return this.tmux("capture-pane", "-p", "-S", "-", "-t", "pi");
	}

	/** A tmux format value of the pane, e.g. `cursor_flag`. */
	format(name: string): string {
		return this.tmux("display-message", "-p", "-t", "pi", `#{${name}}`).trim();
	}

	/** Polls the pane until `test` passes (or throws with the screen after `timeoutMs`). */
	async waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
		const check =
			typeof test === "function"
				? test
				: (screen: string) => (typeof test === "string" ? screen.includes(test) : test.test(screen));
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const screen = this.screen();
			if (check(screen)) return screen;
			if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(test)}; screen:\n${screen}`);
			await new Promise((resolve) => setTimeout(resolve, 40));
		}
	}

	/** The tty settings (`stty -g`) before pi started and after it exited, once it has. */
	ttyStates(): { before: string; after: string | undefined } {
		const after = `${this.statePath}.after`;
		return {
			before: readFileSync(`${this.statePath}.before`, "utf8").trim(),
			after: existsSync(after) ? readFileSync(after, "utf8").trim() : undefined,
		};
	}

	/** The pid of pi itself (the child of the pane's wrapper shell). */
	piPid(): number | undefined {
		const shell = this.format("pane_pid");
		const result = spawnSync("ps", ["-o", "pid=,args=", "--ppid", shell], { encoding: "utf8" });
		const line = result.stdout
			.split("\n")
			.map((text) => text.trim())
			.find((text) => text.includes(PI_CLI));
		return line ? Number.parseInt(line, 10) : undefined;
	}

	/**
	 * Ends the tmux server and returns once pi and its wrapper shell are gone (at most 10 s), so the
	 * caller can remove the temp dirs: pi still writes into HOME while it exits (sessions, the
	 * compile cache), and a cleanup racing that failed with ENOTEMPTY on a loaded machine.
	 */
	kill(): void {
		const pids: number[] = [];
		try {
			pids.push(Number(this.format("pane_pid")));
			const pi = this.piPid();
			if (pi !== undefined) pids.push(pi);
		} catch {
			// The server is already gone, and its pane with it.
		}
		spawnSync("tmux", ["-L", this.socket, "kill-server"], { stdio: "ignore" });
		const deadline = Date.now() + 10_000;
		const pause = new Int32Array(new SharedArrayBuffer(4));
		while (pids.some(isRunning) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 10);
	}
}

/** True while `pid` exists and is not a zombie (an exited process waiting to be reaped). */
function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
	} catch {
		return false;
	}
}
