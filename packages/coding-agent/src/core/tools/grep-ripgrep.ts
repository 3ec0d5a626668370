import { spawn } from "node:child_process";
import { basename, relative, sep } from "node:path";
import type { GrepLine, GrepRequest, GrepSearchResult } from "./grep-request.js";

/**
 * The ripgrep engine: `rg --json --line-number --color=never --hidden` (configuration.md §8),
 * plus `--follow` and `--no-require-git` so it behaves like the built-in engine (links followed,
 * `.gitignore` honoured outside repositories) and `!.git` so repository internals are skipped.
 * Stops ripgrep once the match limit is reached and the last match's file has ended.
 */

/** ripgrep's `--json` records that matter here. */
interface RipgrepRecord {
	type: string;
	data?: { path?: { text?: string }; line_number?: number; lines?: { text?: string } };
}

/** Builds the ripgrep argument list for `request`. */
export function ripgrepArguments(request: GrepRequest): string[] {
	const args = ["--json", "--line-number", "--color=never", "--hidden", "--follow", "--no-require-git"];
	args.push("--glob", "!.git");
	if (request.ignoreCase) args.push("--ignore-case");
	if (request.literal) args.push("--fixed-strings");
	if (request.glob) args.push("--glob", request.glob);
	if (request.context > 0) args.push("--context", String(request.context));
	args.push("--", request.pattern, request.searchPath);
	return args;
}

/** Runs `request` with the ripgrep binary at `ripgrepPath`. */
export function searchWithRipgrep(ripgrepPath: string, request: GrepRequest): Promise<GrepSearchResult> {
	return new Promise((resolve, reject) => {
		if (request.signal?.aborted) return reject(new Error("Operation aborted"));
		const child = spawn(ripgrepPath, ripgrepArguments(request), { stdio: ["ignore", "pipe", "pipe"] });
		const result: GrepSearchResult = { lines: [], matchCount: 0, matchLimitReached: false };
		let stderr = "";
		let stoppedEarly = false;
		const stop = (): void => {
			stoppedEarly = true;
			child.kill();
		};
		const onAbort = (): void => {
			stop();
			reject(new Error("Operation aborted"));
		};
		request.signal?.addEventListener("abort", onAbort, { once: true });
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		// readline is loaded by a search, not by every start-up that registers the tool.
		const { createInterface } = process.getBuiltinModule("node:readline");
		const reader = createInterface({ input: child.stdout });
		reader.on("line", (jsonLine) => {
			if (!stoppedEarly && handleRecord(jsonLine, request, result) === "stop") stop();
		});
		child.on("error", (error) => reject(new Error(`Failed to run ripgrep: ${error.message}`)));
		child.on("close", (code) => {
			request.signal?.removeEventListener("abort", onAbort);
			if (!stoppedEarly && code === 2 && result.lines.length === 0) {
				reject(new Error(describeRipgrepError(stderr)));
				return;
			}
			result.matchLimitReached = result.matchCount >= request.limit;
			resolve(result);
		});
	});
}

/** Applies one JSON record; "stop" when no further output is wanted. */
function handleRecord(jsonLine: string, request: GrepRequest, result: GrepSearchResult): "continue" | "stop" {
	let record: RipgrepRecord;
	try {
		record = JSON.parse(jsonLine) as RipgrepRecord;
	} catch {
		return "continue";
	}
	const limitReached = result.matchCount >= request.limit;
	if (record.type === "end" && limitReached) return "stop";
	if (record.type !== "match" && record.type !== "context") return "continue";
	if (record.type === "match" && limitReached) return "stop";
	const line = toGrepLine(record, request);
	if (!line) return "continue";
	if (limitReached && !isAfterContextOfLastMatch(line, result, request.context)) return "stop";
	result.lines.push(line);
	if (line.isMatch) result.matchCount++;
	return "continue";
}

/** After the limit, only the trailing context of the last match is still wanted. */
function isAfterContextOfLastMatch(line: GrepLine, result: GrepSearchResult, context: number): boolean {
	const lastMatch = result.lines.findLast((candidate) => candidate.isMatch);
	return lastMatch !== undefined && line.path === lastMatch.path && line.lineNumber <= lastMatch.lineNumber + context;
}

function toGrepLine(record: RipgrepRecord, request: GrepRequest): GrepLine | undefined {
	const path = record.data?.path?.text;
	const lineNumber = record.data?.line_number;
	const text = record.data?.lines?.text;
	if (path === undefined || lineNumber === undefined || text === undefined) return undefined;
	const displayPath = request.isDirectory
		? relative(request.searchPath, path).split(sep).join("/")
		: basename(request.searchPath);
	return { path: displayPath, lineNumber, text: text.replace(/\r?\n$/, ""), isMatch: record.type === "match" };
}

function describeRipgrepError(stderr: string): string {
	const message = stderr.trim();
	if (/regex parse error|error parsing regex/i.test(message)) return `Invalid regex pattern: ${message}`;
	return message === "" ? "ripgrep failed" : `ripgrep failed: ${message}`;
}
