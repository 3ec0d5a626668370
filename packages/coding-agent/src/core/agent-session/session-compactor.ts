import type { Model } from "@pi/ai";
import { generateCompactionSummary, SummarizationError } from "../compaction/generate-summary.js";
import { prepareCompaction } from "../compaction/prepare-compaction.js";
import { sumEstimates } from "../compaction/token-estimate.js";
import type { SettingsManager } from "../config/settings-manager.js";
import type { ExtensionRunnerSeam } from "../extensions/extension-runner-seam.js";
import type { SessionMessage } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { SessionManager } from "../session/session-manager.js";
import type { AgentSessionEvent, CompactionReason, CompactionResult } from "./agent-session-events.js";
import type { CompleteFn } from "./idle-timeout.js";
import { withSummarizationRetry } from "./summarization-retry.js";

/** Thrown when a compaction is aborted (user abort). */
export class CompactionCancelledError extends Error {
	readonly code = "compaction_cancelled";
	constructor() {
		super("Compaction cancelled");
	}
}

/** What the compactor needs from its session. */
export interface CompactorHost {
	sessionManager: SessionManager;
	settings: SettingsManager;
	modelRuntime: ModelRuntime;
	getModel(): Model | undefined;
	/** One-shot completion for the summary (under the idle watchdog). */
	complete: CompleteFn;
	emit(event: AgentSessionEvent): void;
	/** Called after the compaction entry was appended: rebuilds the Agent's messages and returns them. */
	onCompacted(): SessionMessage[];
	/** Extensions: `session_before_compact` may cancel or supply the summary; told of the outcome. */
	getExtensionRunner?(): ExtensionRunnerSeam;
}

/** Runs compactions for one AgentSession (compaction.md §6), one at a time. */
export class SessionCompactor {
	private controller: AbortController | undefined;
	private running: Promise<unknown> | undefined;

	constructor(private readonly host: CompactorHost) {}

	get isCompacting(): boolean {
		return this.controller !== undefined;
	}

	/** Resolves when no compaction is running (immediately when idle). */
	async waitForIdle(): Promise<void> {
		while (this.running) await this.running.catch(() => undefined);
	}

	/** Cancels the running compaction, if any. */
	abort(): void {
		this.controller?.abort();
	}

	/**
	 * Compacts the active branch. Emits compaction_start / compaction_end; resolves with the result
	 * or rejects (Compaction cancelled, Already compacted, Summarization failed: …).
	 */
	async compact(
		reason: CompactionReason,
		options: { customInstructions?: string; willRetry?: boolean } = {},
	): Promise<CompactionResult> {
		if (this.controller) throw new Error("A compaction is already running");
		const willRetry = options.willRetry ?? false;
		// The controller exists before compaction_start, so an abort from its listener cancels it.
		const controller = new AbortController();
		this.controller = controller;
		this.host.emit({ type: "compaction_start", reason });
		const work = this.run(reason, controller.signal, options.customInstructions, willRetry);
		this.running = work;
		try {
			const result = await work;
			this.host.emit({ type: "compaction_end", reason, result, aborted: false, willRetry });
			return result;
		} catch (error) {
			const aborted =
				controller.signal.aborted ||
				error instanceof CompactionCancelledError ||
				(error instanceof SummarizationError && error.aborted);
			const message = error instanceof Error ? error.message : String(error);
			// Worded as 1.4's compaction_end / session_compact_failed; the rejection keeps the bare message.
			const prefix =
				reason === "manual"
					? "Compaction failed: "
					: reason === "overflow"
						? "Context overflow recovery failed: "
						: "Auto-compaction failed: ";
			this.host.emit({
				type: "compaction_end",
				reason,
				result: null,
				aborted,
				willRetry: false,
				...(aborted ? {} : { errorMessage: `${prefix}${message}` }),
			});
			void this.host.getExtensionRunner?.().emitNotification?.({
				type: "session_compact_failed",
				reason,
				...(aborted ? {} : { errorMessage: `${prefix}${message}` }),
				aborted,
				willRetry: false,
				fromExtension: false,
			});
			if (aborted) throw new CompactionCancelledError();
			throw error;
		} finally {
			this.controller = undefined;
			this.running = undefined;
		}
	}

	private async run(
		reason: CompactionReason,
		signal: AbortSignal,
		customInstructions: string | undefined,
		willRetry: boolean,
	): Promise<CompactionResult> {
		const model = this.host.getModel();
		if (!model) throw new Error("No model selected");
		const settings = this.host.settings.getCompactionSettings(model);
		const branchEntries = this.host.sessionManager.getBranch();
		const preparation = prepareCompaction(branchEntries, settings);
		const runner = this.host.getExtensionRunner?.();
		const decision = await runner?.emitSessionBeforeCompact?.({
			preparation,
			branchEntries,
			...(customInstructions !== undefined ? { customInstructions } : {}),
			reason,
			willRetry,
			signal,
		});
		if (decision?.cancel) throw new CompactionCancelledError();
		if (decision?.compaction) return this.apply(decision.compaction, reason, willRetry, true);
		const apiKey = await this.host.modelRuntime.getApiKey(model);
		if (!apiKey && !(await this.host.modelRuntime.hasAuth(model.provider)))
			throw new Error(`No API key for ${model.provider}`);
		// Cancelled before the summary request: no request starts.
		if (signal.aborted) throw new CompactionCancelledError();
		const generated = await withSummarizationRetry(
			() =>
				generateCompactionSummary(preparation, {
					model,
					complete: this.host.complete,
					apiKey,
					signal,
					customInstructions,
				}),
			{
				retry: this.host.settings.getRetrySettings(),
				signal,
				emit: this.host.emit,
				source: { source: "compaction", reason },
			},
		);
		if (signal.aborted) throw new CompactionCancelledError();
		return this.apply(
			{
				summary: generated.summary,
				firstKeptEntryId: preparation.firstKeptEntryId,
				tokensBefore: preparation.tokensBefore,
				details: generated.details,
				...(generated.usage ? { usage: generated.usage } : {}),
			},
			reason,
			willRetry,
			false,
		);
	}

	/** Appends the compaction entry, rebuilds the context and tells extensions (`session_compact`). */
	private apply(
		compaction: Omit<CompactionResult, "estimatedTokensAfter">,
		reason: CompactionReason,
		willRetry: boolean,
		fromExtension: boolean,
	): CompactionResult {
		const entryId = this.host.sessionManager.appendCompaction(
			compaction.summary,
			compaction.firstKeptEntryId,
			compaction.tokensBefore,
			compaction.details,
			fromExtension ? true : undefined,
			compaction.usage,
		);
		const estimatedTokensAfter = sumEstimates(this.host.onCompacted());
		const compactionEntry = this.host.sessionManager.getEntry(entryId);
		if (compactionEntry?.type === "compaction") {
			void this.host
				.getExtensionRunner?.()
				.emitNotification?.({ type: "session_compact", compactionEntry, fromExtension, reason, willRetry });
		}
		return {
			summary: compaction.summary,
			firstKeptEntryId: compaction.firstKeptEntryId,
			tokensBefore: compaction.tokensBefore,
			estimatedTokensAfter,
			...(compaction.usage ? { usage: compaction.usage } : {}),
			details: compaction.details,
		};
	}
}
