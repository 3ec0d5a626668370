import { SummarizationError } from "../compaction/generate-summary.js";
import type { RetrySettings } from "../config/settings-types.js";
import { abortableDelay } from "./abortable-delay.js";
import type { AgentSessionEvent, CompactionReason } from "./agent-session-events.js";
import { backoffDelay, isTransientError } from "./transient-errors.js";

/** Where a summarisation runs, for `summarization_retry_attempt_start`. */
export type SummarizationSource = { source: "compaction"; reason: CompactionReason } | { source: "branchSummary" };

/**
 * Runs a summarisation, retrying transient model errors with the `retry.*` settings
 * (compaction.md §5) and emitting the `summarization_retry_*` events. The last error propagates.
 */
export async function withSummarizationRetry<T>(
	run: () => Promise<T>,
	options: {
		retry: RetrySettings;
		signal: AbortSignal;
		emit: (event: AgentSessionEvent) => void;
		source: SummarizationSource;
	},
): Promise<T> {
	let attempt = 0;
	try {
		for (;;) {
			try {
				return await run();
			} catch (error) {
				const retryable =
					error instanceof SummarizationError &&
					!error.aborted &&
					options.retry.enabled &&
					isTransientError(error.reply);
				if (!retryable || attempt >= options.retry.maxRetries) throw error;
				attempt++;
				const delayMs = backoffDelay(attempt, options.retry.baseDelayMs, options.retry.maxAgentDelayMs);
				options.emit({
					type: "summarization_retry_scheduled",
					attempt,
					maxAttempts: options.retry.maxRetries,
					delayMs,
					errorMessage: error.reply.errorMessage ?? "",
				});
				if (!(await abortableDelay(delayMs, options.signal)))
					throw new SummarizationError({ ...error.reply, stopReason: "aborted" }, true);
				options.emit({ type: "summarization_retry_attempt_start", ...options.source });
			}
		}
	} finally {
		if (attempt > 0) options.emit({ type: "summarization_retry_finished" });
	}
}
