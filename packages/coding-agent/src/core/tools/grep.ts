import type { AgentTool } from "@pi/agent-core";
import { type Static, Type } from "@pi/ai";
import { errorCode, notRegularFile } from "./file-errors.js";
import { createLocalGrepOperations, type GrepLine, type GrepOperations } from "./grep-operations.js";
import { NOT_REGULAR_FILE } from "./regular-file.js";
import { startToolCall } from "./tool-target.js";
import {
	formatSize,
	GREP_MAX_LINE_LENGTH,
	MAX_BYTES,
	type TruncationInfo,
	toTruncationInfo,
	truncateHead,
	truncateLine,
} from "./truncate.js";

/** Matching lines returned when `limit` is not given. */
export const DEFAULT_GREP_LIMIT = 100;

/** Parameters of the `grep` tool. */
export const grepToolSchema = Type.Object({
	pattern: Type.String({ description: "Search pattern (regular expression, or a literal string with literal=true)" }),
	path: Type.Optional(Type.String({ description: "Directory or file to search (default: the working directory)" })),
	glob: Type.Optional(
		Type.String({ description: "Only search files matching this glob, e.g. '*.ts' or 'src/**/*.spec.ts'" }),
	),
	ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
	literal: Type.Optional(Type.Boolean({ description: "Treat the pattern as a literal string (default: false)" })),
	context: Type.Optional(Type.Number({ description: "Lines of context before and after each match (default: 0)" })),
	limit: Type.Optional(
		Type.Number({ description: `Maximum number of matching lines (default: ${DEFAULT_GREP_LIMIT})` }),
	),
});
export type GrepToolInput = Static<typeof grepToolSchema>;

/** `details` of a `grep` result; every field is present only when it applies. */
export interface GrepToolDetails {
	truncation?: TruncationInfo;
	/** The match limit, when it was reached. */
	matchLimitReached?: number;
	/** True when some lines were shortened to 500 characters. */
	linesTruncated?: boolean;
}

/** Options of {@link createGrepTool}. */
export interface GrepToolOptions {
	/** Search engine and file access. Default: local, ripgrep when on PATH, else built in. */
	operations?: GrepOperations;
}

/**
 * The `grep` tool (configuration.md §8): `relpath:line: text` for matches, `relpath-line- text`
 * for context lines, `.gitignore` honoured, hidden files searched, binary files skipped; lines
 * over 500 characters shortened; output head-truncated at 50 KiB; notes for every limit hit.
 */
export function createGrepTool(
	cwd: string,
	options: GrepToolOptions = {},
): AgentTool<typeof grepToolSchema, GrepToolDetails> {
	const operations = options.operations ?? createLocalGrepOperations();
	return {
		name: "grep",
		label: "grep",
		description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore and includes hidden files. Output is limited to ${DEFAULT_GREP_LIMIT} matches (use limit for more) or ${formatSize(MAX_BYTES)}; lines longer than ${GREP_MAX_LINE_LENGTH} characters are shortened.`,
		parameters: grepToolSchema,
		execute: async (_toolCallId, params, signal) => {
			const { displayPath, absolutePath: searchPath } = startToolCall(params.path ?? ".", cwd, signal, "as-written");
			const isDirectory = await operations.isDirectory(searchPath).catch((error: unknown) => {
				if (errorCode(error) === NOT_REGULAR_FILE) throw notRegularFile(displayPath);
				throw new Error(
					errorCode(error) === "ENOENT" ? `Path not found: ${displayPath}` : `Cannot access ${displayPath}`,
				);
			});
			const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_GREP_LIMIT));
			const result = await operations.search({
				searchPath,
				isDirectory,
				pattern: params.pattern,
				ignoreCase: params.ignoreCase ?? false,
				literal: params.literal ?? false,
				glob: params.glob,
				context: Math.max(0, Math.floor(params.context ?? 0)),
				limit,
				signal,
			});
			if (result.lines.length === 0) return { content: [{ type: "text", text: "No matches found" }], details: {} };
			return formatGrepOutput(result.lines, result.matchLimitReached ? limit : undefined);
		},
	};
}

function formatGrepOutput(lines: readonly GrepLine[], matchLimitReached: number | undefined) {
	let linesTruncated = false;
	const rendered = lines.map((line) => {
		const { text, wasTruncated } = truncateLine(line.text, GREP_MAX_LINE_LENGTH);
		linesTruncated ||= wasTruncated;
		const separator = line.isMatch ? ":" : "-";
		return `${line.path}${separator}${line.lineNumber}${separator} ${text}`;
	});
	const truncation = truncateHead(rendered.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
	const details: GrepToolDetails = {};
	const notices: string[] = [];
	if (matchLimitReached !== undefined) {
		notices.push(
			`${matchLimitReached} matches limit reached. Use limit=${matchLimitReached * 2} for more, or refine pattern`,
		);
		details.matchLimitReached = matchLimitReached;
	}
	if (truncation.truncated) {
		notices.push(`${formatSize(MAX_BYTES)} limit reached`);
		details.truncation = toTruncationInfo(truncation);
	}
	if (linesTruncated) {
		notices.push(`Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`);
		details.linesTruncated = true;
	}
	const text = notices.length > 0 ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
	return { content: [{ type: "text" as const, text }], details };
}
