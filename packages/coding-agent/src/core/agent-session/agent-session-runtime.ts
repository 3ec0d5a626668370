import { chmodSync, copyFileSync, existsSync, mkdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { SessionShutdownReason } from "../extensions/extension-runner-seam.js";
import { textOfContent } from "../messages.js";
import type {
	AgentSessionRuntimeDiagnostic,
	AgentSessionServices,
	CreateAgentSessionResult,
	SessionStartEvent,
} from "../sdk.js";
import { resolveSessionDir } from "../session/resolve-session-dir.js";
import {
	InvalidSessionFileError,
	readSessionFile,
	SESSION_DIR_MODE,
	SESSION_FILE_MODE,
} from "../session/session-file.js";
import { SessionManager } from "../session/session-manager.js";
import { PiUserError } from "../user-error.js";
import type { AgentSession } from "./agent-session.js";

/** What the runtime factory receives (run-modes.md §8.2). */
export interface CreateAgentSessionRuntimeInput {
	cwd: string;
	agentDir: string;
	sessionManager: SessionManager;
	/** Why the session starts; absent for the initial runtime. */
	sessionStartEvent?: SessionStartEvent;
}

/** What the factory returns: a session plus the services and diagnostics it was built from. */
export interface CreateAgentSessionRuntimeResult extends CreateAgentSessionResult {
	services: AgentSessionServices;
	diagnostics: AgentSessionRuntimeDiagnostic[];
}

/** Builds a session for a cwd; called once at start and again on every replacement. */
export type CreateAgentSessionRuntimeFactory = (
	input: CreateAgentSessionRuntimeInput,
) => Promise<CreateAgentSessionRuntimeResult>;

/** Runs on the new session right after it was built, before the mode's rebind callback. */
export type WithSession = (session: AgentSession) => void | Promise<void>;

/** A user mistake in a replacement request (bad path, bad entry id): one clear message. */
export class SessionReplacementError extends PiUserError {
	declare readonly code: "session_replacement_failed";
	constructor(message: string) {
		super("session_replacement_failed", message);
		this.name = "SessionReplacementError";
	}
}

/** Runs `read`, turning an invalid session file into the user-facing replacement error. */
function asReplacementError<T>(read: () => T): T {
	try {
		return read();
	} catch (error) {
		if (error instanceof InvalidSessionFileError) throw new SessionReplacementError(error.message);
		throw error;
	}
}

function userText(manager: SessionManager, entryId: string): string | undefined {
	const entry = manager.getEntry(entryId);
	if (entry?.type !== "message" || entry.message.role !== "user") return undefined;
	return textOfContent(entry.message.content);
}

/**
 * Owns the current AgentSession and replaces it (new, resume, fork, clone, import) with one
 * sequence: ask extensions → validate the target → tear down the current session (abort and
 * persist the running turn first) → rebuild through the factory → rebind callback.
 */
export class AgentSessionRuntime {
	private rebind: (() => void | Promise<void>) | undefined;
	private current: CreateAgentSessionRuntimeResult;
	private disposed = false;

	constructor(
		private readonly factory: CreateAgentSessionRuntimeFactory,
		readonly agentDir: string,
		initial: CreateAgentSessionRuntimeResult,
		private readonly options: AgentSessionRuntimeOptions = {},
	) {
		this.current = initial;
	}

	get session(): AgentSession {
		return this.current.session;
	}

	get services(): AgentSessionServices {
		return this.current.services;
	}

	get diagnostics(): AgentSessionRuntimeDiagnostic[] {
		return this.current.diagnostics;
	}

	get modelFallbackMessage(): string | undefined {
		return this.current.modelFallbackMessage;
	}

	get cwd(): string {
		return this.current.services.cwd;
	}

	/** The mode's callback, run after every successful replacement. */
	setRebindSession(callback: (() => void | Promise<void>) | undefined): void {
		this.rebind = callback;
	}

	/** Replaces the session with a fresh one in the same directory. */
	async newSession(
		options: { parentSession?: string; setup?: (manager: SessionManager) => void } = {},
	): Promise<{ cancelled: boolean }> {
		if (await this.vetoed({ type: "session_before_switch", reason: "new" })) return { cancelled: true };
		const old = this.session.sessionManager;
		const previousSessionFile = old.getSessionFile();
		const manager = old.getSessionFile()
			? SessionManager.create(old.getCwd(), old.getSessionDir())
			: SessionManager.inMemory(old.getCwd());
		if (options.parentSession) manager.newSession({ parentSession: options.parentSession });
		options.setup?.(manager);
		await this.replace(manager, old.getCwd(), { type: "session_start", reason: "new", previousSessionFile }, "new");
		return { cancelled: false };
	}

	/** Resumes a session file (possibly of another cwd). */
	async switchSession(
		path: string,
		options: { cwdOverride?: string; withSession?: WithSession } = {},
	): Promise<{ cancelled: boolean }> {
		const file = resolve(path);
		if (await this.vetoed({ type: "session_before_switch", reason: "resume", targetSessionFile: file }))
			return { cancelled: true };
		await this.resume(this.openExisting(file, options.cwdOverride), options.withSession);
		return { cancelled: false };
	}

	private openExisting(file: string, cwdOverride: string | undefined): SessionManager {
		if (!existsSync(file)) throw new SessionReplacementError(`Session file not found: ${file}`);
		const manager = asReplacementError(() => SessionManager.load(file, undefined, cwdOverride));
		if (!existsSync(manager.getCwd())) {
			manager.close();
			throw new SessionReplacementError(`Session working directory does not exist: ${manager.getCwd()}`);
		}
		return manager;
	}

	/**
	 * Forks before a user message (`position: "before"`, the default; returns its text) or clones
	 * up to and including an entry (`"at"`).
	 */
	async fork(
		entryId: string,
		options: { position?: "before" | "at" } = {},
	): Promise<{ cancelled: boolean; selectedText?: string }> {
		const position = options.position ?? "before";
		const manager = this.session.sessionManager;
		const entry = manager.getEntry(entryId);
		const selectedText = position === "before" ? userText(manager, entryId) : undefined;
		if (position === "before" && selectedText === undefined)
			throw new SessionReplacementError("Invalid entry ID for forking");
		if (!entry) throw new SessionReplacementError(`Entry not found: ${entryId}`);
		const textResult = selectedText !== undefined ? { selectedText } : {};
		if (await this.vetoed({ type: "session_before_fork", reason: "fork", entryId, position }))
			return { cancelled: true, ...textResult };
		const previousSessionFile = manager.getSessionFile();
		await this.teardown("fork");
		manager.createBranchedSession(position === "before" ? entry.parentId : entryId);
		await this.build(manager, manager.getCwd(), { type: "session_start", reason: "fork", previousSessionFile });
		return { cancelled: false, ...textResult };
	}

	/**
	 * Copies a valid session file unchanged into the session directory of its cwd (or
	 * `cwdOverride`) and resumes it.
	 */
	async importFromJsonl(path: string, cwdOverride?: string): Promise<{ cancelled: boolean }> {
		const source = resolve(path);
		if (!existsSync(source)) throw new SessionReplacementError(`Session file not found: ${source}`);
		const header = asReplacementError(() => readSessionFile(source).header);
		const cwd = resolve(cwdOverride ?? header.cwd);
		// The configured session directory (CLI, env, settings; sessions.md §1), as for new sessions.
		const targetDir = resolveSessionDir({
			cwd,
			cliSessionDir: this.options.sessionDir,
			settings: this.services.settingsManager,
			agentDir: this.agentDir,
		});
		const target = join(targetDir, basename(source));
		if (await this.vetoed({ type: "session_before_switch", reason: "resume", targetSessionFile: target }))
			return { cancelled: true };
		if (target !== source) {
			// Imported sessions are private like every session file (0600 in a 0700 directory).
			mkdirSync(targetDir, { recursive: true, mode: SESSION_DIR_MODE });
			copyFileSync(source, target);
			chmodSync(target, SESSION_FILE_MODE);
		}
		await this.resume(this.openExisting(target, cwdOverride));
		return { cancelled: false };
	}

	/** Tears the current session down (reason "quit"). */
	/**
	 * Reloads extensions and resources (extensions.md §1.5): `session_shutdown { reload }`, then the
	 * same session rebuilt through the factory (fresh extension instances), `session_start { reload }`.
	 */
	async reload(): Promise<void> {
		const manager = this.session.sessionManager;
		await this.teardown("reload");
		await this.build(manager, manager.getCwd(), { type: "session_start", reason: "reload" });
	}

	async dispose(): Promise<void> {
		if (this.disposed) return;
		this.disposed = true;
		await this.teardown("quit");
	}

	private async vetoed(
		event: Parameters<AgentSession["extensionRunner"]["emitSessionBeforeChange"]>[0],
	): Promise<boolean> {
		return (await this.session.extensionRunner.emitSessionBeforeChange(event)).cancel;
	}

	/** Replaces the current session with an opened existing one (reason "resume"). */
	private async resume(manager: SessionManager, withSession?: WithSession): Promise<void> {
		const previousSessionFile = this.session.sessionFile;
		await this.replace(
			manager,
			manager.getCwd(),
			{ type: "session_start", reason: "resume", previousSessionFile },
			"resume",
			withSession,
		);
	}

	private async replace(
		manager: SessionManager,
		cwd: string,
		start: SessionStartEvent,
		reason: SessionShutdownReason,
		withSession?: WithSession,
	): Promise<void> {
		await this.teardown(reason, manager.getSessionFile());
		await this.build(manager, cwd, start, withSession);
	}

	// Abort first so the interrupted turn (with its finished tool results) lands in the old file.
	private async teardown(reason: SessionShutdownReason, targetSessionFile?: string): Promise<void> {
		const session = this.session;
		await session.abort();
		await session.extensionRunner.emitSessionShutdown(reason, targetSessionFile);
		session.dispose();
	}

	// run-modes.md §8.3 step 5: withSession first, then the mode's rebind.
	private async build(
		manager: SessionManager,
		cwd: string,
		sessionStartEvent: SessionStartEvent,
		withSession?: WithSession,
	): Promise<void> {
		this.current = await this.factory({ cwd, agentDir: this.agentDir, sessionManager: manager, sessionStartEvent });
		await withSession?.(this.session);
		await this.rebind?.();
	}
}

/** Options of a runtime beyond its factory. */
export interface AgentSessionRuntimeOptions {
	/** CLI `--session-dir`: where imported sessions go (sessions.md §1 rule 1). */
	sessionDir?: string;
}

/** Calls the factory once and returns a runtime around its session (sdk.md §3). */
export async function createAgentSessionRuntime(
	factory: CreateAgentSessionRuntimeFactory,
	options: { cwd: string; agentDir: string; sessionManager: SessionManager } & AgentSessionRuntimeOptions,
): Promise<AgentSessionRuntime> {
	const initial = await factory({
		cwd: options.cwd,
		agentDir: options.agentDir,
		sessionManager: options.sessionManager,
	});
	return new AgentSessionRuntime(factory, options.agentDir, initial, { sessionDir: options.sessionDir });
}
