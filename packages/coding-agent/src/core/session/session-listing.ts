import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readSessionFile } from "./session-file.js";
import { getAgentDir } from "./session-paths.js";
import type { SessionEntry, SessionInfo } from "./session-types.js";

/** Called as files are read: `loaded` of `total`. */
export type ListProgress = (loaded: number, total: number) => void;

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter((block): block is { type: "text"; text: string } => block?.type === "text")
		.map((block) => block.text)
		.join(" ");
}

function sessionName(entries: readonly SessionEntry[]): string | undefined {
	let name: string | undefined;
	for (const entry of entries) {
		if (entry.type === "session_info") name = entry.name?.trim() || undefined;
	}
	return name;
}

/** Reads one file into a listing row; undefined when it is not a valid session. */
export function readSessionInfo(path: string): SessionInfo | undefined {
	let parsed: ReturnType<typeof readSessionFile>;
	try {
		parsed = readSessionFile(path);
	} catch {
		// Not a session (or unreadable): listings skip it (sessions.md §6).
		return undefined;
	}
	const { header, entries } = parsed;
	let messageCount = 0;
	let firstMessage: string | undefined;
	let newest = 0;
	for (const entry of entries) {
		if (entry.type !== "message") continue;
		messageCount++;
		const message = entry.message;
		if (message.role === "user" || message.role === "assistant") {
			newest = Math.max(newest, message.timestamp ?? 0);
			if (firstMessage === undefined && message.role === "user") firstMessage = textOf(message.content);
		}
	}
	// A header without a usable time falls back to the file's modification time.
	const headerTime = new Date(header.timestamp);
	const created = Number.isNaN(headerTime.getTime()) ? statSync(path).mtime : headerTime;
	const modified = newest > 0 ? new Date(newest) : created;
	return {
		path,
		id: header.id,
		cwd: header.cwd,
		name: sessionName(entries),
		parentSessionPath: header.parentSession,
		created,
		modified,
		messageCount,
		firstMessage: firstMessage ?? "(no messages)",
	};
}

function sessionFilesIn(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((name) => name.endsWith(".jsonl"))
		.map((name) => join(dir, name));
}

function readAll(files: string[], onProgress?: ListProgress): SessionInfo[] {
	const infos: SessionInfo[] = [];
	files.forEach((file, index) => {
		const info = readSessionInfo(file);
		if (info) infos.push(info);
		onProgress?.(index + 1, files.length);
	});
	return infos.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** Valid sessions in one directory, newest first. */
export function listSessionsIn(dir: string, onProgress?: ListProgress): SessionInfo[] {
	return readAll(sessionFilesIn(dir), onProgress);
}

/**
 * Valid sessions of every project under `<agentDir>/sessions` (one directory per cwd, plus files
 * directly in it), and of each flat directory in `extraDirs`, newest first. A file is listed once.
 */
export function listAllSessions(
	onProgress?: ListProgress,
	agentDir: string = getAgentDir(),
	extraDirs: readonly string[] = [],
): SessionInfo[] {
	const root = join(agentDir, "sessions");
	const files = existsSync(root)
		? readdirSync(root, { withFileTypes: true }).flatMap((entry) =>
				entry.isDirectory()
					? sessionFilesIn(join(root, entry.name))
					: entry.name.endsWith(".jsonl")
						? [join(root, entry.name)]
						: [],
			)
		: [];
	files.push(...extraDirs.flatMap(sessionFilesIn));
	return readAll([...new Set(files)], onProgress);
}
