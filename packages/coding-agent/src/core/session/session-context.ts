import type { CompactionEntry, SessionContext, SessionEntry, SessionMessage } from "./session-types.js";

/** Converts one entry to its context message, or undefined for entries that are not messages. */
export function entryToMessage(entry: SessionEntry): SessionMessage | undefined {
	switch (entry.type) {
		case "message":
			return entry.message;
		case "custom_message":
			return {
				role: "custom",
				customType: entry.customType,
				content: entry.content,
				display: entry.display,
				details: entry.details,
				timestamp: Date.parse(entry.timestamp),
			};
		case "branch_summary":
			return entry.summary
				? {
						role: "branchSummary",
						summary: entry.summary,
						fromId: entry.fromId,
						timestamp: Date.parse(entry.timestamp),
					}
				: undefined;
		default:
			return undefined;
	}
}

function compactionSummary(entry: CompactionEntry): SessionMessage {
	return {
		role: "compactionSummary",
		summary: entry.summary,
		tokensBefore: entry.tokensBefore,
		timestamp: Date.parse(entry.timestamp),
	};
}

/**
 * Selects the entries of a root-first path that make up the context (sessions.md §5 step 4):
 * everything without a compaction; otherwise the kept range from `firstKeptEntryId` up to the
 * last compaction, then everything after it. The compaction entry itself is returned separately.
 */
export function selectContextEntries(path: readonly SessionEntry[]): {
	compaction: CompactionEntry | undefined;
	kept: SessionEntry[];
	after: SessionEntry[];
} {
	let compactionIndex = -1;
	for (let i = path.length - 1; i >= 0; i--) {
		if (path[i]!.type === "compaction") {
			compactionIndex = i;
			break;
		}
	}
	if (compactionIndex < 0) return { compaction: undefined, kept: [], after: [...path] };
	const compaction = path[compactionIndex] as CompactionEntry;
	const before = path.slice(0, compactionIndex);
	const keptStart = before.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
	const kept = compaction.retainedTail || keptStart < 0 ? [] : before.slice(keptStart);
	return { compaction, kept, after: path.slice(compactionIndex + 1) };
}

/** Builds the LLM context of a root-first path (sessions.md §5). */
export function buildContextFromPath(path: readonly SessionEntry[]): SessionContext {
	let thinkingLevel = "off";
	let model: SessionContext["model"] = null;
	for (const entry of path) {
		if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
		else if (entry.type === "model_change") model = { provider: entry.provider, modelId: entry.modelId };
		else if (entry.type === "message" && entry.message.role === "assistant") {
			model = { provider: entry.message.provider, modelId: entry.message.model };
		}
	}
	const { compaction, kept, after } = selectContextEntries(path);
	const messages: SessionMessage[] = [];
	if (compaction) {
		messages.push(compactionSummary(compaction));
		if (compaction.retainedTail) messages.push(...compaction.retainedTail);
	}
	for (const entry of [...kept, ...after]) {
		const message = entryToMessage(entry);
		if (message) messages.push(message);
	}
	return { messages, thinkingLevel, model };
}

/** The entries the visible history is made of: the same ranges as the context, all entry types. */
export function contextEntriesFromPath(path: readonly SessionEntry[]): SessionEntry[] {
	const { compaction, kept, after } = selectContextEntries(path);
	return compaction ? [compaction, ...kept, ...after] : after;
}
