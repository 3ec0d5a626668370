import { basename } from "node:path";
import { isBinarySample, SNIFF_BYTES } from "./content-sniffing.js";
import { walkTree } from "./gitignore-walker.js";
import { createGlobMatcher, type GlobMatcher } from "./glob-pattern.js";
import type { GrepLine, GrepRequest, GrepSearchResult } from "./grep-request.js";
import { LineSplitter } from "./line-splitter.js";
import { readRegularFile } from "./regular-file.js";

/**
 * The built-in grep engine: walks with gitignore-walker.ts, skips binary files (a NUL byte in the
 * first 8 KiB), streams each file line by line (never whole), and matches a JavaScript regular
 * expression per line. Context lines are merged so no line is printed twice.
 */

interface SearchState {
	request: GrepRequest;
	regex: RegExp;
	lines: GrepLine[];
	matchCount: number;
}

/** Runs `request` with the built-in engine. */
export async function searchWithBuiltin(request: GrepRequest): Promise<GrepSearchResult> {
	const state: SearchState = { request, regex: compileGrepPattern(request), lines: [], matchCount: 0 };
	if (!request.isDirectory) {
		await searchFile(request.searchPath, basename(request.searchPath), state);
	} else {
		const matchesGlob: GlobMatcher | undefined = request.glob ? createGlobMatcher(request.glob) : undefined;
		for await (const entry of walkTree(request.searchPath, { signal: request.signal })) {
			if (entry.isDirectory || (matchesGlob && !matchesGlob(entry.relativePath, false))) continue;
			await searchFile(entry.absolutePath, entry.relativePath, state);
			if (state.matchCount >= request.limit) break;
		}
	}
	return { lines: state.lines, matchCount: state.matchCount, matchLimitReached: state.matchCount >= request.limit };
}

/**
 * The request's pattern as a `RegExp` (Unicode mode when the pattern allows it). A leading `(?i)`
 * — common in ripgrep patterns — turns on case-insensitivity. Throws `Invalid regex pattern: …`.
 */
export function compileGrepPattern(request: Pick<GrepRequest, "pattern" | "literal" | "ignoreCase">): RegExp {
	let source = request.literal ? request.pattern.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&") : request.pattern;
	let ignoreCase = request.ignoreCase;
	if (!request.literal && source.startsWith("(?i)")) {
		source = source.slice(4);
		ignoreCase = true;
	}
	const flags = ignoreCase ? "i" : "";
	try {
		return new RegExp(source, `${flags}u`);
	} catch {
		try {
			return new RegExp(source, flags);
		} catch (error) {
			throw new Error(`Invalid regex pattern: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
}

async function searchFile(absolutePath: string, displayPath: string, state: SearchState): Promise<void> {
	const collector = createContextCollector(displayPath, state);
	const splitter = new LineSplitter(collector.onLine);
	let first = true;
	try {
		// FIFOs, devices and sockets are skipped like unreadable files (never opened blocking).
		for await (const chunk of readRegularFile(absolutePath, 64 * 1024)) {
			if (state.request.signal?.aborted) throw new Error("Operation aborted");
			if (first && isBinarySample(chunk.subarray(0, SNIFF_BYTES))) return;
			first = false;
			splitter.push(chunk);
			if (splitter.isStopped) return;
		}
		splitter.finish();
	} catch (error) {
		if (error instanceof Error && error.message === "Operation aborted") throw error;
		// Unreadable file (permissions, dangling link, link loop, vanished): skip it, as ripgrep does.
	}
}

/** Per-file match/context bookkeeping; `onLine` returns false once nothing more is needed. */
function createContextCollector(displayPath: string, state: SearchState) {
	const { context, limit } = state.request;
	const before: GrepLine[] = [];
	let afterRemaining = 0;
	const push = (line: GrepLine): void => {
		state.lines.push(line);
	};
	return {
		onLine: (text: string, lineNumber: number): boolean => {
			const line: GrepLine = { path: displayPath, lineNumber, text, isMatch: false };
			if (state.matchCount < limit && state.regex.test(text)) {
				before.splice(0).forEach(push);
				push({ ...line, isMatch: true });
				state.matchCount++;
				afterRemaining = context;
			} else if (afterRemaining > 0) {
				push(line);
				afterRemaining--;
			} else if (context > 0) {
				before.push(line);
				if (before.length > context) before.shift();
			}
			return !(state.matchCount >= limit && afterRemaining === 0);
		},
	};
}
