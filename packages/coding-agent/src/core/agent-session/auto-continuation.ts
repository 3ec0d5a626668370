import type { Agent, AgentMessage } from "@pi/agent-core";
import { type AssistantMessage, contextTokens, isContextOverflow, type Model } from "@pi/ai";
import { estimateContextTokens } from "../compaction/token-estimate.js";
import type { SettingsManager } from "../config/settings-manager.js";
import type { SessionManager } from "../session/session-manager.js";
import { abortableDelay } from "./abortable-delay.js";
import type { AgentSessionEvent } from "./agent-session-events.js";
import type { SessionCompactor } from "./session-compactor.js";
import { backoffDelay, isTransientError } from "./transient-errors.js";

/** What automatic continuation needs from its session. */
export interface AutoContinuationHost {
	agent: Agent;
	compactor: SessionCompactor;
	settings: SettingsManager;
	sessionManager: SessionManager;
	emit(event: AgentSessionEvent): void;
	/** Takes a failed reply out of the model's context (it stays in the file). */
	dropFromContext(message: AgentMessage): void;
	isAutoRetryEnabled(): boolean;
	isAbortRequested(): boolean;
}

const OVERFLOW_GIVE_UP_MESSAGE =
	"Context overflow recovery failed after one compact-and-retry attempt. Use a smaller context (start a new session or /compact with focus) or a model with a larger context window.";

/**
 * What happens after a low-level agent run ends, before the session settles: automatic retry of
 * transient errors (configuration.md §3.3), overflow compaction and one retry, threshold
 * compaction (compaction.md §3), and delivery of messages queued too late for the run.
 */
export class AutoContinuation {
	private retryController: AbortController | undefined;
	private retryAttempt = 0;
	private pendingRetry = false;
	private overflowRecoveryAttempted = false;
	private lastRetryError = "";

	constructor(private readonly host: AutoContinuationHost) {}

	private get model(): Model | undefined {
		return this.host.agent.state.model;
	}

	/** Called at the start of a session-level run. */
	resetForRun(): void {
		this.retryAttempt = 0;
		this.pendingRetry = false;
	}

	/**
	 * Called when the session-level run ends: a retry sequence cut short (e.g. by an abort) still
	 * reports its `auto_retry_end`.
	 */
	finishRun(): void {
		if (this.retryAttempt === 0) return;
		this.host.emit({
			type: "auto_retry_end",
			success: false,
			attempt: this.retryAttempt,
			finalError: this.lastRetryError,
		});
		this.retryAttempt = 0;
	}

	/** Decided at `agent_end`: whether an automatic retry follows (its `willRetry`). */
	decideRetry(): boolean {
		const last = this.lastAssistant();
		const settings = this.host.settings.getRetrySettings();
		this.pendingRetry =
			last !== undefined &&
			this.host.isAutoRetryEnabled() &&
			!this.host.isAbortRequested() &&
			isTransientError(last, this.model?.contextWindow) &&
			this.retryAttempt < settings.maxRetries;
		return this.pendingRetry;
	}

	/** An assistant reply ended: a reply without overflow clears the recovery flag. */
	noteReply(message: AssistantMessage): void {
		if (!this.isOverflow(message)) this.overflowRecoveryAttempted = false;
	}

	/** Cancels a pending retry wait. */
	abortRetry(): void {
		this.retryController?.abort();
	}

	private lastAssistant(): AssistantMessage | undefined {
		const messages = this.host.agent.state.messages;
		for (let i = messages.length - 1; i >= 0; i--) {
			const message = messages[i]!;
			if (message.role === "assistant") return message;
		}
		return undefined;
	}

	private isOverflow(message: AssistantMessage): boolean {
		const model = this.model;
		if (!model || message.provider !== model.provider || message.model !== model.id) return false;
		return isContextOverflow(message, model.contextWindow);
	}

	/** Performs the next automatic step; false when the run is settled. */
	async continueAutomatically(): Promise<boolean> {
		const last = this.lastAssistant();
		if (this.pendingRetry && last) return this.retry(last);
		if (this.retryAttempt > 0) {
			const failed = last?.stopReason === "error";
			this.host.emit({
				type: "auto_retry_end",
				success: !failed,
				attempt: this.retryAttempt,
				...(failed ? { finalError: last?.errorMessage ?? "" } : {}),
			});
			this.retryAttempt = 0;
		}
		if (last && last.stopReason === "error" && this.isOverflow(last) && this.compactionEnabled()) {
			return this.recoverFromOverflow(last);
		}
		if (last) await this.compactOnThreshold(last);
		if (this.host.agent.hasQueuedMessages() && last?.stopReason !== "aborted") {
			await this.host.agent.continue();
			return true;
		}
		return false;
	}

	private async retry(failed: AssistantMessage): Promise<boolean> {
		this.pendingRetry = false;
		const settings = this.host.settings.getRetrySettings();
		this.retryAttempt++;
		const delayMs = backoffDelay(this.retryAttempt, settings.baseDelayMs, settings.maxAgentDelayMs);
		const errorMessage = failed.errorMessage ?? "";
		this.lastRetryError = errorMessage;
		this.host.emit({
			type: "auto_retry_start",
			attempt: this.retryAttempt,
			maxAttempts: settings.maxRetries,
			delayMs,
			errorMessage,
		});
		// The failed reply leaves the model's context now (it stays in the session file).
		this.host.dropFromContext(failed);
		this.retryController = new AbortController();
		const waited = await abortableDelay(delayMs, this.retryController.signal);
		this.retryController = undefined;
		if (!waited) {
			this.host.emit({ type: "auto_retry_end", success: false, attempt: this.retryAttempt, finalError: errorMessage });
			this.retryAttempt = 0;
			return false;
		}
		await this.host.agent.continue();
		return true;
	}

	private async recoverFromOverflow(failed: AssistantMessage): Promise<boolean> {
		if (this.overflowRecoveryAttempted) {
			this.host.emit({
				type: "compaction_end",
				reason: "overflow",
				result: null,
				aborted: false,
				willRetry: false,
				errorMessage: OVERFLOW_GIVE_UP_MESSAGE,
			});
			return false;
		}
		this.overflowRecoveryAttempted = true;
		this.host.dropFromContext(failed);
		try {
			await this.host.compactor.compact("overflow", { willRetry: true });
		} catch {
			// compaction_end already reported the failure; the run ends here.
			return false;
		}
		await this.host.agent.continue();
		return true;
	}

	private exceedsThreshold(tokens: number): boolean {
		const model = this.model;
		if (!model || tokens <= 0) return false;
		return tokens > model.contextWindow - this.host.settings.getCompactionSettings().reserveTokens;
	}

	private compactionEnabled(): boolean {
		return this.host.settings.getCompactionSettings().enabled;
	}

	private async compactOnThreshold(last: AssistantMessage): Promise<void> {
		if (!this.compactionEnabled() || last.stopReason === "aborted" || this.isOlderThanLatestCompaction(last)) return;
		if (!this.exceedsThreshold(this.thresholdTokens(last))) return;
		// Failures are reported through compaction_end; automatic compaction never fails the run.
		await this.host.compactor.compact("threshold").catch(() => undefined);
	}

	/** Context size for the threshold check: real usage, or an estimate for an error reply. */
	private thresholdTokens(last: AssistantMessage): number {
		return last.stopReason === "error"
			? estimateContextTokens(this.host.agent.state.messages)
			: contextTokens(last.usage);
	}

	private isOlderThanLatestCompaction(message: AssistantMessage): boolean {
		const branch = this.host.sessionManager.getBranch();
		for (let i = branch.length - 1; i >= 0; i--) {
			const entry = branch[i]!;
			if (entry.type === "compaction") return message.timestamp <= Date.parse(entry.timestamp);
		}
		return false;
	}

	/** Check (2) of compaction.md §3: before a new prompt, using the last reply, aborted ones included. */
	async compactBeforePrompt(): Promise<void> {
		const last = this.lastAssistant();
		if (!last) return;
		if (!this.compactionEnabled()) return;
		if (last.stopReason === "error" && this.isOverflow(last) && !this.overflowRecoveryAttempted) {
			this.host.dropFromContext(last);
			this.overflowRecoveryAttempted = true;
			await this.host.compactor.compact("overflow").catch(() => undefined);
			return;
		}
		if (this.isOlderThanLatestCompaction(last)) return;
		if (this.exceedsThreshold(this.thresholdTokens(last))) {
			await this.host.compactor.compact("threshold").catch(() => undefined);
		}
	}
}
