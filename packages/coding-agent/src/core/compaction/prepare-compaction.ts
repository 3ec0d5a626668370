import type { CompactionSettings } from "../config/settings-types.js";
import type { SessionMessage } from "../messages.js";
import { buildContextFromPath, entryToMessage } from "../session/session-context.js";
import type { CompactionEntry, SessionEntry } from "../session/session-types.js";
import { PiUserError } from "../user-error.js";
import {
	collectFileOperations,
	collectFileOperationsFromEntry,
	emptyFileOperations,
	type FileOperations,
} from "./file-operations.js";
import { estimateContextTokens, estimateTokens } from "./token-estimate.js";

/** Everything needed to generate and apply one compaction (compaction.md §4). */
export interface CompactionPreparation {
	firstKeptEntryId: string;
	messagesToSummarize: SessionMessage[];
	turnPrefixMessages: SessionMessage[];
	isSplitTurn: boolean;
	tokensBefore: number;
	previousSummary?: string;
	fileOps: FileOperations;
	settings: CompactionSettings;
}

/** Why a compaction cannot be prepared; the messages are the user-facing errors. */
export class NothingToCompactError extends PiUserError {
	declare readonly code: "nothing_to_compact";
	constructor(message: string) {
		super("nothing_to_compact", message);
		this.name = "NothingToCompactError";
	}
}

const CUT_ROLES = new Set(["user", "assistant", "bashExecution", "custom"]);
const TURN_START_ROLES = new Set(["user", "bashExecution"]);

function isValidCutPoint(entry: SessionEntry): boolean {
	if (entry.type === "custom_message" || entry.type === "branch_summary") return true;
	return entry.type === "message" && CUT_ROLES.has(entry.message.role);
}

function startsTurn(entry: SessionEntry): boolean {
	if (entry.type === "custom_message" || entry.type === "branch_summary") return true;
	return entry.type === "message" && TURN_START_ROLES.has(entry.message.role);
}

function isMessageLike(entry: SessionEntry): boolean {
	return entry.type === "message" || entry.type === "custom_message" || entry.type === "branch_summary";
}

/** Index of the first kept entry within `[start, end)`, or -1 when there is no valid cut point. */
export function findCutPoint(
	path: readonly SessionEntry[],
	start: number,
	end: number,
	keepRecentTokens: number,
): number {
	const validCuts: number[] = [];
	for (let i = start; i < end; i++) if (isValidCutPoint(path[i]!)) validCuts.push(i);
	if (validCuts.length === 0) return -1;
	let accumulated = 0;
	let cut = validCuts[0]!;
	for (let i = end - 1; i >= start; i--) {
		const message = entryToMessage(path[i]!);
		if (!message) continue;
		accumulated += estimateTokens(message);
		if (accumulated >= keepRecentTokens) {
			// Nearest valid cut at or after this entry; when the tail is all tool results, the one before.
			cut = validCuts.find((index) => index >= i) ?? validCuts.filter((index) => index < i).at(-1) ?? cut;
			break;
		}
	}
	// Keep settings changes and other non-message entries just before the cut with the kept part.
	while (cut > start) {
		const previous = path[cut - 1]!;
		if (isMessageLike(previous) || previous.type === "compaction") break;
		cut--;
	}
	return cut;
}

function lastCompactionIndex(path: readonly SessionEntry[]): number {
	for (let i = path.length - 1; i >= 0; i--) if (path[i]!.type === "compaction") return i;
	return -1;
}

function messagesIn(entries: readonly SessionEntry[]): SessionMessage[] {
	return entries.flatMap((entry) => entryToMessage(entry) ?? []);
}

/**
 * Prepares a compaction of a root-first branch. Throws NothingToCompactError with
 * `Already compacted` or `Nothing to compact (session too small)`.
 */
export function prepareCompaction(path: readonly SessionEntry[], settings: CompactionSettings): CompactionPreparation {
	if (path.at(-1)?.type === "compaction") throw new NothingToCompactError("Already compacted");
	const previousIndex = lastCompactionIndex(path);
	const previous = previousIndex >= 0 ? (path[previousIndex] as CompactionEntry) : undefined;
	let start = 0;
	if (previous) {
		const keptIndex = path.findIndex((entry) => entry.id === previous.firstKeptEntryId);
		start = keptIndex >= 0 && keptIndex < previousIndex ? keptIndex : previousIndex + 1;
	}
	const cut = findCutPoint(path, start, path.length, settings.keepRecentTokens);
	if (cut < 0) throw new NothingToCompactError("Nothing to compact (session too small)");
	// The kept part may begin with settings entries; the message after them decides the split.
	let firstKeptMessage = cut;
	while (firstKeptMessage < path.length - 1 && !isMessageLike(path[firstKeptMessage]!)) firstKeptMessage++;
	let turnStart = cut;
	while (turnStart > start && !startsTurn(path[turnStart]!)) turnStart--;
	const isSplitTurn = !startsTurn(path[firstKeptMessage]!) && turnStart < cut && startsTurn(path[turnStart]!);
	const summarizeEnd = isSplitTurn ? turnStart : cut;
	const summarized = path.slice(start, summarizeEnd).filter((entry) => entry.type !== "compaction");
	const turnPrefixMessages = isSplitTurn ? messagesIn(path.slice(turnStart, cut)) : [];
	const messagesToSummarize = messagesIn(summarized);
	// Everything fits in keepRecentTokens: a summary of nothing would only add an entry (1.4 refuses too).
	if (messagesToSummarize.length === 0 && turnPrefixMessages.length === 0)
		throw new NothingToCompactError("Nothing to compact (session too small)");
	const fileOps = emptyFileOperations();
	for (const entry of path.slice(start, cut)) {
		collectFileOperationsFromEntry(entry, fileOps);
		const message = entryToMessage(entry);
		if (message) collectFileOperations(message, fileOps);
	}
	if (previous) collectFileOperationsFromEntry(previous, fileOps);
	return {
		firstKeptEntryId: path[cut]!.id,
		messagesToSummarize,
		turnPrefixMessages,
		isSplitTurn,
		tokensBefore: estimateContextTokens(buildContextFromPath(path).messages),
		previousSummary: previous?.summary,
		fileOps,
		settings,
	};
}
