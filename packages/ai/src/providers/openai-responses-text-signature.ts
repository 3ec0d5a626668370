/** Phase of an assistant message item (GPT-5 Codex-style commentary vs. final answer). */
export type MessagePhase = "commentary" | "final_answer";

/** A message item id plus its phase, as stored in `TextContent.textSignature`. */
export interface TextSignature {
	id: string;
	phase?: MessagePhase;
}

/**
 * Encodes a Responses message item for `textSignature` (ai.md §2.1): the bare id, or the JSON form
 * `{"v":1,"id":"…","phase":"…"}` when the item has a phase.
 */
export function encodeTextSignature(signature: TextSignature): string {
	return signature.phase ? JSON.stringify({ v: 1, id: signature.id, phase: signature.phase }) : signature.id;
}

/** Reads either `textSignature` form back; undefined for an empty or unreadable signature. */
export function parseTextSignature(signature: string | undefined): TextSignature | undefined {
	if (!signature) return undefined;
	if (!signature.startsWith("{")) return { id: signature };
	try {
		const parsed: unknown = JSON.parse(signature);
		if (typeof parsed !== "object" || parsed === null) return undefined;
		const { v, id, phase } = parsed as Record<string, unknown>;
		if (v !== 1 || typeof id !== "string" || id === "") return undefined;
		return phase === "commentary" || phase === "final_answer" ? { id, phase } : { id };
	} catch {
		// Not our JSON form: nothing usable to replay.
		return undefined;
	}
}
