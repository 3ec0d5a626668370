import type { Model } from "@pi/ai";
import { collectBranchEntries, generateBranchSummary } from "../compaction/branch-summary.js";
import { type GeneratedSummary, SummarizationError } from "../compaction/generate-summary.js";
import type { SettingsManager } from "../config/settings-manager.js";
import { textOfContent } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { SessionManager } from "../session/session-manager.js";
import type { SessionEntry } from "../session/session-types.js";
import type { AgentSessionEvent } from "./agent-session-events.js";
import { withSummarizationRetry } from "./summarization-retry.js";

/** Options of `navigateTree` (compaction.md §7). */
export interface NavigateTreeOptions {
	summarize?: boolean;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
}

/** What tree navigation needs from its session. */
export interface TreeNavigationHost {
	sessionManager: SessionManager;
	settings: SettingsManager;
	modelRuntime: ModelRuntime;
	model: Model | undefined;
	signal: AbortSignal;
	emit(event: AgentSessionEvent): void;
}

function selectedText(entry: SessionEntry): string | undefined {
	if (entry.type === "custom_message") return textOfContent(entry.content);
	if (entry.type === "message" && entry.message.role === "user") return textOfContent(entry.message.content);
	return undefined;
}

async function summarizeBranch(
	oldLeafId: string | null,
	targetId: string,
	options: NavigateTreeOptions,
	host: TreeNavigationHost,
): Promise<GeneratedSummary | "cancelled" | undefined> {
	const preparation = collectBranchEntries((id) => host.sessionManager.getBranch(id), oldLeafId, targetId);
	if (!options.summarize || preparation.entriesToSummarize.length === 0) return undefined;
	const model = host.model;
	if (!model) throw new Error("No model selected");
	try {
		return await withSummarizationRetry(
			async () =>
				generateBranchSummary(preparation, {
					model,
					complete: (m, context, streamOptions) => host.modelRuntime.completeSimple(m, context, streamOptions),
					reserveTokens: host.settings.getBranchSummarySettings().reserveTokens,
					apiKey: await host.modelRuntime.getApiKey(model),
					signal: host.signal,
					customInstructions: options.customInstructions,
					replaceInstructions: options.replaceInstructions,
				}),
			{
				retry: host.settings.getRetrySettings(),
				signal: host.signal,
				emit: host.emit,
				source: { source: "branchSummary" },
			},
		);
	} catch (error) {
		if (host.signal.aborted || (error instanceof SummarizationError && error.aborted)) return "cancelled";
		throw error;
	}
}

function moveLeaf(manager: SessionManager, leafId: string | null): void {
	if (leafId === null) manager.resetLeaf();
	else manager.branch(leafId);
}

/**
 * Moves the leaf to `targetId` (a user or custom message: to its parent, returning its text) and,
 * when asked, stores a summary of the branch left as a `branch_summary` that becomes the leaf.
 */
export async function navigateSessionTree(
	targetId: string,
	options: NavigateTreeOptions,
	host: TreeNavigationHost,
): Promise<{ cancelled: boolean; editorText?: string }> {
	const manager = host.sessionManager;
	const target = manager.getEntry(targetId);
	if (!target) throw new Error(`Entry not found: ${targetId}`);
	const summary = await summarizeBranch(manager.getLeafId(), targetId, options, host);
	if (summary === "cancelled") return { cancelled: true };
	const editorText = selectedText(target);
	const newLeafId = editorText !== undefined ? target.parentId : targetId;
	if (summary) {
		const summaryId = manager.branchWithSummary(newLeafId, summary.summary, summary.details, undefined, summary.usage);
		if (options.label) {
			manager.appendLabelChange(summaryId, options.label);
			manager.branch(summaryId);
		}
	} else {
		moveLeaf(manager, newLeafId);
		if (options.label) {
			manager.appendLabelChange(targetId, options.label);
			// The label entry moved the leaf; navigation decides where it stays.
			moveLeaf(manager, newLeafId);
		}
	}
	return { cancelled: false, ...(editorText !== undefined ? { editorText } : {}) };
}
