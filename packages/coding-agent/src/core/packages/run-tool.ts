// Runs npm / git for package installs: a timeout, an abort path, children killed however pi exits,
// and a one-line error naming the tool and what it said.
import { spawn } from "node:child_process";
import { PiUserError } from "../user-error.js";

/** Thrown when npm or git fails; `message` is one line naming the source and the cause. */
export class PackageInstallError extends PiUserError {
	constructor(message: string) {
		super("package_install_failed", message);
		this.name = "PackageInstallError";
	}
}

/** Options of one tool run. */
export interface RunToolOptions {
	cwd?: string;
	/** Default: 10 minutes (a first install of a large package over a slow link). */
	timeoutMs?: number;
	signal?: AbortSignal;
	env?: NodeJS.ProcessEnv;
	/**
	 * Called with each chunk the tool writes and the stream it wrote it to: package commands pass
	 * npm's and git's output on to the user, as pi 1.4 does.
	 */
	onOutput?: (text: string, stream: "stdout" | "stderr") => void;
}

const running = new Set<import("node:child_process").ChildProcess>();
let exitHookInstalled = false;

// A pi that exits (Ctrl+C, an error) must not leave npm or git running on its own.
function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on("exit", () => {
		for (const child of running) child.kill("SIGTERM");
	});
}

// Which line of npm's or git's output says what went wrong, most telling first.
const TELLING_LINES: readonly RegExp[] = [
	/^npm (error|ERR!) network /,
	/^npm (error|ERR!) \d{3} /,
	/\bE[A-Z]{3,}: /,
	/^fatal: /,
	/^error: /,
	/^npm (error|ERR!) (?!code |errno |syscall |path |A complete log|\s*$)/,
];

/** What a tool's output says went wrong, as one line (npm's `npm error …`, git's `fatal: …`). */
export function summarizeToolOutput(output: string): string {
	const lines = output
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line !== "");
	let pick: string | undefined;
	for (const pattern of TELLING_LINES) {
		pick = lines.find((line) => pattern.test(line));
		if (pick) break;
	}
	pick ??= lines.at(-1);
	return (pick ?? "").replace(/^npm (error|ERR!) /, "").slice(0, 300);
}

/**
 * Runs `command args` and resolves with its stdout. Rejects with a PackageInstallError when the
 * command is missing, fails, times out or is aborted.
 */
export function runTool(command: string, args: readonly string[], options: RunToolOptions = {}): Promise<string> {
	installExitHook();
	const timeoutMs = options.timeoutMs ?? 600_000;
	return new Promise((resolvePromise, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: { ...(options.env ?? process.env), npm_config_update_notifier: "false", GIT_TERMINAL_PROMPT: "0" },
			stdio: ["ignore", "pipe", "pipe"],
		});
		running.add(child);
		let stdout = "";
		let stderr = "";
		let settled = false;
		const finish = (error?: PackageInstallError) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			options.signal?.removeEventListener("abort", onAbort);
			running.delete(child);
			if (error) reject(error);
			else resolvePromise(stdout);
		};
		const timer = setTimeout(() => {
			child.kill("SIGTERM");
			finish(new PackageInstallError(`${command} ${args[0] ?? ""} timed out after ${Math.round(timeoutMs / 1000)} s`));
		}, timeoutMs);
		const onAbort = () => {
			child.kill("SIGTERM");
			finish(new PackageInstallError(`${command} ${args[0] ?? ""} was cancelled`));
		};
		options.signal?.addEventListener("abort", onAbort, { once: true });
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
			options.onOutput?.(chunk.toString("utf8"), "stdout");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
			options.onOutput?.(chunk.toString("utf8"), "stderr");
		});
		child.on("error", (error: NodeJS.ErrnoException) => {
			const reason =
				error.code === "ENOENT"
					? `${command} was not found on PATH${command === "git" ? " (install git)" : " (install Node.js with npm, or set npmCommand in settings.json)"}`
					: `${command} could not start: ${error.message}`;
			finish(new PackageInstallError(reason));
		});
		child.on("close", (code, signal) => {
			if (code === 0) return finish();
			const said = summarizeToolOutput(`${stderr}\n${stdout}`);
			const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
			finish(new PackageInstallError(said ? said : `${command} ${args[0] ?? ""} ${how}`));
		});
	});
}
