import { copyFileSync, readFileSync, readSync } from "node:fs";
import { createFileExclusive, writeFileAtomic } from "../fs/atomic-write.js";
import { type DurableFileSystem, durableFileSystem, writeAllSync } from "../fs/file-system.js";
import { PiUserError } from "../user-error.js";
import { sessionEntryProblem, sessionHeaderProblem } from "./session-entry-schema.js";
import { migrateSession, needsMigration } from "./session-migrations.js";
import type { SessionEntry, SessionHeader } from "./session-types.js";

/** An entry line that parsed as JSON but is not a valid entry; skipped and reported. */
export interface InvalidSessionEntry {
	/** 1-based line number in the file. */
	line: number;
	problem: string;
}

/** The parsed lines of a session file. */
export interface ParsedSessionFile {
	header: SessionHeader;
	/** The valid entries (migrated to the current version), in file order. */
	entries: SessionEntry[];
	/** Every entry line as read (and migrated), valid or not: what a rewrite must keep. */
	allEntries: SessionEntry[];
	/** Lines that were not valid JSON objects (e.g. a torn last line). */
	skippedLines: number;
	/** Entries skipped because they are not valid for their type. */
	invalidEntries: InvalidSessionEntry[];
	/** True when the entries were migrated from an older version in memory. */
	migrated: boolean;
}

/** Why a file is not a session. */
export class InvalidSessionFileError extends PiUserError {
	declare readonly code: "invalid_session_file";
	constructor(
		readonly path: string,
		readonly reason: string,
	) {
		super("invalid_session_file", `Invalid session file: ${path}: ${reason}`);
		this.name = "InvalidSessionFileError";
	}
}

/**
 * Parses session file content. Empty lines and lines that are not JSON objects are skipped, so
 * a torn last line never costs earlier entries. Throws InvalidSessionFileError when the first
 * valid line is not a valid header. Entries of older versions are migrated in memory, then each
 * is validated by its type; bad ones are skipped and listed in `invalidEntries`.
 */
export function parseSessionContent(content: string, path: string): ParsedSessionFile {
	let header: SessionHeader | undefined;
	const raw: SessionEntry[] = [];
	const lineNumbers: number[] = [];
	let skippedLines = 0;
	content.split("\n").forEach((rawLine, index) => {
		const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
		if (line.trim() === "") return;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			skippedLines++;
			return;
		}
		if (value === null || typeof value !== "object" || Array.isArray(value)) {
			skippedLines++;
			return;
		}
		if (!header) {
			if ((value as { type?: unknown }).type !== "session") {
				throw new InvalidSessionFileError(path, "the first line is not a session header");
			}
			const problem = sessionHeaderProblem(value);
			if (problem !== undefined) throw new InvalidSessionFileError(path, `line ${index + 1}: ${problem}`);
			header = value as SessionHeader;
			return;
		}
		raw.push(value as SessionEntry);
		lineNumbers.push(index + 1);
	});
	if (!header) throw new InvalidSessionFileError(path, "the file holds no session header");
	const migrated = needsMigration(header);
	const all = migrated ? migrateSession(header, raw) : { header, entries: raw };
	const entries: SessionEntry[] = [];
	const invalidEntries: InvalidSessionEntry[] = [];
	all.entries.forEach((entry, index) => {
		const problem = sessionEntryProblem(entry);
		if (problem === undefined) entries.push(entry);
		else invalidEntries.push({ line: lineNumbers[index] ?? 0, problem });
	});
	return { header: all.header, entries, allEntries: all.entries, skippedLines, invalidEntries, migrated };
}

/** Reads and parses a session file. Throws InvalidSessionFileError for non-session files. */
export function readSessionFile(path: string): ParsedSessionFile {
	return parseSessionContent(readFileSync(path, "utf8"), path);
}

/** One line per problem, naming file and line, for a manager's or a listing's diagnostics. */
export function describeInvalidEntries(path: string, invalid: readonly InvalidSessionEntry[]): string[] {
	return invalid.map((entry) => `Skipped invalid entry at ${path}:${entry.line}: ${entry.problem}`);
}

/** Serialises header and entries as JSONL. */
export function serializeSession(header: SessionHeader, entries: readonly SessionEntry[]): string {
	return [header, ...entries].map((line) => `${JSON.stringify(line)}\n`).join("");
}

/** Session files are private: conversations hold code, paths and sometimes pasted secrets. */
export const SESSION_FILE_MODE = 0o600;
/** Session directories (and the agent dir above them) are private too. */
export const SESSION_DIR_MODE = 0o700;

/** An append or write to a session file failed; nothing past what is on disk was recorded. */
export class SessionWriteError extends Error {
	readonly code = "session_write_failed";
	constructor(
		readonly path: string,
		override readonly cause: unknown,
	) {
		const errno = (cause as NodeJS.ErrnoException | undefined)?.code;
		super(
			errno === "ENOSPC" || errno === "EDQUOT"
				? `Could not save the session: No space left on device: ${path}`
				: `Could not save the session to ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
		);
	}
}

function endsWithNewline(fileSystem: DurableFileSystem, fd: number): boolean {
	const size = fileSystem.fstatSync(fd).size;
	if (size === 0) return true;
	const buffer = Buffer.alloc(1);
	readSync(fd, buffer, 0, 1, size - 1);
	return buffer[0] === 0x0a;
}

/**
 * Appends lines to a session file, each with one synchronous write in the normal case (a short
 * write continues with the rest of the line). Whenever the file may end inside a line — at the
 * first append and after any failed or short write — its last byte is checked and, if it is not
 * `\n`, a `\n` goes first, so a fragment stays an isolated bad line and never swallows the next
 * entry. Failures throw {@link SessionWriteError}.
 */
export class SessionFileWriter {
	private fd: number | undefined;
	private mayBeTorn = true;

	constructor(readonly path: string) {}

	/** Appends one JSON line. Throws SessionWriteError when the bytes are not all on disk. */
	append(value: unknown): void {
		this.appendText(`${JSON.stringify(value)}\n`);
	}

	/**
	 * Creates the file holding header and entries, unless another process created it first; then
	 * the entries are appended to that file instead (sessions.md §6: interleaved, individually valid
	 * lines — never a rename that would leave one writer appending to a replaced file).
	 */
	create(header: SessionHeader, entries: readonly SessionEntry[]): void {
		this.close();
		let created: boolean;
		try {
			created = createFileExclusive(this.path, serializeSession(header, entries), {
				mode: SESSION_FILE_MODE,
				dirMode: SESSION_DIR_MODE,
			});
		} catch (error) {
			throw new SessionWriteError(this.path, error);
		}
		this.mayBeTorn = !created;
		if (!created && entries.length > 0) this.appendText(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
	}

	/** Replaces the whole file (header + entries) durably; used by migrations and repairs. */
	writeAll(header: SessionHeader, entries: readonly SessionEntry[]): void {
		// The rename replaces the inode, so an open descriptor would keep writing to the old file.
		this.close();
		try {
			writeFileAtomic(this.path, serializeSession(header, entries), {
				mode: SESSION_FILE_MODE,
				dirMode: SESSION_DIR_MODE,
			});
		} catch (error) {
			throw new SessionWriteError(this.path, error);
		}
		this.mayBeTorn = false;
	}

	/** Releases the file descriptor; the next append reopens the file. */
	close(): void {
		if (this.fd === undefined) return;
		const fd = this.fd;
		this.fd = undefined;
		this.mayBeTorn = true;
		try {
			durableFileSystem().closeSync(fd);
		} catch {
			// Nothing buffered to lose: every append was already written synchronously.
		}
	}

	private appendText(text: string): void {
		const fileSystem = durableFileSystem();
		try {
			// "a+": appends always land at the end, and the last byte can be read back.
			if (this.fd === undefined) this.fd = fileSystem.openSync(this.path, "a+", SESSION_FILE_MODE);
			const separator = this.mayBeTorn && !endsWithNewline(fileSystem, this.fd) ? "\n" : "";
			this.mayBeTorn = true;
			writeAllSync(fileSystem, this.fd, Buffer.from(separator + text, "utf8"), this.path);
			this.mayBeTorn = false;
		} catch (error) {
			throw new SessionWriteError(this.path, error);
		}
	}
}

/** Copies a broken file aside as `<path>.corrupt-<timestamp>` and returns the backup path. */
export function backupCorruptFile(path: string): string {
	const backup = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
	copyFileSync(path, backup);
	return backup;
}
