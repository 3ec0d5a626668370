import { spawn } from "node:child_process";

/** What a finished process printed. */
export interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/**
 * Runs `command` to completion. `steps` drive an interactive program: when the output so far
 * matches `waitFor`, `send` is written to its stdin. Rejects after `timeoutMs` with what it printed.
 */
export function run(
	command: string,
	args: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; steps?: { waitFor: string; send: string }[] },
): Promise<RunResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"] });
		const steps = [...(options.steps ?? [])];
		let stdout = "";
		let stderr = "";
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error(`${command} ${args.join(" ")} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
		}, options.timeoutMs);
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
			const next = steps[0];
			if (next && stdout.includes(next.waitFor)) {
				steps.shift();
				child.stdin.write(next.send);
			}
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		if (!options.steps) child.stdin.end();
		child.on("error", (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on("close", (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}
