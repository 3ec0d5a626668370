import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PiTestEnv } from "./pi-env.js";

/**
 * The built binary as users run it: the bundle `bin` points at (`npx pnpm@10.34.8 build`, or
 * `npx tsc -b apps/pi && node apps/pi/scripts/bundle.mjs`, first). `PI_E2E_CLI=dist/cli.js` runs
 * the suite against the unbundled program instead.
 */
export const PI_CLI = fileURLToPath(new URL(`../../${process.env.PI_E2E_CLI ?? "dist/bundle/pi.js"}`, import.meta.url));

export interface SpawnPiOptions {
	/** Default: `env.cwd`. */
	cwd?: string;
	/** Extra variables over `env.env`. */
	extraEnv?: NodeJS.ProcessEnv;
	/** Written to stdin, then stdin is closed. Without it stdin is closed at once (an empty pipe). */
	stdin?: string;
	/** Leave stdin open (RPC, ACP): the caller writes and ends it. */
	keepStdinOpen?: boolean;
	/** Kill the process (SIGKILL) after this long; default 15 s. */
	timeoutMs?: number;
}

export interface PiResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** A running pi with its output collected; `exited` resolves when it is gone. */
export interface PiProcess {
	child: ChildProcessWithoutNullStreams;
	/** Output so far. */
	stdout(): string;
	stderr(): string;
	/** Resolves when stdout has received text that satisfies `predicate` (no polling sleeps). */
	waitForStdout(predicate: (stdout: string) => boolean): Promise<string>;
	waitForStderr(predicate: (stderr: string) => boolean): Promise<string>;
	exited: Promise<PiResult>;
}

function assertBuilt(): void {
	if (!existsSync(PI_CLI)) throw new Error(`${PI_CLI} is missing: build first (npx tsc -b apps/pi)`);
}

/** Spawns `node <PI_CLI> ...args` in the test env. */
export function spawnPi(env: PiTestEnv, args: readonly string[], options: SpawnPiOptions = {}): PiProcess {
	assertBuilt();
	const child = spawn(process.execPath, [PI_CLI, ...args], {
		cwd: options.cwd ?? env.cwd,
		env: { ...env.env, ...options.extraEnv },
		stdio: ["pipe", "pipe", "pipe"],
	});
	let stdout = "";
	let stderr = "";
	const waiters: {
		stream: "stdout" | "stderr";
		predicate: (text: string) => boolean;
		resolve: (text: string) => void;
	}[] = [];
	const check = () => {
		for (const waiter of [...waiters]) {
			const text = waiter.stream === "stdout" ? stdout : stderr;
			if (waiter.predicate(text)) {
				waiters.splice(waiters.indexOf(waiter), 1);
				waiter.resolve(text);
			}
		}
	};
	child.stdout.setEncoding("utf8");
	child.stderr.setEncoding("utf8");
	child.stdout.on("data", (chunk: string) => {
		stdout += chunk;
		check();
	});
	child.stderr.on("data", (chunk: string) => {
		stderr += chunk;
		check();
	});
	// pi may be gone from its stdin (--help, a usage error, an early exit) before our write lands; the
	// write then fails with EPIPE, which a test sees through pi's output and exit status, and must not
	// surface as an unhandled error that fails the whole run. No stdin: end without an (empty) write.
	child.stdin.on("error", (error: NodeJS.ErrnoException) => {
		if (error.code !== "EPIPE") throw error;
	});
	if (!options.keepStdinOpen) {
		if (options.stdin) child.stdin.end(options.stdin);
		else child.stdin.end();
	}
	const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15_000);
	const exited = new Promise<PiResult>((resolve) => {
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			resolve({ code, signal, stdout, stderr });
		});
	});
	const waitFor = (stream: "stdout" | "stderr") => (predicate: (text: string) => boolean) =>
		new Promise<string>((resolve, reject) => {
			waiters.push({ stream, predicate, resolve });
			check();
			void exited.then((result) => {
				const text = stream === "stdout" ? result.stdout : result.stderr;
				if (!predicate(text))
					reject(
						new Error(`pi exited (${result.code ?? result.signal}) before the expected ${stream}:\n${result.stderr}`),
					);
			});
		});
	return {
		child,
		stdout: () => stdout,
		stderr: () => stderr,
		waitForStdout: waitFor("stdout"),
		waitForStderr: waitFor("stderr"),
		exited,
	};
}

/** Runs pi to completion. */
export function runPi(env: PiTestEnv, args: readonly string[], options: SpawnPiOptions = {}): Promise<PiResult> {
	return spawnPi(env, args, options).exited;
}

/** Parses JSONL stdout (strict LF framing). */
export function parseJsonLines(stdout: string): Record<string, unknown>[] {
	return stdout
		.split("\n")
		.filter((line) => line.length > 0)
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}
