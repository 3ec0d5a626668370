import type { MockBlock, MockReply, MockStopReason, MockStreamError } from "../types.js";
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

/** A thinking block with its deltas cut. */
export interface PlannedThinking {
	type: "thinking";
	text: string;
	pieces: string[];
	signature: string | undefined;
	redacted: boolean;
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
