import { closeSync, copyFileSync, existsSync, openSync, readFileSync, readSync, statSync, writeSync } from "node:fs";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { SessionEntry, SessionHeader } from "./session-types.js";

/** The parsed lines of a session file. */
export interface ParsedSessionFile {
	header: SessionHeader;
	entries: SessionEntry[];
	/** Lines that were not valid JSON objects (e.g. a torn last line). */
	skippedLines: number;
}

/** Why a file is not a session. */
export class InvalidSessionFileError extends Error {
	readonly code = "invalid_session_file";
	constructor(
		readonly path: string,
		readonly reason: string,
	) {
		super(`Invalid session file: ${path}: ${reason}`);
	}
}

function isHeader(value: unknown): value is SessionHeader {
	if (value === null || typeof value !== "object") return false;
	const record = value as Record<string, unknown>;
	return record.type === "session" && typeof record.id === "string";
}

/**
 * Parses session file content. Empty lines and lines that are not JSON objects are skipped, so
 * a torn last line never costs earlier entries. Throws InvalidSessionFileError when the first
 * valid line is not a header.
 */
export function parseSessionContent(content: string, path: string): ParsedSessionFile {
	let header: SessionHeader | undefined;
	const entries: SessionEntry[] = [];
	let skippedLines = 0;
	for (const rawLine of content.split("\n")) {
		const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
		if (line.trim() === "") continue;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			skippedLines++;
			continue;
		}
		if (value === null || typeof value !== "object" || Array.isArray(value)) {
			skippedLines++;
			continue;
		}
		if (!header) {
			if (!isHeader(value)) throw new InvalidSessionFileError(path, "the first line is not a session header");
			header = value;
			continue;
		}
		entries.push(value as SessionEntry);
	}
	if (!header) throw new InvalidSessionFileError(path, "the file holds no session header");
	return { header, entries, skippedLines };
}

/** Reads and parses a session file. Throws InvalidSessionFileError for non-session files. */
export function readSessionFile(path: string): ParsedSessionFile {
	return parseSessionContent(readFileSync(path, "utf8"), path);
}

/** Serialises header and entries as JSONL. */
export function serializeSession(header: SessionHeader, entries: readonly SessionEntry[]): string {
	return [header, ...entries].map((line) => `${JSON.stringify(line)}\n`).join("");
}

function endsWithNewline(path: string): boolean {
	const size = statSync(path).size;
	if (size === 0) return true;
	const fd = openSync(path, "r");
	try {
		const buffer = Buffer.alloc(1);
		readSync(fd, buffer, 0, 1, size - 1);
		return buffer[0] === 0x0a;
	} finally {
		closeSync(fd);
	}
}

/**
 * Appends lines to a session file with one synchronous write per call. Before the first append
 * to a file whose last byte is not `\n` (a torn line), a `\n` is written first so the fragment
 * stays an isolated bad line.
 */
export class SessionFileWriter {
	private fd: number | undefined;

	constructor(readonly path: string) {}

	/** Appends one JSON line with a single synchronous, unbuffered write. */
	append(value: unknown): void {
		const line = `${JSON.stringify(value)}\n`;
		if (this.fd === undefined) {
			const needsSeparator = existsSync(this.path) && !endsWithNewline(this.path);
			this.fd = openSync(this.path, "a");
			if (needsSeparator) {
				writeSync(this.fd, `\n${line}`);
				return;
			}
		}
		writeSync(this.fd, line);
	}

	/** Writes a whole new file (header + entries) atomically. */
	writeAll(header: SessionHeader, entries: readonly SessionEntry[]): void {
		// The rename replaces the inode, so an open descriptor would keep writing to the old file.
		this.close();
		writeFileAtomic(this.path, serializeSession(header, entries));
	}

	/** Releases the file descriptor; the next append reopens the file. */
	close(): void {
		if (this.fd === undefined) return;
		closeSync(this.fd);
		this.fd = undefined;
	}
}

/** Copies a broken file aside as `<path>.corrupt-<timestamp>` and returns the backup path. */
export function backupCorruptFile(path: string): string {
	const backup = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
	copyFileSync(path, backup);
	return backup;
}
