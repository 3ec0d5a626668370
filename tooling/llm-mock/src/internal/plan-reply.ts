import type {
	MockBlock,
	MockReasoningField,
	MockReply,
	MockStopReason,
	MockStreamError,
	MockThinkingBlock,
	MockVendorStopReason,
} from "../types.js";
import { ScriptError } from "./script-error.js";
import { splitPieces } from "./split-pieces.js";

/** Usage with every count filled in. */
export interface PlannedUsage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	reasoning: number;
}

/** A text block with its deltas cut. */
export interface PlannedText {
	type: "text";
	text: string;
	pieces: string[];
	signature: string | undefined;
}

/** One reasoning summary part (OpenAI Responses) with its deltas cut. */
export interface PlannedSummaryPart {
	text: string;
	pieces: string[];
}

/** A thinking block with its deltas cut. */
export interface PlannedThinking {
	type: "thinking";
	text: string;
	pieces: string[];
	signature: string | undefined;
	redacted: boolean;
	/** The script's `summary` parts; undefined when it gave none (the whole text is one part). */
	summary: PlannedSummaryPart[] | undefined;
}

/** A tool call with its arguments as JSON text cut into deltas. */
export interface PlannedToolCall {
	type: "toolCall";
	id: string | undefined;
	name: string;
	arguments: string;
	pieces: string[];
	signature: string | undefined;
}

/** One block ready for a vendor renderer. */
export type PlannedBlock = PlannedText | PlannedThinking | PlannedToolCall;

/** A reply with defaults applied, shared by every vendor renderer. */
export interface PlannedReply {
	blocks: PlannedBlock[];
	stopReason: MockStopReason;
	vendorStopReason: MockVendorStopReason | undefined;
	/** The script's; undefined lets the route pick its default (see openai-completions.ts). */
	reasoningField: MockReasoningField | undefined;
	usage: PlannedUsage;
	id: string | undefined;
	model: string | undefined;
	streamError: MockStreamError | undefined;
}

/** Applies defaults and cuts deltas. Throws `ScriptError` when a block cannot be rendered. */
export function planReply(reply: MockReply): PlannedReply {
	const blocks = reply.blocks.map((block, index) => planBlock(block, `blocks[${index}]`));
	const hasToolCall = blocks.some((block) => block.type === "toolCall");
	const characters = blocks.reduce(
		(sum, block) => sum + (block.type === "toolCall" ? block.arguments.length : block.text.length),
		0,
	);
	const usage = reply.usage;
	return {
		blocks,
		stopReason: reply.stopReason ?? (hasToolCall ? "toolUse" : "stop"),
		vendorStopReason: reply.vendorStopReason,
		reasoningField: reply.reasoningField,
		usage: {
			input: usage?.input ?? 10,
			output: usage?.output ?? Math.max(1, Math.ceil(characters / 4)),
			cacheRead: usage?.cacheRead ?? 0,
			cacheWrite: usage?.cacheWrite ?? 0,
			reasoning: usage?.reasoning ?? 0,
		},
		id: reply.id,
		model: reply.model,
		streamError: reply.streamError,
	};
}

function planBlock(block: MockBlock, what: string): PlannedBlock {
	switch (block.type) {
		case "text":
			return {
				type: "text",
				text: block.text,
				pieces: splitPieces(block.text, block.deltas, what),
				signature: block.signature,
			};
		case "thinking":
			return {
				type: "thinking",
				text: block.text,
				pieces: splitPieces(block.text, block.deltas, what),
				signature: block.signature,
				redacted: block.redacted === true,
				summary: planSummary(block, what),
			};
		case "toolCall": {
			const argumentsText = typeof block.arguments === "string" ? block.arguments : JSON.stringify(block.arguments);
			return {
				type: "toolCall",
				id: block.id,
				name: block.name,
				arguments: argumentsText,
				pieces: splitPieces(argumentsText, block.deltas, what),
				signature: block.signature,
			};
		}
		default:
			return assertNever(block, what);
	}
}

/** Separator between summary parts in the vendor-neutral text (how clients join them). */
const SUMMARY_SEPARATOR = "\n\n";

function planSummary(block: MockThinkingBlock, what: string): PlannedSummaryPart[] | undefined {
	if (block.summary === undefined) return undefined;
	if (block.summary.join(SUMMARY_SEPARATOR) !== block.text) {
		throw new ScriptError(`${what}: "text" must equal the "summary" parts joined by a blank line`);
	}
	if (Array.isArray(block.deltas)) {
		throw new ScriptError(`${what}: "deltas" must be a number (or absent) when "summary" is given`);
	}
	return block.summary.map((text, index) => ({
		text,
		pieces: splitPieces(text, block.deltas, `${what}.summary[${index}]`),
	}));
}

function assertNever(value: never, what: string): never {
	throw new ScriptError(`${what}: unknown block type ${JSON.stringify((value as { type?: unknown }).type)}`);
}

/** Parses tool arguments for vendors that send an object (Anthropic JSON, Google); `{}` when not a JSON object. */
export function parseArgumentsObject(argumentsText: string): Record<string, unknown> {
	try {
		const parsed: unknown = JSON.parse(argumentsText);
		if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
			return parsed as Record<string, unknown>;
		}
	} catch {
		// Not JSON: scripts may stream deliberately broken arguments; object-only vendors get `{}`.
	}
	return {};
}
