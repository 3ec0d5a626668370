import type { MockDeltas } from "../types.js";
import { ScriptError } from "./script-error.js";

/** Code points per delta when a block gives no `deltas`. */
const DEFAULT_CODE_POINTS_PER_DELTA = 16;

/**
 * Cuts `text` into the pieces that are streamed as deltas. A number N gives N roughly equal pieces
 * by code point (`Array.from` keeps surrogate pairs whole; lone surrogates stay single elements);
 * an array is used verbatim and must concatenate to `text`. Empty text gives no pieces.
 * Throws `ScriptError` for a bad `deltas` value.
 */
export function splitPieces(text: string, deltas: MockDeltas | undefined, what: string): string[] {
	if (Array.isArray(deltas)) {
		if (deltas.join("") !== text) {
			throw new ScriptError(`${what}: the strings in "deltas" do not concatenate to its text`);
		}
		return deltas.slice();
	}
	if (text === "") return [];
	const codePoints = Array.from(text);
	const count =
		deltas === undefined ? Math.ceil(codePoints.length / DEFAULT_CODE_POINTS_PER_DELTA) : Math.floor(deltas);
	if (!Number.isFinite(count) || count < 1) {
		throw new ScriptError(`${what}: "deltas" must be a positive number or an array of strings`);
	}
	const pieceCount = Math.min(count, codePoints.length);
	const pieces: string[] = [];
	for (let index = 0; index < pieceCount; index++) {
		const start = Math.floor((index * codePoints.length) / pieceCount);
		const end = Math.floor(((index + 1) * codePoints.length) / pieceCount);
		pieces.push(codePoints.slice(start, end).join(""));
	}
	return pieces;
}
