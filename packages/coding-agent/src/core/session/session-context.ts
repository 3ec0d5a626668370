import type {
	CompactionEntry,
	ContextEditContent,
	ContextEditEntry,
	SessionContext,
	SessionEntry,
	SessionMessage,
} from "./session-types.js";

/** Converts one entry to its context message, or undefined for entries that are not messages. */
export function entryToMessage(entry: SessionEntry): SessionMessage | undefined {
	switch (entry.type) {
		case "message":
			// pi 1.4 keeps its system prompt and tool list as "system" messages (the first request, then
			// patches). Ours builds the prompt afresh for every request, as 1.4 does with the current
			// prompt, so they are read and kept in the file but are not conversation messages.
			return (entry.message as { role: string }).role === "system" ? undefined : entry.message;
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
	const edits = latestContextEdits(path);
	for (const entry of [...kept, ...after]) {
		const message = entryToMessage(entry);
		if (!message) continue;
		const edit = edits.get(entry.id);
		if (edit === undefined) messages.push(message);
		else if (edit.replacement !== null)
			messages.push(withReplacedContent(message, replacementContent(edit.replacement)));
	}
	return { messages, thinkingLevel, model };
}

/** The latest `context_edit` of each target on the path (pi 1.4: the latest edit wins). */
function latestContextEdits(path: readonly SessionEntry[]): Map<string, ContextEditEntry> {
	const edits = new Map<string, ContextEditEntry>();
	for (const entry of path) if (entry.type === "context_edit") edits.set(entry.targetId, entry);
	return edits;
}

/** The content of a non-null replacement: 1.4's `{ content }`, or bare content. */
function replacementContent(replacement: NonNullable<ContextEditEntry["replacement"]>): ContextEditContent {
	return typeof replacement === "object" && !Array.isArray(replacement) ? replacement.content : replacement;
}

/**
 * `message` with its content replaced (a context edit). Assistant and tool-result messages hold
 * block lists, so a string becomes one text block; other messages without content stay as they are.
 */
function withReplacedContent(message: SessionMessage, replacement: ContextEditContent): SessionMessage {
	switch (message.role) {
		case "assistant":
			return {
				...message,
				content: typeof replacement === "string" ? [{ type: "text", text: replacement }] : replacement.filter(isText),
			};
		case "toolResult":
			return {
				...message,
				content: typeof replacement === "string" ? [{ type: "text", text: replacement }] : replacement,
			};
		case "user":
		case "custom":
			return { ...message, content: replacement };
		default:
			return message;
	}
}

function isText<T extends { type: string }>(block: T): block is T & { type: "text" } {
	return block.type === "text";
}

/** The entries the visible history is made of: the same ranges as the context, all entry types. */
export function contextEntriesFromPath(path: readonly SessionEntry[]): SessionEntry[] {
	const { compaction, kept, after } = selectContextEntries(path);
	return compaction ? [compaction, ...kept, ...after] : after;
}
