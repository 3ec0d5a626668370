import { sanitizeToolCallId } from "../transform-messages.js";

/** Longest call id or item id the Responses API accepts. */
const MAX_PART_LENGTH = 64;

/**
 * Maps a foreign tool-call id to the Responses form (ai.md §8.4). `callId|itemId` pairs are
 * sanitised per half to `[A-Za-z0-9_-]`, the item id gets an `fc_` prefix unless it starts with
 * `fc`, each half is cut to 64 characters and trailing `_` are stripped. A plain id (from another
 * API) is sanitised the same way and stays a bare call id.
 */
export function normalizeResponsesToolCallId(id: string): string {
	if (!id.includes("|")) return trimPart(sanitizeToolCallId(id, MAX_PART_LENGTH));
	const [callId = "", itemId = ""] = id.split("|");
	const sanitizedItem = sanitizeToolCallId(itemId, Number.POSITIVE_INFINITY);
	const prefixedItem = sanitizedItem.startsWith("fc") ? sanitizedItem : `fc_${sanitizedItem}`;
	return `${trimPart(sanitizeToolCallId(callId, MAX_PART_LENGTH))}|${trimPart(prefixedItem.slice(0, MAX_PART_LENGTH))}`;
}

/** Splits a stored tool-call id into the wire `call_id` and the optional function-call item id. */
export function splitResponsesToolCallId(id: string): { callId: string; itemId?: string } {
	const separator = id.indexOf("|");
	if (separator < 0) return { callId: id };
	const itemId = id.slice(separator + 1);
	return itemId === "" ? { callId: id.slice(0, separator) } : { callId: id.slice(0, separator), itemId };
}

function trimPart(part: string): string {
	return part.replace(/_+$/, "");
}
