import { spawn, spawnSync } from "node:child_process";
import { stat } from "node:fs/promises";
import { relative, sep } from "node:path";
import type { FindRequest, FindSearchResult } from "./find-request.js";

/**
 * The fd engine for the find tool: `fd --glob --hidden`, plus `--follow`, `--no-require-git`,
 * `--case-sensitive` and `--exclude .git` so it behaves like the built-in walker. A pattern with
 * `/` is matched against the full path (anchored at the search directory).
 */

const usability = new Map<string, boolean>();

/**
 * Whether the fd at `fdPath` supports `--no-require-git`; older ones would ignore
 * `.gitignore` outside git repositories, unlike the built-in walker. Probed once per binary.
 */
export function isFdUsable(fdPath: string): boolean {
	let usable = usability.get(fdPath);
	if (usable === undefined) {
		const help = spawnSync(fdPath, ["--help"], { encoding: "utf8", timeout: 5000 });
		usable = help.status === 0 && help.stdout.includes("--no-require-git");
		usability.set(fdPath, usable);
	}
	return usable;
}

/** Builds the fd argument list for `request`. */
export function fdArguments(request: FindRequest): string[] {
	const args = ["--glob", "--color=never", "--hidden", "--follow", "--no-require-git", "--case-sensitive"];
	args.push("--exclude", ".git", "--max-results", String(request.limit + 1));
	const pattern = request.pattern.replace(/^\.\//, "");
	if (pattern.includes("/")) {
		args.push("--full-path", `${escapeGlob(request.searchPath)}/${pattern.replace(/^\/+/, "")}`);
	} else {
		args.push(pattern);
	}
	args.push(request.searchPath);
	return args;
}

/** Runs `request` with the fd binary at `fdPath`. */
export function findWithFd(fdPath: string, request: FindRequest): Promise<FindSearchResult> {
	return new Promise((resolve, reject) => {
		if (request.signal?.aborted) return reject(new Error("Operation aborted"));
		const child = spawn(fdPath, fdArguments(request), { stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		const onAbort = (): void => {
			child.kill();
			reject(new Error("Operation aborted"));
		};
		request.signal?.addEventListener("abort", onAbort, { once: true });
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		child.on("error", (error) => reject(new Error(`Failed to run fd: ${error.message}`)));
		child.on("close", (code) => {
			request.signal?.removeEventListener("abort", onAbort);
			const lines = stdout.split("\n").filter((line) => line.trim() !== "");
			if (code !== 0 && lines.length === 0 && stderr.trim() !== "")
				return reject(new Error(`fd failed: ${stderr.trim()}`));
			toResult(lines, request).then(resolve, reject);
		});
	});
}

async function toResult(lines: string[], request: FindRequest): Promise<FindSearchResult> {
	const limitReached = lines.length > request.limit;
	const paths: string[] = [];
	for (const line of lines.slice(0, request.limit)) {
		const trimmed = line.replace(/\r$/, "");
		const hasSlash = trimmed.endsWith("/") || trimmed.endsWith(sep);
		// fd prints results under the search path as given, which is absolute here.
		const relativePath = relative(request.searchPath, trimmed).split(sep).join("/");
		const isDirectory =
			hasSlash ||
			(await stat(trimmed).then(
				(info) => info.isDirectory(),
				() => false,
			));
		paths.push(isDirectory ? `${relativePath}/` : relativePath);
	}
	return { paths, limitReached };
}

function escapeGlob(path: string): string {
	return path.replace(/[\\*?[\]{}]/g, "\\$&");
}
