import { fuzzyFilter } from "@pi/tui";
import type { SessionInfo } from "../../core/session/session-types.js";

/** The session picker's sort modes, in the order the sort key cycles through them. */
export const SESSION_SORTS = ["threaded", "recent", "fuzzy"] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

/** A session with its depth under the session it was forked from (threaded order). */
export interface OrderedSession {
	info: SessionInfo;
	depth: number;
}

/** What the search matches: the name, the first message and the folder. */
export function sessionSearchText(info: SessionInfo): string[] {
	return [info.name ?? "", info.firstMessage, info.cwd];
}

/** Newest first; in threaded order forks sit under the session they came from. */
export function orderSessions(sessions: readonly SessionInfo[], sort: SessionSort): OrderedSession[] {
	const recent = [...sessions].sort((a, b) => b.modified.getTime() - a.modified.getTime());
	if (sort !== "threaded") return recent.map((info) => ({ info, depth: 0 }));
	const byPath = new Set(recent.map((info) => info.path));
	const children = new Map<string, SessionInfo[]>();
	const roots: SessionInfo[] = [];
	for (const info of recent) {
		const parent = info.parentSessionPath;
		if (parent && byPath.has(parent) && parent !== info.path) {
			const list = children.get(parent) ?? [];
			list.push(info);
			children.set(parent, list);
		} else {
			roots.push(info);
		}
	}
	const ordered: OrderedSession[] = [];
	const seen = new Set<string>();
	const walk = (info: SessionInfo, depth: number): void => {
		if (seen.has(info.path)) return;
		seen.add(info.path);
		ordered.push({ info, depth });
		for (const child of children.get(info.path) ?? []) walk(child, depth + 1);
	};
	for (const root of roots) walk(root, 0);
	// Sessions in a parent cycle (never roots) still appear.
	for (const info of recent) walk(info, 0);
	return ordered;
}

/**
 * The sessions a search shows: every session for an empty query; otherwise the ones matching it,
 * best match first in fuzzy order and in the mode's order (threaded, recent) otherwise.
 */
export function searchSessions(ordered: readonly OrderedSession[], query: string, sort: SessionSort): OrderedSession[] {
	if (query.trim() === "") return [...ordered];
	const matches = fuzzyFilter(ordered, query, (entry) => sessionSearchText(entry.info));
	if (sort === "fuzzy") return matches.map((entry) => ({ ...entry, depth: 0 }));
	const kept = new Set(matches);
	return ordered.filter((entry) => kept.has(entry));
}
