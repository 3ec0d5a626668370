import type { Model } from "@pi/ai";
import { collectBranchEntries, generateBranchSummary } from "../compaction/branch-summary.js";
import { type GeneratedSummary, SummarizationError } from "../compaction/generate-summary.js";
import type { SettingsManager } from "../config/settings-manager.js";
import type { ExtensionRunnerSeam } from "../extensions/extension-runner-seam.js";
import { textOfContent } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { SessionManager } from "../session/session-manager.js";
import type { SessionEntry } from "../session/session-types.js";
import type { AgentSessionEvent } from "./agent-session-events.js";
import type { CompleteFn } from "./idle-timeout.js";
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
	/** One-shot completion for the summary (under the idle watchdog). */
	complete: CompleteFn;
	emit(event: AgentSessionEvent): void;
	/** Extensions: `session_before_tree` may cancel or supply the summary; `session_tree` after. */
	getExtensionRunner?(): ExtensionRunnerSeam;
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
): Promise<(GeneratedSummary & { fromExtension?: boolean }) | "cancelled" | undefined> {
	const preparation = collectBranchEntries((id) => host.sessionManager.getBranch(id), oldLeafId, targetId);
	const decision = await host.getExtensionRunner?.().emitSessionBeforeTree?.(preparation, host.signal);
	if (decision?.cancel) return "cancelled";
	if (decision?.label !== undefined) options.label = decision.label;
	if (decision?.customInstructions !== undefined) options.customInstructions = decision.customInstructions;
	if (decision?.replaceInstructions !== undefined) options.replaceInstructions = decision.replaceInstructions;
	if (decision?.summary !== undefined) {
		return { summary: decision.summary, details: { readFiles: [], modifiedFiles: [] }, fromExtension: true };
	}
	if (!options.summarize || preparation.entriesToSummarize.length === 0) return undefined;
	const model = host.model;
	if (!model) throw new Error("No model selected");
	try {
		return await withSummarizationRetry(
			async () =>
				generateBranchSummary(preparation, {
					model,
					complete: host.complete,
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
	const oldLeafId = manager.getLeafId();
	// A copy: session_before_tree may override label and instructions for this navigation only.
	options = { ...options };
	const summary = await summarizeBranch(oldLeafId, targetId, options, host);
	if (summary === "cancelled") return { cancelled: true };
	const editorText = selectedText(target);
	const newLeafId = editorText !== undefined ? target.parentId : targetId;
	if (summary) {
		const summaryId = manager.branchWithSummary(
			newLeafId,
			summary.summary,
			summary.details,
			summary.fromExtension ? true : undefined,
			summary.usage,
		);
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
	const summaryEntry = summary ? manager.getLeafEntry() : undefined;
	void host.getExtensionRunner?.().emitNotification?.({
		type: "session_tree",
		newLeafId: manager.getLeafId(),
		oldLeafId,
		...(summaryEntry ? { summaryEntry } : {}),
		fromExtension: summary?.fromExtension === true,
	});
	return { cancelled: false, ...(editorText !== undefined ? { editorText } : {}) };
}

/** What the navigator needs from its session. */
export interface TreeNavigatorHost extends Omit<TreeNavigationHost, "signal" | "model"> {
	getModel(): Model | undefined;
	/** Called after every navigation (also failed ones): the Agent's messages follow the new leaf. */
	onNavigated(): void;
}

/** Runs tree navigations for a session and lets abort cancel a running one. */
export class SessionTreeNavigator {
	private controller: AbortController | undefined;

	constructor(private readonly host: TreeNavigatorHost) {}

	get isNavigating(): boolean {
		return this.controller !== undefined;
	}

	async navigate(targetId: string, options: NavigateTreeOptions): Promise<{ cancelled: boolean; editorText?: string }> {
		const controller = new AbortController();
		this.controller = controller;
		try {
			const { getModel, onNavigated, ...host } = this.host;
			return await navigateSessionTree(targetId, options, { ...host, model: getModel(), signal: controller.signal });
		} finally {
			if (this.controller === controller) this.controller = undefined;
			this.host.onNavigated();
		}
	}

	/** Cancels a running branch summary. */
	abort(): void {
		this.controller?.abort();
	}
}
