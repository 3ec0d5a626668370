import { describe, expect, it } from "vitest";
import { ScriptError } from "../src/internal/script-error.js";
import { splitPieces } from "../src/internal/split-pieces.js";

describe("splitPieces", () => {
	it("splits into N roughly equal pieces by code point", () => {
		expect(splitPieces("abcdefgh", 3, "b")).toEqual(["ab", "cde", "fgh"]);
	});

	it("never splits a surrogate pair and keeps lone surrogates", () => {
		const text = "😀😀😀\uD800x";
		const pieces = splitPieces(text, 5, "b");
		expect(pieces).toEqual(["😀", "😀", "😀", "\uD800", "x"]);
		expect(pieces.join("")).toBe(text);
	});

	it("caps the piece count at the number of code points and gives none for empty text", () => {
		expect(splitPieces("ab", 10, "b")).toEqual(["a", "b"]);
		expect(splitPieces("", 3, "b")).toEqual([]);
	});

	it("defaults to one piece per 16 code points", () => {
		expect(splitPieces("x".repeat(33), undefined, "b")).toHaveLength(3);
	});

	it("uses explicit pieces verbatim and rejects ones that do not add up", () => {
		expect(splitPieces("hello", ["he", "", "llo"], "b")).toEqual(["he", "", "llo"]);
		expect(() => splitPieces("hello", ["he"], "blocks[2]")).toThrow(ScriptError);
		expect(() => splitPieces("hello", 0, "b")).toThrow(/positive number/);
	});
});
