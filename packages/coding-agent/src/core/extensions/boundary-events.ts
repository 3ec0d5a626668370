// `agent_before_settle` (pi 1.4's "actionable boundary"): the entries handlers propose, the
// preview of the context those entries would make, and what the handlers decided.
import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent, Message, TextContent, Usage } from "@pi/ai";
import type { ContextEditEntry, SessionEntry } from "../session/session-types.js";

/** How the latest model request of the run ended. */
export type AgentActivityOutcome = "completed" | "aborted" | "error";

/** A `custom` entry (as `pi.appendEntry`): stored, never part of the context. */
export interface CustomEntryDraft {
	type: "custom";
	customType: string;
	data?: unknown;
}
/** A custom message (as `pi.sendMessage`): part of the context, so a continuation can start from it. */
export interface CustomMessageEntryDraft {
	type: "custom_message";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: unknown;
}
/** Replaces what the model sees of an earlier entry of the branch (`null`: leaves it out). */
export interface ContextEditEntryDraft {
	type: "context_edit";
	targetId: string;
	replacement: ContextEditEntry["replacement"];
}
/** A compaction the extension wrote itself. */
export interface CompactionEntryDraft {
	type: "compaction";
	summary: string;
	/** The first entry kept after the summary; null keeps none. */
	firstKeptEntryId: string | null;
	details?: unknown;
	usage?: Usage;
}
export type SessionBoundaryDraft =
	| CustomEntryDraft
	| CustomMessageEntryDraft
	| ContextEditEntryDraft
	| CompactionEntryDraft;

/** The context as it would be with the proposed entries appended. */
export interface BoundaryContextPreview {
	/** The branch entries the context is made of (proposed ones included). */
	contextEntries: SessionEntry[];
	contextMessages: AgentMessage[];
	/** `contextMessages` as the model would get them. */
	llmMessages: Message[];
	/** Steering and follow-up messages waiting for the next model request. */
	pendingMessages: AgentMessage[];
	/** A model request could start from here: the context ends with something to answer, or a message is pending. */
	canContinue: boolean;
}

/** What each handler sees: the proposals of the handlers before it. */
export interface BoundaryState {
	entries: SessionBoundaryDraft[];
	continue: boolean;
	context: BoundaryContextPreview;
	outcome: AgentActivityOutcome;
}

/** A handler's answer: replaces the proposed entries and/or the continuation decision. */
export interface BoundaryResult {
	entries?: SessionBoundaryDraft[];
	continue?: boolean;
}

/**
 * Nothing automatic remains in the run (no retry, compaction or queued message): handlers may
 * append entries and ask for one more model request (`continue: true`), which needs a context
 * that can continue (`context.canContinue` once the entries are in).
 */
export interface AgentBeforeSettleEvent extends BoundaryState {
	type: "agent_before_settle";
}
export type AgentBeforeSettleResult = BoundaryResult;
