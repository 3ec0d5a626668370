// The history the transcript draws on a reset: the session's context messages with extensions'
// custom entries (`pi.appendEntry`) put back where they were appended, so an entry renderer's
// rows survive a resume, a reload or a theme change in place.
import type { AgentMessage } from "@pi/agent-core";
import { contextEntriesFromPath, entryToMessage } from "../../core/session/session-context.js";
import type { SessionEntry } from "../../core/session/session-types.js";
import type { TranscriptItem } from "./transcript.js";

/**
 * `messages` (the context, as built from `branch`) with the custom entries of the visible part of
 * `branch` inserted after the messages that preceded them.
 */
export function historyItems(messages: readonly AgentMessage[], branch: readonly SessionEntry[]): TranscriptItem[] {
	const items: TranscriptItem[] = [];
	let taken = 0;
	let before = 0;
	for (const entry of contextEntriesFromPath(branch)) {
		if (entry.type === "compaction") {
			// The summary (and any tail it retained) open the context.
			before += 1 + (entry.retainedTail?.length ?? 0);
		} else if (entry.type === "custom") {
			while (taken < Math.min(before, messages.length)) items.push(messages[taken++]!);
			items.push(entry);
		} else if (entryToMessage(entry)) {
			before++;
		}
	}
	while (taken < messages.length) items.push(messages[taken++]!);
	return items;
}
