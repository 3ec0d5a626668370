import type { StopReason, TextContent, ThinkingContent, ToolCall } from "../types.js";
import type { UsageUpdate } from "./shared/assistant-message-builder.js";

/**
 * How a faux block is cut into deltas: a number of (nearly equal) chunks, or the exact deltas.
 * Default: about three chunks of at most 16 characters each. Surrogate pairs are never split.
 */
export interface FauxChunking {
	chunks?: number | readonly string[];
}

/** A scripted text block. */
export type FauxTextBlock = TextContent & FauxChunking;
/** A scripted thinking block (`redacted` ones stream no deltas, only their signature). */
export type FauxThinkingBlock = ThinkingContent & FauxChunking;
/** A scripted tool call; an empty `id` becomes `faux_call_<n>` (unique per faux provider). */
export type FauxToolCallBlock = ToolCall & FauxChunking;
/** Any scripted content block. */
export type FauxBlock = FauxTextBlock | FauxThinkingBlock | FauxToolCallBlock;

/**
 * One scripted reply: content to stream and how it ends. `stopReason` "error"/"aborted" ends with
 * an `error` event carrying `errorMessage`; "pending" counts as "stop". `usage` overrides the
 * estimated counters field by field. A full `AssistantMessage` is a valid script.
 */
export interface FauxScript {
	role?: "assistant";
	content: readonly FauxBlock[];
	stopReason?: StopReason;
	errorMessage?: string;
	responseId?: string;
	usage?: UsageUpdate;
}

/** Options of `fauxAssistantMessage`. */
export interface FauxAssistantMessageOptions {
	stopReason?: StopReason;
	errorMessage?: string;
	responseId?: string;
	usage?: UsageUpdate;
}

function withChunks<T extends object>(block: T, chunks: FauxChunking["chunks"]): T & FauxChunking {
	return chunks === undefined ? block : { ...block, chunks };
}

/** A text block. `options.chunks` as an array also defines the text (their concatenation). */
export function fauxText(text: string, options: FauxChunking & { textSignature?: string } = {}): FauxTextBlock {
	const body = Array.isArray(options.chunks) ? options.chunks.join("") : text;
	const block: TextContent = options.textSignature
		? { type: "text", text: body, textSignature: options.textSignature }
		: { type: "text", text: body };
	return withChunks(block, options.chunks);
}

/** A thinking block with an optional signature. */
export function fauxThinking(
	thinking: string,
	signature?: string,
	options: FauxChunking & { redacted?: boolean } = {},
): FauxThinkingBlock {
	const body = Array.isArray(options.chunks) ? options.chunks.join("") : thinking;
	const block: ThinkingContent = { type: "thinking", thinking: body };
	if (signature !== undefined) block.thinkingSignature = signature;
	if (options.redacted) block.redacted = true;
	return withChunks(block, options.chunks);
}

/** A tool call. Without an id, the faux provider assigns `faux_call_<n>` when it streams it. */
export function fauxToolCall(
	name: string,
	args: Record<string, unknown>,
	idOrOptions?: string | (FauxChunking & { id?: string; thoughtSignature?: string }),
): FauxToolCallBlock {
	const options = typeof idOrOptions === "string" ? { id: idOrOptions } : (idOrOptions ?? {});
	const block: ToolCall = { type: "toolCall", id: options.id ?? "", name, arguments: args };
	if (options.thoughtSignature) block.thoughtSignature = options.thoughtSignature;
	return withChunks(block, options.chunks);
}

/** A scripted reply. A string becomes one text block. */
export function fauxAssistantMessage(
	content: string | FauxBlock | readonly FauxBlock[],
	options: FauxAssistantMessageOptions = {},
): FauxScript {
	const blocks =
		typeof content === "string" ? [fauxText(content)] : Array.isArray(content) ? [...content] : [content as FauxBlock];
	const script: FauxScript = { role: "assistant", content: blocks, stopReason: options.stopReason ?? "stop" };
	if (options.errorMessage !== undefined) script.errorMessage = options.errorMessage;
	if (options.responseId !== undefined) script.responseId = options.responseId;
	if (options.usage !== undefined) script.usage = options.usage;
	return script;
}

/**
 * Splits `text` into deltas per `chunking` (see `FauxChunking`). Never returns empty pieces and
 * never splits a surrogate pair.
 */
export function splitIntoChunks(text: string, chunking: FauxChunking["chunks"]): string[] {
	if (Array.isArray(chunking)) return chunking.filter((chunk) => chunk !== "");
	if (text === "") return [];
	const boundaries: number[] = [];
	if (typeof chunking === "number") {
		const count = Math.max(1, Math.floor(chunking));
		for (let i = 1; i < count; i++) boundaries.push(Math.round((i * text.length) / count));
	} else {
		const size = Math.min(16, Math.ceil(text.length / 3));
		for (let end = size; end < text.length; end += size) boundaries.push(end);
	}
	boundaries.push(text.length);
	const chunks: string[] = [];
	let start = 0;
	for (let end of boundaries) {
		// Keep a high surrogate with its low half.
		const code = text.charCodeAt(end - 1);
		if (code >= 0xd800 && code <= 0xdbff && end < text.length) end++;
		if (end <= start) continue;
		chunks.push(text.slice(start, end));
		start = end;
	}
	return chunks;
}
