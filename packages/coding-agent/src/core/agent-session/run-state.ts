import type { AgentMessage } from "@pi/agent-core";

/**
 * The session-level run as one explicit state machine. Every flag the run used to spread over
 * AgentSession and its helpers (busy, aborted, retry attempt, overflow recovery) lives in
 * `RunState`; `isStreaming`, `isCompacting`, `isRetrying` and the `agent_settled` outcome are
 * derived from it. Transitions are pure: the driver (SessionRun) performs the side effects.
 */

/** Why a compaction runs after a turn. */
export type AfterTurnCompaction = "threshold" | "overflow";

/** Where a session-level run is (docs/session-lifecycle.md has the table for client authors). */
export type RunPhase =
	| { readonly name: "idle" }
	/** Accepted input before "started": waiting for a manual compaction, model and auth checks. */
	| { readonly name: "preflight" }
	/** compaction.md §3 check (2), still before "started" (rpc.md §9.1.1 step 8). */
	| { readonly name: "compacting_before_prompt" }
	/** A low-level agent run (model requests and tools) is in progress. */
	| { readonly name: "streaming"; readonly willRetry?: boolean }
	/** Waiting before an automatic retry (configuration.md §3.3). */
	| { readonly name: "retry_backoff"; readonly attempt: number; readonly delayMs: number }
	/** compaction.md §3 check (1): threshold compaction, or overflow compaction before its retry. */
	| { readonly name: "compacting_after_turn"; readonly reason: AfterTurnCompaction }
	/**
	 * Nothing automatic remains (no retry, compaction or queued message): extensions'
	 * `agent_before_settle` handlers may append entries and ask for one more model request.
	 */
	| { readonly name: "before_settle" }
	/** Decided to start another low-level run (retry, overflow retry, queued messages, an extension's continuation). */
	| { readonly name: "continuing" }
	/** Nothing automatic remains: `auto_retry_end` (if owed) and `agent_settled` are being emitted. */
	| { readonly name: "settling" };

export type RunPhaseName = RunPhase["name"];

/** An automatic retry sequence, from `auto_retry_start` to its one `auto_retry_end`. */
export interface RetrySequence {
	readonly attempt: number;
	/** The error that started the latest attempt: `finalError` when the sequence is cut short. */
	readonly lastError: string;
	/** `abortRetry()` was called: no further attempt starts. */
	readonly stopped: boolean;
}

export interface RunState {
	readonly phase: RunPhase;
	/** `abort()` was called during this run: it settles with `aborted: true` and starts nothing new. */
	readonly aborted: boolean;
	readonly retry: RetrySequence | undefined;
	/** Failed replies of this run taken out of the model's context (they stay in the file). */
	readonly dropped: readonly AgentMessage[];
	/** A good reply ended after the latest one was taken out: the retry or recovery worked. */
	readonly recovered: boolean;
	/**
	 * Survives runs (compaction.md §3): an overflow compact-and-retry was attempted since the last
	 * assistant reply without overflow.
	 */
	readonly overflowRecoveryAttempted: boolean;
}

export type RunEvent =
	| { type: "accept" }
	| { type: "compact_before_prompt" }
	| { type: "preflight_done" }
	| { type: "reject" }
	| { type: "stream" }
	| { type: "agent_end"; willRetry: boolean }
	| { type: "retry"; delayMs: number; errorMessage: string }
	| { type: "compact_after_turn"; reason: AfterTurnCompaction }
	| { type: "before_settle" }
	| { type: "continue" }
	| { type: "settle" }
	| { type: "settled" }
	| { type: "abort" }
	| { type: "stop_retrying" }
	| { type: "retry_sequence_ended" }
	| { type: "drop"; message: AgentMessage }
	| { type: "reply"; overflow: boolean; good: boolean };

export const IDLE_STATE: RunState = {
	phase: { name: "idle" },
	aborted: false,
	retry: undefined,
	dropped: [],
	recovered: false,
	overflowRecoveryAttempted: false,
};

/**
 * What `abort()` does in each phase (one outcome each). The phase itself does not change: the
 * driver sees `aborted` at its next step and settles.
 */
export const ABORT_OUTCOMES: Readonly<Record<RunPhaseName, string>> = {
	idle: "Nothing happens; no events.",
	preflight: "The prompt rejects with `Aborted before the run started`; no run starts, no agent_settled.",
	compacting_before_prompt:
		"The compaction is cancelled (compaction_end aborted: true) and the prompt rejects with `Aborted before the run started`; no agent_settled.",
	streaming:
		"The request and tools stop; the reply ends with stopReason aborted, agent_end (willRetry: false), auto_retry_end if a retry sequence was open, agent_settled { aborted: true }.",
	retry_backoff:
		"The wait ends; no retry starts; the failed reply is back in session.messages; auto_retry_end { success: false }, agent_settled { aborted: true }.",
	compacting_after_turn:
		"The compaction is cancelled (compaction_end aborted: true); no continuation starts, queued messages stay queued; agent_settled { aborted: true }.",
	before_settle:
		"The handlers run to their end and their entries are appended; no continuation starts, queued messages stay queued; agent_settled { aborted: true }.",
	continuing: "No further model request starts; queued messages stay queued; agent_settled { aborted: true }.",
	settling: "The run is already ending; agent_settled reports aborted: true.",
};

const BUSY_FROM: Record<RunEvent["type"], readonly RunPhaseName[] | "any"> = {
	accept: ["idle"],
	compact_before_prompt: ["preflight"],
	preflight_done: ["compacting_before_prompt"],
	reject: ["preflight", "compacting_before_prompt"],
	stream: ["preflight", "continuing"],
	agent_end: "any",
	retry: ["streaming"],
	compact_after_turn: ["streaming"],
	before_settle: ["streaming", "retry_backoff", "compacting_after_turn"],
	continue: ["streaming", "retry_backoff", "compacting_after_turn", "before_settle"],
	settle: ["streaming", "retry_backoff", "compacting_after_turn", "before_settle", "continuing"],
	settled: ["settling"],
	abort: "any",
	stop_retrying: "any",
	retry_sequence_ended: "any",
	drop: ["retry_backoff", "compacting_after_turn", "compacting_before_prompt"],
	reply: "any",
};

/** The one transition function. An event not allowed in the current phase is a bug and throws. */
export function transition(state: RunState, event: RunEvent): RunState {
	const allowed = BUSY_FROM[event.type];
	if (allowed !== "any" && !allowed.includes(state.phase.name)) {
		throw new Error(`Invalid run transition: ${event.type} in phase ${state.phase.name}`);
	}
	switch (event.type) {
		case "accept":
			return {
				...state,
				phase: { name: "preflight" },
				aborted: false,
				retry: undefined,
				dropped: [],
				recovered: false,
			};
		case "compact_before_prompt":
			return { ...state, phase: { name: "compacting_before_prompt" } };
		case "preflight_done":
			return { ...state, phase: { name: "preflight" } };
		case "reject":
			return { ...state, phase: { name: "idle" }, aborted: false };
		case "stream":
			return { ...state, phase: { name: "streaming" } };
		case "agent_end":
			// Outside a run (an extension driving the Agent directly) nothing is decided.
			return state.phase.name === "streaming"
				? { ...state, phase: { name: "streaming", willRetry: event.willRetry } }
				: state;
		case "retry": {
			const attempt = (state.retry?.attempt ?? 0) + 1;
			return {
				...state,
				phase: { name: "retry_backoff", attempt, delayMs: event.delayMs },
				retry: { attempt, lastError: event.errorMessage, stopped: false },
			};
		}
		case "compact_after_turn":
			return {
				...state,
				phase: { name: "compacting_after_turn", reason: event.reason },
				overflowRecoveryAttempted: state.overflowRecoveryAttempted || event.reason === "overflow",
			};
		case "before_settle":
			return { ...state, phase: { name: "before_settle" } };
		case "continue":
			return { ...state, phase: { name: "continuing" } };
		case "settle":
			return { ...state, phase: { name: "settling" } };
		case "settled":
			return { ...state, phase: { name: "idle" }, aborted: false, retry: undefined, dropped: [], recovered: false };
		case "abort":
			return state.phase.name === "idle" || state.aborted ? state : { ...state, aborted: true };
		case "stop_retrying":
			return state.retry && !state.retry.stopped ? { ...state, retry: { ...state.retry, stopped: true } } : state;
		case "retry_sequence_ended":
			return state.retry ? { ...state, retry: undefined } : state;
		case "drop":
			return { ...state, dropped: [...state.dropped, event.message], recovered: false };
		case "reply": {
			const recovered = state.recovered || event.good;
			const overflowRecoveryAttempted = state.overflowRecoveryAttempted && event.overflow;
			return recovered === state.recovered && overflowRecoveryAttempted === state.overflowRecoveryAttempted
				? state
				: { ...state, recovered, overflowRecoveryAttempted };
		}
	}
}

/** From an accepted prompt until `agent_settled` (preflight included). */
export function isBusy(state: RunState): boolean {
	return state.phase.name !== "idle";
}

/** An automatic compaction of this run is in progress. */
export function isAutoCompacting(state: RunState): boolean {
	return state.phase.name === "compacting_before_prompt" || state.phase.name === "compacting_after_turn";
}

/** A retry sequence is open (from `auto_retry_start` until its `auto_retry_end`). */
export function isRetrying(state: RunState): boolean {
	return state.retry !== undefined;
}

/**
 * At settling: replies taken out must go back (the run ends with its failures, in memory as in the
 * file) unless a good reply followed them and the run was not aborted.
 */
export function mustRestoreDropped(state: RunState): boolean {
	return state.dropped.length > 0 && (state.aborted || !state.recovered);
}

/** Before "started": an abort rejects the prompt instead of settling a run. */
export function isBeforeStart(state: RunState): boolean {
	return state.phase.name === "preflight" || state.phase.name === "compacting_before_prompt";
}
