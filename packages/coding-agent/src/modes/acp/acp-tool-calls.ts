import { isAbsolute, resolve } from "node:path";
import type { ContentBlock, ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";

// How pi's tool calls look to an ACP client: kind, title, locations and content per built-in
// tool; extension tools are "other" with their raw input and text output.

type Args = Record<string, unknown>;

const KINDS: Readonly<Record<string, ToolKind>> = {
	read: "read",
	edit: "edit",
	write: "edit",
	bash: "execute",
	grep: "search",
	find: "search",
	ls: "search",
};

/** The ACP kind of a pi tool. */
export function toolKindOf(toolName: string): ToolKind {
	return KINDS[toolName] ?? "other";
}

function stringArg(args: Args, name: string): string | undefined {
	const value = args[name];
	return typeof value === "string" ? value : undefined;
}

function numberArg(args: Args, name: string): number | undefined {
	const value = args[name];
	return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Absolute path of a tool's `path` argument (relative paths resolve against the session cwd). */
export function toolPath(args: Args, cwd: string): string | undefined {
	const path = stringArg(args, "path");
	if (path === undefined) return undefined;
	const withoutAt = path.startsWith("@") ? path.slice(1) : path;
	return isAbsolute(withoutAt) ? withoutAt : resolve(cwd, withoutAt);
}

/** A short human title, as an editor shows it in the tool call's header. */
export function toolTitleOf(toolName: string, args: Args): string {
	const path = stringArg(args, "path");
	switch (toolName) {
		case "read": {
			const offset = numberArg(args, "offset");
			const limit = numberArg(args, "limit");
			const range = offset !== undefined ? `:${offset}${limit !== undefined ? `-${offset + limit - 1}` : ""}` : "";
			return `Read ${path ?? ""}${range}`.trim();
		}
		case "edit":
			return `Edit ${path ?? ""}`.trim();
		case "write":
			return `Write ${path ?? ""}`.trim();
		case "bash":
			return stringArg(args, "command") ?? "bash";
		case "grep":
			return `grep ${JSON.stringify(stringArg(args, "pattern") ?? "")}${path ? ` in ${path}` : ""}`;
		case "find":
			return `find ${stringArg(args, "pattern") ?? ""}${path ? ` in ${path}` : ""}`;
		case "ls":
			return `ls ${path ?? "."}`;
		default:
			return toolName;
	}
}

/** Files the call touches, with the line when known. */
export function toolLocationsOf(toolName: string, args: Args, cwd: string, line?: number): ToolCallLocation[] {
	if (!["read", "edit", "write", "ls", "grep", "find"].includes(toolName)) return [];
	const path = toolPath(args, cwd);
	if (path === undefined) return toolName === "ls" || toolName === "grep" || toolName === "find" ? [{ path: cwd }] : [];
	const startLine = line ?? (toolName === "read" ? numberArg(args, "offset") : undefined);
	return [startLine !== undefined ? { path, line: startLine } : { path }];
}

/** The edits of an `edit` call (the current `edits[]` shape and the legacy single pair). */
function editsOf(args: Args): { oldText: string; newText: string }[] {
	const edits = args.edits;
	if (Array.isArray(edits)) {
		return edits.flatMap((edit: unknown) => {
			if (typeof edit !== "object" || edit === null) return [];
			const { oldText, newText } = edit as Args;
			return typeof oldText === "string" && typeof newText === "string" ? [{ oldText, newText }] : [];
		});
	}
	const oldText = stringArg(args, "oldText");
	const newText = stringArg(args, "newText");
	return oldText !== undefined && newText !== undefined ? [{ oldText, newText }] : [];
}

/** `diff` content for a mutating call, known from its arguments alone. */
export function toolDiffContent(toolName: string, args: Args, cwd: string): ToolCallContent[] {
	const path = toolPath(args, cwd);
	if (path === undefined) return [];
	if (toolName === "edit") {
		return editsOf(args).map((edit) => ({ type: "diff", path, oldText: edit.oldText, newText: edit.newText }));
	}
	if (toolName === "write") {
		const content = stringArg(args, "content");
		return content === undefined ? [] : [{ type: "diff", path, oldText: null, newText: content }];
	}
	return [];
}

interface ToolResultLike {
	content?: unknown;
}

/** Text and image blocks of a tool result as ACP content blocks. */
export function resultBlocks(result: unknown): ContentBlock[] {
	const content = (result as ToolResultLike | undefined)?.content;
	if (!Array.isArray(content)) return typeof result === "string" ? [{ type: "text", text: result }] : [];
	return content.flatMap((block: unknown): ContentBlock[] => {
		if (typeof block !== "object" || block === null) return [];
		const typed = block as Args;
		if (typed.type === "text" && typeof typed.text === "string") return [{ type: "text", text: typed.text }];
		if (typed.type === "image" && typeof typed.data === "string" && typeof typed.mimeType === "string")
			return [{ type: "image", data: typed.data, mimeType: typed.mimeType }];
		return [];
	});
}

/** What a finished call shows: the diff for a successful edit/write, otherwise the result's output. */
export function toolResultContent(
	toolName: string,
	args: Args,
	result: unknown,
	isError: boolean,
	cwd: string,
): ToolCallContent[] {
	if (!isError) {
		const diff = toolDiffContent(toolName, args, cwd);
		if (diff.length > 0) return diff;
	}
	return resultBlocks(result).map((block) => ({ type: "content", content: block }));
}

/** First changed line an edit reports in its details, for the location. */
export function changedLineOf(result: unknown): number | undefined {
	const details = (result as { details?: { firstChangedLine?: unknown } } | undefined)?.details;
	const line = details?.firstChangedLine;
	return typeof line === "number" ? line : undefined;
}
