import type { Agent, AgentMessage } from "@pi/agent-core";
import type { AssistantMessage } from "@pi/ai";
import { estimateContextTokens } from "../compaction/token-estimate.js";
import type { SettingsManager } from "../config/settings-manager.js";
import type { AgentActivityOutcome } from "../extensions/boundary-events.js";
import type { SessionManager } from "../session/session-manager.js";
import { abortableDelay } from "./abortable-delay.js";
import type { AgentSessionEvent, CompactionReason } from "./agent-session-events.js";
import {
	exceedsThreshold,
	isOlderThanLatestCompaction,
	isOverflowOf,
	lastAssistant,
	OVERFLOW_GIVE_UP_MESSAGE,
	retryDelayFor,
	thresholdTokens,
} from "./continuation-policy.js";
import {
	IDLE_STATE,
	isAutoCompacting,
	isBeforeStart,
	isBusy,
	isRetrying,
	mustRestoreDropped,
	type RunEvent,
	type RunPhase,
	type RunState,
	transition,
} from "./run-state.js";
import type { SessionCompactor } from "./session-compactor.js";
import { isTransientError } from "./transient-errors.js";

/** The error a prompt rejects with when aborted before "started". */
export const ABORTED_BEFORE_START_MESSAGE = "Aborted before the run started";

/** What the run needs from its session. */
export interface SessionRunHost {
	agent: Agent;
	compactor: SessionCompactor;
	settings: SettingsManager;
	sessionManager: SessionManager;
	emit(event: AgentSessionEvent): void;
	isAutoRetryEnabled(): boolean;
	/** Takes a failed reply out of the model's context (it stays in the file). */
	dropFromContext(message: AgentMessage): void;
	/** Puts replies taken out back: the context becomes the file's again. */
	restoreToContext(messages: readonly AgentMessage[]): void;
	/**
	 * The `before_settle` phase: extensions' `agent_before_settle`. True when they asked for one
	 * more model request and the context can continue.
	 */
	beforeSettle?(outcome: AgentActivityOutcome): Promise<boolean>;
}

/**
 * Drives one session-level run through the phases of run-state.ts: the low-level agent runs,
 * automatic retry (configuration.md §3.3), overflow and threshold compaction (compaction.md §3),
 * delivery of messages queued too late, and the one `agent_settled`.
 */
export class SessionRun {
	private state: RunState = IDLE_STATE;
	private retryWait: AbortController | undefined;
	/** Resolves when the phase is idle again (set from accept to settled or reject). */
	private untilIdle: { promise: Promise<void>; resolve: () => void } | undefined;

	constructor(private readonly host: SessionRunHost) {}

	get phase(): RunPhase {
		return this.state.phase;
	}

	get isBusy(): boolean {
		return isBusy(this.state);
	}

	get isCompacting(): boolean {
		return isAutoCompacting(this.state);
	}

	get isRetrying(): boolean {
		return isRetrying(this.state);
	}

	get aborted(): boolean {
		return this.state.aborted;
	}

	private to(event: RunEvent): void {
		this.state = transition(this.state, event);
		if (this.state.phase.name === "idle" && this.untilIdle) {
			this.untilIdle.resolve();
			this.untilIdle = undefined;
		}
	}

	// --- preflight (before "started") ---------------------------------------------------------

	/** idle → preflight: the session is busy from here; an abort now belongs to this prompt. */
	accept(): void {
		this.to({ type: "accept" });
		let resolve!: () => void;
		const promise = new Promise<void>((done) => {
			resolve = done;
		});
		this.untilIdle = { promise, resolve };
	}

	/** Throws when an abort arrived during the preflight. */
	assertNotAborted(): void {
		if (this.state.aborted) throw new Error(ABORTED_BEFORE_START_MESSAGE);
	}

	/** The preflight failed: back to idle, nothing was started. */
	reject(): void {
		if (!isBeforeStart(this.state)) return;
		if (mustRestoreDropped(this.state)) this.host.restoreToContext(this.state.dropped);
		this.to({ type: "reject" });
	}

	/**
	 * compaction.md §3 check (2), before "started": the last reply (aborted ones included) may call
	 * for an overflow or threshold compaction. An abort meanwhile rejects the prompt.
	 */
	async compactBeforePrompt(): Promise<void> {
		const { agent, settings } = this.host;
		const last = lastAssistant(agent.state.messages);
		const model = agent.state.model;
		if (!last || !settings.getCompactionSettings(model).enabled) return;
		let reason: CompactionReason | undefined;
		if (last.stopReason === "error" && isOverflowOf(last, model) && !this.state.overflowRecoveryAttempted) {
			reason = "overflow";
		} else if (
			!isOlderThanLatestCompaction(last, this.host.sessionManager.getBranch()) &&
			exceedsThreshold(thresholdTokens(last, agent.state.messages), model, settings.getCompactionSettings(model))
		) {
			reason = "threshold";
		}
		if (!reason) return;
		this.to({ type: "compact_before_prompt" });
		try {
			if (reason === "overflow") this.drop(last);
			// Failures are reported through compaction_end; automatic compaction never fails the prompt.
			await this.host.compactor.compact(reason).catch(() => undefined);
		} finally {
			this.to({ type: "preflight_done" });
		}
		this.assertNotAborted();
	}

	// --- the run ------------------------------------------------------------------------------

	/** preflight → streaming: runs `start`, then everything automatic, then settles once. */
	start(start: () => Promise<void>): Promise<void> {
		return this.drive(start);
	}

	private async drive(first: () => Promise<void>): Promise<void> {
		let next: (() => Promise<void>) | undefined = first;
		try {
			while (next) {
				this.to({ type: "stream" });
				await next();
				next = this.state.aborted ? undefined : await this.afterAgentRun();
				if (!next && !this.state.aborted) next = await this.beforeSettle();
			}
		} finally {
			this.settle();
		}
	}

	/** Resolves when the session is idle: the current run settled, or the preflight ended. */
	async waitForSettled(): Promise<void> {
		await this.untilIdle?.promise;
	}

	/** An assistant reply ended (persisted): a reply without overflow clears the recovery flag. */
	noteReply(message: AssistantMessage): void {
		const good = message.stopReason !== "error" && message.stopReason !== "aborted";
		this.to({ type: "reply", overflow: isOverflowOf(message, this.host.agent.state.model), good });
	}

	/**
	 * Decided at `agent_end` (its `willRetry`). A retry sequence that does not continue ends here,
	 * right after the `agent_end` that ended it.
	 */
	decideRetry(): boolean {
		const willRetry = this.shouldRetry();
		this.to({ type: "agent_end", willRetry });
		return willRetry;
	}

	/** Emit after the `agent_end` event: closes the retry sequence when no retry follows. */
	afterAgentEnd(willRetry: boolean): void {
		if (!willRetry) this.endRetrySequence();
	}

	private shouldRetry(): boolean {
		if (this.state.phase.name !== "streaming" || this.state.aborted || this.state.retry?.stopped) return false;
		const last = lastAssistant(this.host.agent.state.messages);
		const settings = this.host.settings.getRetrySettings();
		return (
			last !== undefined &&
			this.host.isAutoRetryEnabled() &&
			isTransientError(last, this.host.agent.state.model?.contextWindow) &&
			(this.state.retry?.attempt ?? 0) < settings.maxRetries
		);
	}

	/**
	 * Between two turns of one run (the Agent's `prepareNextTurn`, as pi 1.4 does): when the context
	 * with the new tool results passes the threshold, compact now, so a long tool loop goes on in a
	 * compacted context instead of overflowing. Failures are reported through compaction_end.
	 */
	async compactBetweenTurns(): Promise<void> {
		const { agent, settings } = this.host;
		const last = lastAssistant(agent.state.messages);
		const model = agent.state.model;
		if (!last || this.state.aborted || last.stopReason === "error" || last.stopReason === "aborted") return;
		const compaction = settings.getCompactionSettings(model);
		if (!compaction.enabled || isOlderThanLatestCompaction(last, this.host.sessionManager.getBranch())) return;
		if (!exceedsThreshold(estimateContextTokens(agent.state.messages), model, compaction)) return;
		await this.host.compactor.compact("threshold").catch(() => undefined);
	}

	/** The next low-level run to start, or undefined when the run is done. */
	private async afterAgentRun(): Promise<(() => Promise<void>) | undefined> {
		const { agent, settings } = this.host;
		const last = lastAssistant(agent.state.messages);
		if (!last) return undefined;
		const phase = this.state.phase;
		if (phase.name === "streaming" && phase.willRetry && !this.state.retry?.stopped)
			return this.retryAfterBackoff(last);
		const model = agent.state.model;
		const compaction = settings.getCompactionSettings(model);
		if (last.stopReason === "error" && isOverflowOf(last, model) && compaction.enabled) {
			return this.recoverFromOverflow(last);
		}
		if (
			compaction.enabled &&
			last.stopReason !== "aborted" &&
			!isOlderThanLatestCompaction(last, this.host.sessionManager.getBranch()) &&
			exceedsThreshold(thresholdTokens(last, agent.state.messages), model, compaction)
		) {
			this.to({ type: "compact_after_turn", reason: "threshold" });
			// Failures are reported through compaction_end; automatic compaction never fails the run.
			await this.host.compactor.compact("threshold").catch(() => undefined);
			if (this.state.aborted) return undefined;
		}
		if (agent.hasQueuedMessages() && last.stopReason !== "aborted") return this.continueWith();
		return undefined;
	}

	/** before_settle: extensions may append entries and ask for one more model request. */
	private async beforeSettle(): Promise<(() => Promise<void>) | undefined> {
		const hook = this.host.beforeSettle;
		if (!hook || !isBusy(this.state)) return undefined;
		const last = lastAssistant(this.host.agent.state.messages);
		const outcome: AgentActivityOutcome =
			last?.stopReason === "aborted" ? "aborted" : last?.stopReason === "error" ? "error" : "completed";
		this.to({ type: "before_settle" });
		const proceed = await hook(outcome);
		return proceed && !this.state.aborted ? this.continueWith() : undefined;
	}

	private continueWith(): () => Promise<void> {
		this.to({ type: "continue" });
		return () => this.host.agent.continue();
	}

	private async retryAfterBackoff(failed: AssistantMessage): Promise<(() => Promise<void>) | undefined> {
		const settings = this.host.settings.getRetrySettings();
		const errorMessage = failed.errorMessage ?? "";
		const attempt = (this.state.retry?.attempt ?? 0) + 1;
		const delayMs = retryDelayFor(errorMessage, attempt, settings);
		this.to({ type: "retry", delayMs, errorMessage });
		this.host.emit({ type: "auto_retry_start", attempt, maxAttempts: settings.maxRetries, delayMs, errorMessage });
		// The failed reply leaves the model's context now (it stays in the session file).
		this.drop(failed);
		this.retryWait = new AbortController();
		const waited = await abortableDelay(delayMs, this.retryWait.signal);
		this.retryWait = undefined;
		if (!waited || this.state.aborted || this.state.retry?.stopped) return undefined;
		return this.continueWith();
	}

	private async recoverFromOverflow(failed: AssistantMessage): Promise<(() => Promise<void>) | undefined> {
		if (this.state.overflowRecoveryAttempted) {
			this.host.emit({
				type: "compaction_end",
				reason: "overflow",
				result: null,
				aborted: false,
				willRetry: false,
				errorMessage: OVERFLOW_GIVE_UP_MESSAGE,
			});
			return undefined;
		}
		this.to({ type: "compact_after_turn", reason: "overflow" });
		this.drop(failed);
		try {
			await this.host.compactor.compact("overflow", { willRetry: true });
		} catch {
			// compaction_end already reported the failure (or the cancel); the run ends here.
			return undefined;
		}
		return this.state.aborted ? undefined : this.continueWith();
	}

	private drop(message: AgentMessage): void {
		this.to({ type: "drop", message });
		this.host.dropFromContext(message);
	}

	/** The one emitter of `auto_retry_end`: closes an open retry sequence with its outcome. */
	private endRetrySequence(): void {
		const retry = this.state.retry;
		if (!retry) return;
		this.to({ type: "retry_sequence_ended" });
		const last = lastAssistant(this.host.agent.state.messages);
		const succeeded =
			last !== undefined &&
			last.stopReason !== "error" &&
			last.stopReason !== "aborted" &&
			this.state.phase.name === "streaming";
		if (succeeded) {
			this.host.emit({ type: "auto_retry_end", success: true, attempt: retry.attempt });
			return;
		}
		const finalError = last?.stopReason === "error" ? (last.errorMessage ?? retry.lastError) : retry.lastError;
		this.host.emit({ type: "auto_retry_end", success: false, attempt: retry.attempt, finalError });
	}

	private settle(): void {
		this.to({ type: "settle" });
		this.endRetrySequence();
		// A run whose retry or recovery did not produce a good reply (or that was aborted) ends with
		// its failures in memory as on disk (rpc.md §9.7.2).
		if (mustRestoreDropped(this.state)) this.host.restoreToContext(this.state.dropped);
		const aborted = this.state.aborted;
		this.to({ type: "settled" });
		this.host.emit({ type: "agent_settled", aborted });
	}

	// --- control ------------------------------------------------------------------------------

	/** Marks the run aborted and cancels its retry wait and automatic compaction (ABORT_OUTCOMES). */
	abort(): void {
		const compacting = isAutoCompacting(this.state);
		this.to({ type: "abort" });
		this.retryWait?.abort();
		if (compacting) this.host.compactor.abort();
	}

	/** Stops the retry sequence: the wait ends and no further attempt starts; the run keeps its error. */
	abortRetry(): void {
		this.to({ type: "stop_retrying" });
		this.retryWait?.abort();
	}
}
