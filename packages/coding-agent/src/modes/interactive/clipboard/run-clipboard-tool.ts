import { spawn } from "node:child_process";

/**
 * Runs a clipboard tool (`xclip`, `wl-copy`, `pbcopy`…) with `input` on its stdin; resolves with
 * its stdout, or undefined when it is missing, fails or takes longer than `timeoutMs`.
 */
export function runClipboardTool(
	command: string,
	args: readonly string[],
	options: { input?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Buffer | undefined> {
	return new Promise((resolve) => {
		let settled = false;
		const finish = (value: Buffer | undefined): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve(value);
		};
		// stdout is read to the end, but a copy tool that keeps the selection (xclip forks and
		// stays) must not hold us: stderr ignored, and we resolve on exit, not on stream end.
		const child = spawn(command, [...args], {
			stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "ignore"],
			env: options.env ?? process.env,
		});
		const chunks: Buffer[] = [];
		child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.on("error", () => finish(undefined));
		child.on("exit", (code) => finish(code === 0 ? Buffer.concat(chunks) : undefined));
		const timer = setTimeout(() => {
			child.kill();
			finish(undefined);
		}, options.timeoutMs ?? 3000);
		timer.unref();
		if (options.input !== undefined) {
			child.stdin?.on("error", () => undefined);
			child.stdin?.end(options.input);
		}
	});
}
