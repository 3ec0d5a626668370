// What a mode hands extensions when it binds them (run-modes.md §8.4).
import type { ModeUIContext } from "./extension-ui-context.js";

/** The mode name extensions see as `ctx.mode`. */
export type ExtensionMode = "tui" | "rpc" | "json" | "print";

/** Options of a new session started from a command handler. */
export interface CommandNewSessionOptions {
	parentSession?: string;
	setup?: (sessionManager: unknown) => void | Promise<void>;
}

/** Options of a tree navigation started from a command handler. */
export interface CommandNavigateTreeOptions {
	summarize?: boolean;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
}

/**
 * Session actions command handlers may call (`ExtensionCommandContext`, extensions.md §4). Modes
 * provide them; each goes through the AgentSessionRuntime so the replacement, its veto hooks and
 * the rebind happen exactly as for the mode's own commands.
 */
export interface CommandContextActions {
	waitForIdle(): Promise<void>;
	newSession(options?: CommandNewSessionOptions): Promise<{ cancelled: boolean }>;
	fork(entryId: string, options?: { position?: "before" | "at" }): Promise<{ cancelled: boolean }>;
	navigateTree(
		targetId: string,
		options?: CommandNavigateTreeOptions,
	): Promise<{ cancelled: boolean; editorText?: string }>;
	switchSession(sessionPath: string, options?: { cwdOverride?: string }): Promise<{ cancelled: boolean }>;
	reload(): Promise<void>;
}

/** An extension failure, as reported to the mode's error channel. */
export interface ExtensionErrorReport {
	extensionPath: string;
	event: string;
	error: string;
}

/**
 * What a mode gives `session.bindExtensions()`. Absent fields keep the value bound before; until
 * a mode binds, extensions run with the no-op UI context and mode "print".
 */
export interface ExtensionBindings {
	uiContext?: ModeUIContext;
	mode?: ExtensionMode;
	commandContextActions?: CommandContextActions;
	abortHandler?: () => void;
	shutdownHandler?: () => void;
	onError?: (error: ExtensionErrorReport) => void;
}
