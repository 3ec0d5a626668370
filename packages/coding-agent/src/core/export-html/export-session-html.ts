import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { SessionManager } from "../session/session-manager.js";
import { PiUserError } from "../user-error.js";
import { renderSessionHtml, type SessionHtmlInput } from "./render-session-html.js";

/** Options of `exportSessionToHtml`. */
export interface ExportHtmlOptions {
	/** Destination file; relative paths resolve against `cwd`. Default: `pi-session-<session file base name>.html` in `cwd`. */
	outputPath?: string;
	/** Directory for the default file name and relative `outputPath`. Default: `process.cwd()`. */
	cwd?: string;
	/** Page title. Default: the session name, else the first prompt, else `Session <id>`. */
	title?: string;
}

/** Why a session cannot be exported yet (the messages are the user-facing errors, rpc.md §9.9.2). */
export class ExportHtmlError extends PiUserError {
	declare readonly code: "in_memory_session" | "nothing_to_export";
	constructor(code: "in_memory_session" | "nothing_to_export", message: string) {
		super(code, message);
		this.name = "ExportHtmlError";
	}
}

/** Collects the plain-data snapshot the page is rendered from. */
export function collectSessionHtmlInput(sessionManager: SessionManager, title?: string): SessionHtmlInput {
	return {
		header: sessionManager.getHeader(),
		entries: sessionManager.getEntries(),
		branch: sessionManager.getBranch(),
		tree: sessionManager.getTree(),
		leafId: sessionManager.getLeafId(),
		contextEntryIds: new Set(sessionManager.buildContextEntries().map((entry) => entry.id)),
		sessionName: sessionManager.getSessionName(),
		sessionFile: sessionManager.getSessionFile(),
		...(title !== undefined ? { title } : {}),
	};
}

/** The default export file name: `pi-session-<session file base name>.html`. */
export function defaultExportFileName(sessionFileBaseName: string): string {
	return `pi-session-${sessionFileBaseName}.html`;
}

/**
 * Writes the session as one self-contained HTML file (sessions.md §9 "Export HTML", rpc.md
 * §9.9.2) and returns the absolute path written. Parent directories are created; an existing
 * file is overwritten.
 *
 * Throws `ExportHtmlError` with `Cannot export in-memory session to HTML` when the session has
 * no file, and `Nothing to export yet - start a conversation first` while the file is not written
 * yet (before the first assistant reply). File-system errors propagate.
 */
export function exportSessionToHtml(sessionManager: SessionManager, options: ExportHtmlOptions = {}): string {
	const baseName = sessionManager.getSessionFileBaseName();
	if (!sessionManager.getSessionFile() || baseName === undefined) {
		throw new ExportHtmlError("in_memory_session", "Cannot export in-memory session to HTML");
	}
	if (!sessionManager.isPersisted()) {
		throw new ExportHtmlError("nothing_to_export", "Nothing to export yet - start a conversation first");
	}
	const cwd = resolve(options.cwd ?? process.cwd());
	const outputPath = resolve(cwd, options.outputPath ?? defaultExportFileName(baseName));
	const html = renderSessionHtml(collectSessionHtmlInput(sessionManager, options.title));
	mkdirSync(dirname(outputPath), { recursive: true });
	writeFileSync(outputPath, html, "utf8");
	return outputPath;
}
