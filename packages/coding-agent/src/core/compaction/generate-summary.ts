import { randomUUID } from "node:crypto";
import type { AssistantMessage, Context, Model, SimpleStreamOptions, Usage } from "@pi/ai";
import type { SessionMessage } from "../messages.js";
import { convertToLlm } from "../messages.js";
import {
	buildSummaryRequest,
	INITIAL_SUMMARY_INSTRUCTIONS,
	SUMMARIZATION_SYSTEM_PROMPT,
	TURN_PREFIX_INSTRUCTIONS,
	UPDATE_SUMMARY_INSTRUCTIONS,
} from "./compaction-prompts.js";
import { appendFileLists, toFileDetails } from "./file-operations.js";
import type { CompactionPreparation } from "./prepare-compaction.js";
import { serializeConversation } from "./serialize-conversation.js";

/** One summarisation request: resolves with the final assistant message (never rejects for model errors). */
export type SummaryCompleteFn = (
	model: Model,
	context: Context,
	options: SimpleStreamOptions,
) => Promise<AssistantMessage>;

/** A summariser reply that ended in error; the message keeps the vendor text. */
export class SummarizationError extends Error {
	readonly code = "summarization_failed";
	constructor(
		readonly reply: AssistantMessage,
		readonly aborted: boolean,
	) {
		super(aborted ? "Compaction cancelled" : `Summarization failed: ${reply.errorMessage ?? "unknown error"}`);
	}
}

/** What a finished summary holds. */
export interface GeneratedSummary {
	summary: string;
	details: { readFiles: string[]; modifiedFiles: string[] };
	usage?: Usage;
}

function replyText(reply: AssistantMessage): string {
	return reply.content
		.flatMap((block) => (block.type === "text" ? [block.text] : []))
		.join("\n")
		.trim();
}

function addUsage(a: Usage | undefined, b: Usage): Usage {
	if (!a) return b;
	return {
		input: a.input + b.input,
		output: a.output + b.output,
		cacheRead: a.cacheRead + b.cacheRead,
		cacheWrite: a.cacheWrite + b.cacheWrite,
		totalTokens: a.totalTokens + b.totalTokens,
		cost: {
			input: a.cost.input + b.cost.input,
			output: a.cost.output + b.cost.output,
			cacheRead: a.cost.cacheRead + b.cost.cacheRead,
			cacheWrite: a.cost.cacheWrite + b.cost.cacheWrite,
			total: a.cost.total + b.cost.total,
		},
	};
}

/** Runs one summarisation request and returns its text; throws SummarizationError on error/abort. */
export async function summarize(options: {
	model: Model;
	complete: SummaryCompleteFn;
	messages: readonly SessionMessage[];
	instructions: string;
	previousSummary?: string;
	customInstructions?: string;
	maxTokens: number;
	apiKey?: string;
	signal?: AbortSignal;
	/** Text to use as the conversation when there are no messages. */
	emptyConversation?: string;
}): Promise<{ text: string; usage: Usage }> {
	const conversation =
		options.messages.length === 0 && options.emptyConversation !== undefined
			? options.emptyConversation
			: serializeConversation(convertToLlm(options.messages));
	const request = buildSummaryRequest({
		conversation,
		previousSummary: options.previousSummary,
		instructions: options.instructions,
		customInstructions: options.customInstructions,
	});
	const reply = await options.complete(
		options.model,
		{
			systemPrompt: SUMMARIZATION_SYSTEM_PROMPT,
			messages: [{ role: "user", content: [{ type: "text", text: request }], timestamp: Date.now() }],
		},
		{
			maxTokens: options.maxTokens,
			reasoning: options.model.reasoning ? "high" : undefined,
			apiKey: options.apiKey,
			signal: options.signal,
			sessionId: randomUUID(),
		},
	);
	if (reply.stopReason === "error" || reply.stopReason === "aborted")
		throw new SummarizationError(reply, reply.stopReason === "aborted");
	return { text: replyText(reply), usage: reply.usage };
}

/**
 * Generates a compaction summary (compaction.md §5): the history summary (initial or update),
 * plus a turn-prefix summary in parallel for split turns, then the file lists.
 */
export async function generateCompactionSummary(
	preparation: CompactionPreparation,
	options: {
		model: Model;
		complete: SummaryCompleteFn;
		apiKey?: string;
		signal?: AbortSignal;
		customInstructions?: string;
	},
): Promise<GeneratedSummary> {
	const reserve = preparation.settings.reserveTokens;
	const history = summarize({
		...options,
		messages: preparation.messagesToSummarize,
		instructions: preparation.previousSummary ? UPDATE_SUMMARY_INSTRUCTIONS : INITIAL_SUMMARY_INSTRUCTIONS,
		previousSummary: preparation.previousSummary,
		maxTokens: Math.floor(0.8 * reserve),
		emptyConversation: "No prior history.",
	});
	const prefix = preparation.isSplitTurn
		? summarize({
				...options,
				customInstructions: undefined,
				messages: preparation.turnPrefixMessages,
				instructions: TURN_PREFIX_INSTRUCTIONS,
				maxTokens: Math.floor(0.5 * reserve),
			})
		: undefined;
	const [historyResult, prefixResult] = await Promise.all([history, prefix]);
	let summary = historyResult.text;
	let usage = historyResult.usage;
	if (prefixResult) {
		summary = `${summary}\n\n---\n\n**Turn Context (split turn):**\n\n${prefixResult.text}`;
		usage = addUsage(usage, prefixResult.usage);
	}
	const details = toFileDetails(preparation.fileOps);
	return { summary: appendFileLists(summary, details), details, usage };
}
