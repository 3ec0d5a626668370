import { unlinkSync } from "node:fs";
import { homedir } from "node:os";
import type { SelectItem } from "@pi/tui";
import { SessionManager } from "../../core/session/session-manager.js";
import type { SessionInfo } from "../../core/session/session-types.js";
import type { SelectorComponent } from "./components/selector.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { keyLabel } from "./key-label.js";
import type { Selectors } from "./selectors.js";
import {
	type OrderedSession,
	orderSessions,
	SESSION_SORTS,
	type SessionSort,
	searchSessions,
} from "./session-picker-order.js";
import { oneLine } from "./tree-entries.js";

const SORT_LABELS: Record<SessionSort, string> = { threaded: "Threaded", recent: "Recent", fuzzy: "Fuzzy" };

function age(modified: Date, now: number): string {
	const seconds = Math.max(0, Math.round((now - modified.getTime()) / 1000));
	if (seconds < 60) return "now";
	if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
	if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
	return `${Math.floor(seconds / 86_400)}d`;
}

function tildePath(path: string): string {
	const home = homedir();
	return path === home || path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** The picker's view state: which sessions, how ordered, what each row shows. */
interface PickerState {
	all: boolean;
	namedOnly: boolean;
	sort: SessionSort;
	showPath: boolean;
	/** The session a delete question is about, until Enter (delete) or another key (keep). */
	confirmingDelete: string | undefined;
}

/**
 * `/resume`: the sessions of this folder (Tab: of every folder) to switch to, with the reference's
 * keys: rename, delete (asks first; never the active session), named-only filter, sort cycle
 * (threaded, recent, fuzzy) and path display. Every key is an `app.session.*` action.
 */
export function openSessionPicker(app: InteractiveAppView, selectors: Selectors): void {
	const keys = app.keybindings;
	const theme = app.theme;
	const cwd = app.runtime.cwd;
	const sessionDir = app.session.sessionManager.getSessionDir();
	const state: PickerState = {
		all: false,
		namedOnly: false,
		sort: "threaded",
		showPath: false,
		confirmingDelete: undefined,
	};
	let sessions: SessionInfo[] = [];
	let ordered: OrderedSession[] = [];
	const active = (): string | undefined => app.session.sessionFile;
	const load = (): void => {
		sessions = state.all ? SessionManager.listAll() : SessionManager.list(cwd, sessionDir);
		const shown = state.namedOnly ? sessions.filter((info) => info.name) : sessions;
		ordered = orderSessions(shown, state.sort);
	};
	const key = (action: string, fallback: string): string => keyLabel(keys.getKeys(action)[0] ?? fallback);
	const toItem = (entry: OrderedSession, now: number): SelectItem => {
		const info = entry.info;
		const marker = info.path === active() ? "● " : "";
		const title = oneLine(info.name ?? info.firstMessage, 70);
		const path = state.showPath ? ` ${theme.muted(tildePath(info.path))}` : "";
		const folder = state.all && !state.showPath ? ` ${theme.muted(tildePath(info.cwd))}` : "";
		return {
			value: info.path,
			label: `${"  ".repeat(entry.depth)}${marker}${title}${path}${folder}`,
			description: `${info.messageCount} ${age(info.modified, now)}`,
		};
	};
	const rows = (query: string): SelectItem[] => {
		const now = Date.now();
		return searchSessions(ordered, query, state.sort).map((entry) => toItem(entry, now));
	};
	const status = (): string =>
		`${state.all ? "○ Current Folder | ◉ All" : "◉ Current Folder | ○ All"}  Name: ${state.namedOnly ? "Named" : "All"}  Sort: ${SORT_LABELS[state.sort]}`;
	const hint = (): string =>
		[
			"Enter resume",
			"Tab scope",
			`${key("app.session.toggleSort", "ctrl+s")} sort`,
			`${key("app.session.toggleNamedFilter", "ctrl+n")} named`,
			`${key("app.session.delete", "ctrl+d")} delete`,
			`${key("app.session.togglePath", "ctrl+p")} path (${state.showPath ? "on" : "off"})`,
			`${key("app.session.rename", "ctrl+r")} rename`,
			"Esc cancel",
		].join(" · ");
	const refresh = (picker: SelectorComponent, reload = true): void => {
		if (reload) load();
		picker.setStatus(status());
		picker.setHint(hint());
		// The filter callback reads `ordered`; setItems re-runs it with the current search.
		picker.setItems(rows(""));
		app.tui.requestRender();
	};
	const askDelete = (picker: SelectorComponent): void => {
		const path = picker.selected()?.value;
		if (!path) return;
		if (path === active()) {
			picker.setNotice(theme.warning("Cannot delete the currently active session"));
			return;
		}
		state.confirmingDelete = path;
		picker.setNotice(theme.warning("Delete session? Enter confirm · Esc cancel"));
	};
	const answerDelete = (data: string, picker: SelectorComponent): void => {
		const path = state.confirmingDelete;
		state.confirmingDelete = undefined;
		if (!path || !keys.matches(data, "tui.select.confirm")) {
			picker.setNotice(undefined);
			return;
		}
		try {
			unlinkSync(path);
			picker.setNotice(theme.muted("Session deleted"));
		} catch (error) {
			picker.setNotice(theme.error(`Could not delete: ${error instanceof Error ? error.message : String(error)}`));
		}
		refresh(picker);
	};
	const rename = (picker: SelectorComponent): void => {
		const path = picker.selected()?.value;
		const info = sessions.find((candidate) => candidate.path === path);
		if (!path || !info) return;
		void app.uiContext.input("Rename Session", info.name ?? "").then((name) => {
			app.tui.setFocus(picker);
			const trimmed = name?.trim();
			if (!trimmed) {
				app.tui.requestRender();
				return;
			}
			try {
				if (path === active()) {
					app.session.setSessionName(trimmed);
					app.refreshFooter();
				} else {
					const manager = SessionManager.open(path);
					manager.appendSessionInfo(trimmed);
					manager.close();
				}
				picker.setNotice(theme.muted(`Session renamed: ${trimmed}`));
			} catch (error) {
				picker.setNotice(theme.error(`Could not rename: ${error instanceof Error ? error.message : String(error)}`));
			}
			refresh(picker);
		});
	};
	load();
	selectors.open({
		title: state.all ? "Resume Session (All)" : "Resume Session (Current Folder)",
		status: status(),
		items: rows(""),
		hint: hint(),
		filter: (_items, query) => rows(query),
		preview: (item) => {
			const info = sessions.find((session) => session.path === item.value);
			return info ? [theme.muted(oneLine(info.firstMessage, 200)), theme.muted(tildePath(info.path))] : [];
		},
		onKey: (data, picker) => {
			if (state.confirmingDelete !== undefined) {
				answerDelete(data, picker);
				return true;
			}
			picker.setNotice(undefined);
			if (data === "\t") {
				state.all = !state.all;
				picker.setTitle(state.all ? "Resume Session (All)" : "Resume Session (Current Folder)");
			} else if (keys.matches(data, "app.session.toggleSort")) {
				state.sort = SESSION_SORTS[(SESSION_SORTS.indexOf(state.sort) + 1) % SESSION_SORTS.length] ?? "threaded";
			} else if (keys.matches(data, "app.session.toggleNamedFilter")) {
				state.namedOnly = !state.namedOnly;
			} else if (keys.matches(data, "app.session.togglePath")) {
				state.showPath = !state.showPath;
			} else if (keys.matches(data, "app.session.rename")) {
				rename(picker);
				return true;
			} else if (keys.matches(data, "app.session.delete")) {
				askDelete(picker);
				return true;
			} else if (keys.matches(data, "app.session.deleteNoninvasive") && picker.query === "") {
				askDelete(picker);
				return true;
			} else {
				return false;
			}
			refresh(picker);
			return true;
		},
		onSelect: (item) => {
			if (item.value === active()) return;
			void app.runAction(async () => {
				const result = await app.runtime.switchSession(item.value);
				if (!result.cancelled) app.showNotice(app.theme.muted(`Resumed ${item.value}`));
			});
		},
	});
}
