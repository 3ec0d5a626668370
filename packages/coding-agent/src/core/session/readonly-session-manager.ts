import type { SessionManager } from "./session-manager.js";

/**
 * The view of a session that extensions receive (sessions.md §7): getters and context builders
 * only — nothing that appends, moves the leaf or switches the file.
 */
export type ReadonlySessionManager = Pick<
	SessionManager,
	| "getCwd"
	| "getSessionDir"
	| "getSessionId"
	| "getSessionFile"
	| "isPersisted"
	| "getHeader"
	| "getSessionName"
	| "getLeafId"
	| "getLeafEntry"
	| "getEntry"
	| "getEntries"
	| "getChildren"
	| "getLabel"
	| "getBranch"
	| "getTree"
	| "buildSessionContext"
	| "buildContextEntries"
>;
