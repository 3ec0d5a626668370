import type { Model } from "@pi/ai";
import type { SessionMessage } from "../messages.js";
import { entryToMessage } from "../session/session-context.js";
import type { CompactionEntry, SessionEntry } from "../session/session-types.js";
import { BRANCH_SUMMARY_INSTRUCTIONS, BRANCH_SUMMARY_PREAMBLE } from "./compaction-prompts.js";
import {
	appendFileLists,
	collectFileOperations,
	collectFileOperationsFromEntry,
	emptyFileOperations,
	toFileDetails,
} from "./file-operations.js";
import { type GeneratedSummary, type SummaryCompleteFn, summarize } from "./generate-summary.js";
import { estimateTokens } from "./token-estimate.js";

/** Output budget of a branch summary, in tokens. */
const BRANCH_SUMMARY_MAX_TOKENS = 4096;

/** The abandoned part of the tree between the old leaf and the common ancestor. */
export interface BranchSummaryPreparation {
	targetId: string;
	oldLeafId: string | null;
	commonAncestorId: string | null;
	/** Chronological. */
	entriesToSummarize: SessionEntry[];
}

/**
 * Collects the entries to summarise when moving from `oldLeafId` to `targetId` (compaction.md §7):
 * from the old leaf back to (excluding) the deepest common ancestor, stopping at and including a
 * compaction entry met first.
 */
export function collectBranchEntries(
	branchOf: (id: string | null) => SessionEntry[],
	oldLeafId: string | null,
	targetId: string,
): BranchSummaryPreparation {
	const oldPath = branchOf(oldLeafId);
	const targetIds = new Set(branchOf(targetId).map((entry) => entry.id));
	let commonAncestorId: string | null = null;
	for (const entry of oldPath) if (targetIds.has(entry.id)) commonAncestorId = entry.id;
	const collected: SessionEntry[] = [];
	for (let i = oldPath.length - 1; i >= 0; i--) {
		const entry = oldPath[i]!;
		if (entry.id === commonAncestorId) break;
		collected.push(entry);
		if (entry.type === "compaction") break;
	}
	return { targetId, oldLeafId, commonAncestorId, entriesToSummarize: collected.reverse() };
}

function entryMessage(entry: SessionEntry): SessionMessage | undefined {
	if (entry.type === "compaction") {
		const compaction = entry as CompactionEntry;
		return {
			role: "compactionSummary",
			summary: compaction.summary,
			tokensBefore: compaction.tokensBefore,
			timestamp: Date.parse(entry.timestamp),
		};
	}
	return entryToMessage(entry);
}

/** Messages newest-first while their estimates fit the budget; returned chronologically. */
export function selectMessagesWithinBudget(entries: readonly SessionEntry[], budget: number): SessionMessage[] {
	const selected: SessionMessage[] = [];
	let used = 0;
	for (let i = entries.length - 1; i >= 0; i--) {
		const message = entryMessage(entries[i]!);
		if (!message) continue;
		const tokens = estimateTokens(message);
		const isSummary = message.role === "compactionSummary" || message.role === "branchSummary";
		if (used + tokens > budget) {
			if (isSummary) continue;
			break;
		}
		used += tokens;
		selected.push(message);
	}
	return selected.reverse();
}

/** Generates the stored branch summary text (preamble + model output + file lists). */
export async function generateBranchSummary(
	preparation: BranchSummaryPreparation,
	options: {
		model: Model;
		complete: SummaryCompleteFn;
		reserveTokens: number;
		apiKey?: string;
		signal?: AbortSignal;
		customInstructions?: string;
		replaceInstructions?: boolean;
	},
): Promise<GeneratedSummary> {
	const fileOps = emptyFileOperations();
	for (const entry of preparation.entriesToSummarize) {
		collectFileOperationsFromEntry(entry, fileOps);
		const message = entryToMessage(entry);
		if (message) collectFileOperations(message, fileOps);
	}
	const details = toFileDetails(fileOps);
	const budget = Math.max(0, options.model.contextWindow - options.reserveTokens);
	const messages = selectMessagesWithinBudget(preparation.entriesToSummarize, budget);
	if (messages.length === 0) return { summary: "No content to summarize", details };
	const replace = options.replaceInstructions && options.customInstructions?.trim();
	const { text, usage } = await summarize({
		model: options.model,
		complete: options.complete,
		apiKey: options.apiKey,
		signal: options.signal,
		messages,
		instructions: replace ? options.customInstructions!.trim() : BRANCH_SUMMARY_INSTRUCTIONS,
		customInstructions: replace ? undefined : options.customInstructions,
		maxTokens: BRANCH_SUMMARY_MAX_TOKENS,
	});
	return { summary: appendFileLists(`${BRANCH_SUMMARY_PREAMBLE}${text}`, details), details, usage };
}
