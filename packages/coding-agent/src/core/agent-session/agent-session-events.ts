import type { AgentEvent, AgentMessage } from "@pi/agent-core";
import type { Usage } from "@pi/ai";
import type { CustomEntry } from "../session/session-types.js";

/** Why a compaction ran. */
export type CompactionReason = "manual" | "threshold" | "overflow";

/** What a finished compaction produced (rpc.md §13.6). */
export interface CompactionResult {
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	estimatedTokensAfter: number;
	usage?: Usage;
	details?: unknown;
}

/**
 * Every event an AgentSession emits: each AgentEvent (with `agent_end` carrying `willRetry`) plus
 * the session-level events of sdk.md §5 / rpc.md §10. `agent_settled` comes once per
 * session-level run, after its last `agent_end`, when nothing automatic remains.
 */
export type AgentSessionEvent =
	| Exclude<AgentEvent, { type: "agent_end" }>
	| { type: "agent_end"; messages: AgentMessage[]; willRetry: boolean }
	| { type: "agent_settled"; aborted: boolean }
	| { type: "queue_update"; steering: string[]; followUp: string[] }
	| { type: "compaction_start"; reason: CompactionReason }
	| {
			type: "compaction_end";
			reason: CompactionReason;
			result: CompactionResult | null;
			aborted: boolean;
			willRetry: boolean;
			errorMessage?: string;
	  }
	| { type: "auto_retry_start"; attempt: number; maxAttempts: number; delayMs: number; errorMessage: string }
	| { type: "auto_retry_end"; success: boolean; attempt: number; finalError?: string }
	| {
			type: "summarization_retry_scheduled";
			attempt: number;
			maxAttempts: number;
			delayMs: number;
			errorMessage: string;
	  }
	| { type: "summarization_retry_attempt_start"; source: "compaction"; reason: CompactionReason }
	| { type: "summarization_retry_attempt_start"; source: "branchSummary" }
	| { type: "summarization_retry_finished" }
	| { type: "bash_execution_update"; id?: unknown; delta: string }
	/** An extension appended a custom entry (`pi.appendEntry`). */
	| { type: "entry_appended"; entry: CustomEntry }
	/** The session was named (`setSessionName`, extensions' `pi.setSessionName`, RPC `set_session_name`). */
	| { type: "session_info_changed"; name: string | undefined };

/** A session listener: called synchronously, never awaited (sdk.md §5). */
export type AgentSessionListener = (event: AgentSessionEvent) => void;

/** The admission outcome of `prompt()`. */
export type PromptDisposition = "started" | "queued" | "handled";

/** The admission outcome of `steer()` / `followUp()`. */
export type QueuedInputDisposition = "queued" | "handled";
