import { sanitizeToolCallId } from "../transform-messages.js";
import type { Model } from "../types.js";
import type { ToolCallIdFormat } from "./openai-completions-compat.js";

/** Longest tool-call id OpenAI accepts. */
const OPENAI_MAX_ID_LENGTH = 40;
const MISTRAL_ID_LENGTH = 9;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Maps a foreign tool-call id to one a Chat Completions server accepts (ai.md §8.4).
 *
 * - `callId|itemId` (from Responses-style APIs): only `callId`, sanitised to `[A-Za-z0-9_-]`, ≤ 40.
 * - provider `openai`: ids longer than 40 are truncated.
 * - Mistral: exactly 9 characters `[A-Za-z0-9]`; other ids become a stable base62 hash so two
 *   distinct ids never collapse into one.
 * - anything else passes unchanged.
 */
export function normalizeCompletionsToolCallId(
	id: string,
	model: Pick<Model, "provider">,
	format: ToolCallIdFormat,
): string {
	if (format === "mistral") return toMistralId(id);
	if (id.includes("|")) {
		const [callId = ""] = id.split("|");
		return sanitizeToolCallId(callId, OPENAI_MAX_ID_LENGTH);
	}
	if (model.provider === "openai" && id.length > OPENAI_MAX_ID_LENGTH) return id.slice(0, OPENAI_MAX_ID_LENGTH);
	return id;
}

function toMistralId(id: string): string {
	if (/^[A-Za-z0-9]{9}$/.test(id)) return id;
	// FNV-1a over the UTF-16 units, extended to 9 base62 digits (≈53 bits of spread).
	let high = 0x811c9dc5;
	let low = 0x01000193;
	for (let i = 0; i < id.length; i++) {
		const unit = id.charCodeAt(i);
		high = Math.imul(high ^ unit, 0x01000193) >>> 0;
		low = Math.imul(low ^ unit ^ (high >>> 7), 0x5bd1e995) >>> 0;
	}
	let value = BigInt(high) * 0x100000000n + BigInt(low);
	let result = "";
	for (let i = 0; i < MISTRAL_ID_LENGTH; i++) {
		result += BASE62[Number(value % 62n)];
		value /= 62n;
	}
	return result;
}
