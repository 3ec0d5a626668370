import type { ImageContent, TextContent, Usage } from "@pi/ai";
import type { SessionMessage } from "../messages.js";

export type {
	BashExecutionMessage,
	BranchSummaryMessage,
	CompactionSummaryMessage,
	CustomMessage,
	SessionMessage,
} from "../messages.js";

/** Current session file format version. */
export const CURRENT_SESSION_VERSION = 3;

/** Line 1 of a session file. Not part of the entry tree. */
export interface SessionHeader {
	type: "session";
	/** Absent means 1. */
	version?: number;
	id: string;
	/** ISO-8601 creation time. */
	timestamp: string;
	/** Absolute working directory the session belongs to. */
	cwd: string;
	/** Absolute path of the session this one was forked or cloned from. */
	parentSession?: string;
}

/** Fields every entry has. */
export interface SessionEntryBase {
	type: string;
	/** 8 lowercase hex chars; readers accept any non-empty string. */
	id: string;
	/** Null only for a root entry. */
	parentId: string | null;
	/** ISO-8601 time of appending. */
	timestamp: string;
}

/** Files a summary covered (default compaction details). */
export interface FileOperationDetails {
	readFiles: string[];
	modifiedFiles: string[];
}

export interface MessageEntry extends SessionEntryBase {
	type: "message";
	message: SessionMessage;
}
export interface ModelChangeEntry extends SessionEntryBase {
	type: "model_change";
	provider: string;
	modelId: string;
}
export interface ThinkingLevelChangeEntry extends SessionEntryBase {
	type: "thinking_level_change";
	thinkingLevel: string;
}
export interface CompactionEntry<TDetails = unknown> extends SessionEntryBase {
	type: "compaction";
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	details?: TDetails;
	fromHook?: boolean;
	usage?: Usage;
	/** A self-contained copy of the kept messages; used instead of walking to firstKeptEntryId. */
	retainedTail?: SessionMessage[];
}
export interface BranchSummaryEntry<TDetails = unknown> extends SessionEntryBase {
	type: "branch_summary";
	fromId: string;
	summary: string;
	details?: TDetails;
	fromHook?: boolean;
	usage?: Usage;
}
export interface CustomEntry<TData = unknown> extends SessionEntryBase {
	type: "custom";
	customType: string;
	data?: TData;
}
export interface CustomMessageEntry<TDetails = unknown> extends SessionEntryBase {
	type: "custom_message";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: TDetails;
}
export interface LabelEntry extends SessionEntryBase {
	type: "label";
	targetId: string;
	/** Absent or empty clears the label. */
	label?: string;
}
export interface SessionInfoEntry extends SessionEntryBase {
	type: "session_info";
	name?: string;
}

/**
 * Usage attributed to a model that is not an assistant message (pi 1.4 writes them, e.g. kind
 * `cache_warm`): counted in the session's tokens and cost, never part of the context.
 */
export interface UsageEntry extends SessionEntryBase {
	type: "usage";
	/** What produced the usage; any string (unknown kinds count as ordinary usage). */
	kind: string;
	provider?: string;
	model?: string;
	usage: Usage;
	/** Why the usage happened when that is not obvious (1.4: `"extension override"` for a forced warm). */
	note?: string;
}
/**
 * An edit of what the model sees of one earlier entry (pi 1.4): `replacement` null leaves the
 * target out of the context, otherwise it replaces the target message's content. The latest edit
 * of a target on the branch wins; the target itself, the transcript and the totals are unchanged.
 */
export interface ContextEditEntry extends SessionEntryBase {
	type: "context_edit";
	targetId: string;
	/** pi 1.4 writes `{ content }`; a bare content value (what earlier builds of ours assumed) is read too. */
	replacement: { content: ContextEditContent } | ContextEditContent | null;
}

/** The content a context edit puts in place of the target's. */
export type ContextEditContent = string | (TextContent | ImageContent)[];

/** Every entry type this version reads (usage and context_edit come from pi 1.4's files). */
export type KnownSessionEntry =
	| MessageEntry
	| ModelChangeEntry
	| ThinkingLevelChangeEntry
	| CompactionEntry
	| BranchSummaryEntry
	| CustomEntry
	| CustomMessageEntry
	| LabelEntry
	| SessionInfoEntry
	| UsageEntry
	| ContextEditEntry;

/** An entry of a type this version does not know: kept on rewrite, ignored for context. */
export interface UnknownSessionEntry extends SessionEntryBase {
	[field: string]: unknown;
}

export type SessionEntry = KnownSessionEntry;

/** A node of `getTree()`. Children are in append order. */
export interface SessionTreeNode {
	entry: SessionEntry;
	children: SessionTreeNode[];
	label?: string;
	labelTimestamp?: string;
}

/** What `buildSessionContext()` returns for the active branch. */
export interface SessionContext {
	messages: SessionMessage[];
	thinkingLevel: string;
	model: { provider: string; modelId: string } | null;
}

/** One row of a session listing. */
export interface SessionInfo {
	path: string;
	id: string;
	cwd: string;
	name?: string;
	parentSessionPath?: string;
	created: Date;
	/** Newest user/assistant message time, else header time, else file mtime. */
	modified: Date;
	messageCount: number;
	/** Text of the first user message, or `(no messages)`. */
	firstMessage: string;
}
