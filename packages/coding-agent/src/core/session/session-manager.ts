import { existsSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { ImageContent, TextContent, Usage } from "@pi/ai";
import { textOfContent } from "../messages.js";
import { resolveSessionDir, SESSION_DIR_ENV } from "./resolve-session-dir.js";
import { buildContextFromPath, contextEntriesFromPath } from "./session-context.js";
import {
	backupCorruptFile,
	describeInvalidEntries,
	InvalidSessionFileError,
	readSessionFile,
	SessionFileWriter,
} from "./session-file.js";
import { generateEntryId, generateSessionId } from "./session-ids.js";
import { type ListProgress, listAllSessions, listSessionsIn } from "./session-listing.js";
import { expandHome, getAgentDir, sessionFileName } from "./session-paths.js";
import { SessionTreeIndex } from "./session-tree.js";
import {
	type ContextEditEntry,
	CURRENT_SESSION_VERSION,
	type SessionContext,
	type SessionEntry,
	type SessionHeader,
	type SessionInfo,
	type SessionMessage,
	type SessionTreeNode,
} from "./session-types.js";

/** Something that went wrong while opening a file, reported instead of thrown. */
export interface SessionDiagnostic {
	type: "warning" | "error";
	message: string;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type EntryFields = DistributiveOmit<SessionEntry, "id" | "parentId" | "timestamp">;

/**
 * Reads and writes one session: an append-only JSONL file whose entries form a tree
 * (sessions.md). Appends go to the leaf. A new session's file is created only when the first
 * assistant message is appended; from then on every entry is appended synchronously.
 */
export class SessionManager {
	private header: SessionHeader;
	private index: SessionTreeIndex;
	private leafId: string | null;
	private sessionFile: string | undefined;
	private writer: SessionFileWriter | undefined;
	private persisted: boolean;
	/** Problems met while opening (corrupt file backed up, lines skipped). */
	readonly diagnostics: SessionDiagnostic[] = [];

	private constructor(
		private cwd: string,
		private readonly sessionDir: string | undefined,
		header: SessionHeader,
		entries: SessionEntry[],
		sessionFile: string | undefined,
		persisted: boolean,
	) {
		this.header = header;
		this.index = new SessionTreeIndex(entries);
		this.leafId = entries.at(-1)?.id ?? null;
		this.sessionFile = sessionFile;
		this.writer = sessionFile ? new SessionFileWriter(sessionFile) : undefined;
		this.persisted = persisted;
	}

	// --- constructors -------------------------------------------------------------------------

	/**
	 * A new session in `sessionDir`, by default the cwd's session directory (`PI_CODING_AGENT_SESSION_DIR`
	 * when set, else `<agentDir>/sessions/<encoded cwd>/`; see resolveSessionDir for the settings and
	 * CLI rules). Written on the first assistant message. `options.id` replaces the random id.
	 */
	static create(cwd: string, sessionDir?: string, options: { id?: string } = {}): SessionManager {
		const absoluteCwd = resolve(cwd);
		const dir = sessionDirFor(absoluteCwd, sessionDir);
		const header = newHeader(absoluteCwd, options.id);
		const file = join(dir, sessionFileName(new Date(header.timestamp), header.id));
		return new SessionManager(absoluteCwd, dir, header, [], file, false);
	}

	/** A session that is never written. */
	static inMemory(cwd: string = process.cwd()): SessionManager {
		const absoluteCwd = resolve(cwd);
		return new SessionManager(absoluteCwd, undefined, newHeader(absoluteCwd), [], undefined, false);
	}

	/**
	 * Opens a session file, migrating it to the current version. A missing file starts a new
	 * session that will be written at exactly that path. A file that is not a session is copied
	 * aside (`.corrupt-<time>`) and replaced by a fresh session; both are reported in `diagnostics`.
	 */
	static open(path: string, sessionDir?: string, cwdOverride?: string): SessionManager {
		const file = resolve(path);
		const dir = sessionDir ? resolve(sessionDir) : dirname(file);
		if (!existsSync(file)) {
			const cwd = resolve(cwdOverride ?? process.cwd());
			return new SessionManager(cwd, dir, newHeader(cwd), [], file, false);
		}
		try {
			return SessionManager.load(file, dir, cwdOverride);
		} catch (error) {
			if (!(error instanceof InvalidSessionFileError)) throw error;
			const backup = backupCorruptFile(file);
			const cwd = resolve(cwdOverride ?? process.cwd());
			const manager = new SessionManager(cwd, dir, newHeader(cwd), [], file, true);
			manager.writer!.writeAll(manager.header, []);
			manager.diagnostics.push({
				type: "error",
				message: `${error.message}. The original was saved as ${backup}; a new session was started.`,
			});
			return manager;
		}
	}

	/** Loads a valid session file strictly: throws InvalidSessionFileError for anything else. */
	static load(path: string, sessionDir?: string, cwdOverride?: string): SessionManager {
		const file = resolve(path);
		if (!existsSync(file)) throw new InvalidSessionFileError(file, "the file does not exist");
		const parsed = readSessionFile(file);
		const { header, entries } = parsed;
		const cwd = resolve(cwdOverride ?? header.cwd);
		const manager = new SessionManager(
			cwd,
			sessionDir ? resolve(sessionDir) : dirname(file),
			header,
			entries,
			file,
			true,
		);
		// The rewrite keeps invalid entries as they were: skipping them in memory must not delete them.
		if (parsed.migrated) manager.writer!.writeAll(header, parsed.allEntries);
		if (parsed.skippedLines > 0) {
			manager.diagnostics.push({
				type: "warning",
				message: `Skipped ${parsed.skippedLines} unreadable line(s) in ${file}`,
			});
		}
		for (const message of describeInvalidEntries(file, parsed.invalidEntries)) {
			manager.diagnostics.push({ type: "warning", message });
		}
		return manager;
	}

	/** Opens the most recently modified valid session of the cwd, or creates a new one. */
	static continueRecent(cwd: string, sessionDir?: string): SessionManager {
		const dir = sessionDirFor(cwd, sessionDir);
		const newest = SessionManager.list(cwd, sessionDir).sort((a, b) => mtime(b.path) - mtime(a.path))[0];
		return newest ? SessionManager.load(newest.path, dir) : SessionManager.create(cwd, dir);
	}

	/** Copies a whole session from another project into the target cwd's session directory. */
	static forkFrom(
		sourcePath: string,
		targetCwd: string,
		sessionDir?: string,
		options: { id?: string } = {},
	): SessionManager {
		const source = SessionManager.load(sourcePath);
		const cwd = resolve(targetCwd);
		const dir = sessionDirFor(cwd, sessionDir);
		const header = { ...newHeader(cwd, options.id), parentSession: source.sessionFile };
		const file = join(dir, sessionFileName(new Date(header.timestamp), header.id));
		const entries = [...source.index.all()];
		const manager = new SessionManager(cwd, dir, header, entries, file, true);
		manager.writer!.writeAll(header, entries);
		return manager;
	}

	/** Valid sessions of one cwd (in its own or the given directory), newest first. */
	static list(cwd: string, sessionDir?: string, onProgress?: ListProgress): SessionInfo[] {
		// A flat session directory (--session-dir, env, settings) holds every project's sessions.
		const absoluteCwd = resolve(cwd);
		return listSessionsIn(sessionDirFor(cwd, sessionDir), onProgress).filter(
			(info) => resolve(info.cwd) === absoluteCwd,
		);
	}

	/**
	 * Valid sessions of every project, newest first: every directory under `<agentDir>/sessions`,
	 * plus the flat `PI_CODING_AGENT_SESSION_DIR` when set.
	 */
	static listAll(onProgress?: ListProgress): SessionInfo[] {
		const flat = process.env[SESSION_DIR_ENV];
		return listAllSessions(onProgress, getAgentDir(), flat ? [resolve(expandHome(flat))] : []);
	}

	// --- appending ----------------------------------------------------------------------------

	/**
	 * Builds the entry, writes it, and only then records it in memory: when the write fails
	 * (SessionWriteError) the tree and the leaf stay exactly what is on disk.
	 */
	private append(fields: EntryFields): string {
		// Field order as 1.4 writes its lines: type, id, parentId, timestamp, then the entry's own.
		const { type, ...rest } = fields;
		const entry = {
			type,
			id: generateEntryId(this.index),
			parentId: this.leafId,
			timestamp: new Date().toISOString(),
			...rest,
		} as SessionEntry;
		this.persist(entry);
		this.index.add(entry);
		this.leafId = entry.id;
		return entry.id;
	}

	private persist(entry: SessionEntry): void {
		if (!this.writer) return;
		if (this.persisted) {
			this.writer.append(entry);
			return;
		}
		if (entry.type === "message" && entry.message.role === "assistant") this.writeWholeFile([entry]);
	}

	/** Deferred creation: header, the entries so far and `pending` in one exclusive create. */
	private writeWholeFile(pending: readonly SessionEntry[] = []): void {
		if (!this.writer) return;
		this.writer.create(this.header, [...this.index.all(), ...pending]);
		this.persisted = true;
	}

	/** Appends a conversation message. Summary roles have dedicated entry types and are refused. */
	appendMessage(message: SessionMessage): string {
		if (message.role === "compactionSummary" || message.role === "branchSummary") {
			throw new Error(`Messages with role "${message.role}" are stored as their own entry type, not as messages`);
		}
		// Extension messages (sendMessage, before_agent_start) are custom_message entries (extensions.md §5).
		if (message.role === "custom") {
			return this.appendCustomMessageEntry(message.customType, message.content, message.display, message.details);
		}
		return this.append({ type: "message", message });
	}

	appendModelChange(provider: string, modelId: string): string {
		return this.append({ type: "model_change", provider, modelId });
	}

	appendThinkingLevelChange(thinkingLevel: string): string {
		return this.append({ type: "thinking_level_change", thinkingLevel });
	}

	appendCompaction(
		summary: string,
		firstKeptEntryId: string,
		tokensBefore: number,
		details?: unknown,
		fromHook?: boolean,
		usage?: Usage,
		/** The kept messages copied into the entry (`[]`: a compaction that keeps nothing before it). */
		retainedTail?: SessionMessage[],
	): string {
		return this.append(
			withoutUndefined({
				type: "compaction",
				summary,
				firstKeptEntryId,
				tokensBefore,
				details,
				fromHook,
				usage,
				retainedTail,
			}),
		);
	}

	/** What the model sees of an earlier entry (`replacement` null: leaves it out); the target stays as it was. */
	appendContextEdit(targetId: string, replacement: ContextEditEntry["replacement"]): string {
		if (!this.index.has(targetId)) throw new Error(`Entry ${targetId} not found`);
		return this.append({ type: "context_edit", targetId, replacement });
	}

	appendCustomEntry(customType: string, data?: unknown): string {
		return this.append(withoutUndefined({ type: "custom", customType, data }));
	}

	/**
	 * Appends usage that is no assistant message (pi 1.4's `usage` entry, e.g. kind `cache_warm`):
	 * counted in the session's totals, never sent to the model.
	 */
	appendUsage(kind: string, provider: string, model: string, usage: Usage, note?: string): string {
		return this.append(withoutUndefined({ type: "usage", kind, provider, model, usage, note }));
	}

	appendCustomMessageEntry(
		customType: string,
		content: string | (TextContent | ImageContent)[],
		display: boolean,
		details?: unknown,
	): string {
		return this.append(withoutUndefined({ type: "custom_message", customType, content, display, details }));
	}

	/** Sets (or, with undefined/empty, clears) the label of an entry. */
	appendLabelChange(targetId: string, label: string | undefined): string {
		if (!this.index.has(targetId)) throw new Error(`Entry ${targetId} not found`);
		return this.append(withoutUndefined({ type: "label", targetId, label: label || undefined }));
	}

	/** Sets the display name; an empty name clears it. */
	appendSessionInfo(name: string): string {
		const trimmed = name.trim();
		return this.append(withoutUndefined({ type: "session_info", name: trimmed || undefined }));
	}

	/** Moves the leaf to `entryId`, then appends a branch summary of the abandoned leaf. */
	branchWithSummary(
		entryId: string | null,
		summary: string,
		details?: unknown,
		fromHook?: boolean,
		usage?: Usage,
	): string {
		const fromId = this.leafId ?? "root";
		if (entryId === null) this.resetLeaf();
		else this.branch(entryId);
		return this.append(withoutUndefined({ type: "branch_summary", fromId, summary, details, fromHook, usage }));
	}

	// --- tree ---------------------------------------------------------------------------------

	/** Moves the leaf to an existing entry; the next append starts a sibling branch. */
	branch(entryId: string): void {
		if (!this.index.has(entryId)) throw new Error(`Entry ${entryId} not found`);
		this.leafId = entryId;
	}

	/** Sets the leaf to null; the next append creates a new root. */
	resetLeaf(): void {
		this.leafId = null;
	}

	getLeafId(): string | null {
		return this.leafId;
	}

	getLeafEntry(): SessionEntry | undefined {
		return this.leafId === null ? undefined : this.index.get(this.leafId);
	}

	getEntry(id: string): SessionEntry | undefined {
		return this.index.get(id);
	}

	getChildren(id: string): SessionEntry[] {
		return this.index.childrenOf(id);
	}

	getLabel(id: string): string | undefined {
		return this.index.label(id);
	}

	/** The path from `fromId` (default: the leaf) to the root, root-first. */
	getBranch(fromId: string | null = this.leafId): SessionEntry[] {
		return this.index.branch(fromId);
	}

	getTree(): SessionTreeNode[] {
		return this.index.tree();
	}

	/** All entries in append order, without the header. */
	getEntries(): SessionEntry[] {
		return [...this.index.all()];
	}

	getHeader(): SessionHeader {
		return { ...this.header };
	}

	/** The latest `session_info` name in append order (any branch), trimmed. */
	getSessionName(): string | undefined {
		let name: string | undefined;
		for (const entry of this.index.all()) {
			if (entry.type === "session_info") name = entry.name?.trim() || undefined;
		}
		return name;
	}

	/** User messages of the active branch that a fork can start before. */
	getUserMessagesForForking(): { entryId: string; text: string }[] {
		return this.getBranch()
			.filter((entry) => entry.type === "message" && entry.message.role === "user")
			.map((entry) => ({ entryId: entry.id, text: userText(entry) }));
	}

	// --- context ------------------------------------------------------------------------------

	buildSessionContext(): SessionContext {
		return buildContextFromPath(this.getBranch());
	}

	buildContextEntries(): SessionEntry[] {
		return contextEntriesFromPath(this.getBranch());
	}

	// --- session-level ------------------------------------------------------------------------

	/** Starts a new, empty session in the same directory (deferred file creation). */
	newSession(options: { parentSession?: string; id?: string } = {}): void {
		this.header = {
			...newHeader(this.cwd, options.id),
			...(options.parentSession ? { parentSession: options.parentSession } : {}),
		};
		this.index = new SessionTreeIndex();
		this.leafId = null;
		this.persisted = false;
		if (this.sessionDir) {
			this.setFile(join(this.sessionDir, sessionFileName(new Date(this.header.timestamp), this.header.id)));
		}
	}

	/** Replaces this manager's state with the session stored at `path` (must be valid). */
	setSessionFile(path: string): void {
		const loaded = SessionManager.load(path, this.sessionDir);
		this.cwd = loaded.cwd;
		this.header = loaded.header;
		this.index = loaded.index;
		this.leafId = loaded.leafId;
		this.persisted = true;
		this.setFile(loaded.sessionFile!);
	}

	/**
	 * Makes a new session holding the path root → `leafId` (fork/clone, sessions.md §9), with
	 * labels on copied entries re-created at the end, and switches to it. Written at once when
	 * the path contains an assistant message, else deferred. Returns the new file path (undefined
	 * in memory).
	 */
	createBranchedSession(leafId: string | null): string | undefined {
		const path = leafId === null ? [] : this.getBranch(leafId);
		// Label entries on the copied path are copied with it; re-create only the labels they miss.
		const copiedLabels = new Map<string, string | undefined>();
		for (const entry of path) if (entry.type === "label") copiedLabels.set(entry.targetId, entry.label);
		const labels = path.flatMap((entry) => {
			const label = this.index.label(entry.id);
			return label && copiedLabels.get(entry.id) !== label ? [{ targetId: entry.id, label }] : [];
		});
		const previousFile = this.sessionFile;
		this.newSession(previousFile ? { parentSession: previousFile } : {});
		for (const entry of path) this.index.add(entry);
		this.leafId = path.at(-1)?.id ?? null;
		// Not persisted yet (new session): these appends stay in memory until the write below.
		for (const { targetId, label } of labels) this.append({ type: "label", targetId, label });
		const hasAssistant = path.some((entry) => entry.type === "message" && entry.message.role === "assistant");
		if (hasAssistant) this.writeWholeFile();
		return this.sessionFile;
	}

	private setFile(file: string): void {
		this.writer?.close();
		this.sessionFile = file;
		this.writer = new SessionFileWriter(file);
	}

	getCwd(): string {
		return this.cwd;
	}

	getSessionDir(): string | undefined {
		return this.sessionDir;
	}

	getSessionId(): string {
		return this.header.id;
	}

	/** Undefined for in-memory sessions. */
	getSessionFile(): string | undefined {
		return this.sessionFile;
	}

	/** True once the file exists on disk (after the first assistant message for new sessions). */
	isPersisted(): boolean {
		return this.persisted;
	}

	/** Releases the open file descriptor (appending later reopens it). */
	close(): void {
		this.writer?.close();
	}

	/** The base file name, e.g. for export names. */
	getSessionFileBaseName(): string | undefined {
		return this.sessionFile ? basename(this.sessionFile, ".jsonl") : undefined;
	}
}

function newHeader(cwd: string, id: string = generateSessionId()): SessionHeader {
	return { type: "session", version: CURRENT_SESSION_VERSION, id, timestamp: new Date().toISOString(), cwd };
}

function sessionDirFor(cwd: string, sessionDir: string | undefined): string {
	return sessionDir ? resolve(sessionDir) : resolveSessionDir({ cwd });
}

function mtime(path: string): number {
	return statSync(path).mtimeMs;
}

function userText(entry: SessionEntry): string {
	if (entry.type !== "message" || entry.message.role !== "user") return "";
	return textOfContent(entry.message.content);
}

// Writers omit absent optional fields instead of writing `undefined` (JSON drops them anyway,
// but in-memory entries should look exactly like reloaded ones).
function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
