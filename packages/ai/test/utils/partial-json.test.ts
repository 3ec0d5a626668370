import { describe, expect, it } from "vitest";
import { parsePartialJson, parseToolArguments } from "../../src/utils/partial-json.js";

describe("parsePartialJson", () => {
	it("parses complete JSON", () => {
		expect(parsePartialJson('{"a":1,"b":[true,null]}')).toEqual({ a: 1, b: [true, null] });
	});

	it("closes a string cut mid-word", () => {
		expect(parsePartialJson('{"path":"src/ind')).toEqual({ path: "src/ind" });
	});

	it("closes nested objects and arrays", () => {
		expect(parsePartialJson('{"a":{"b":[1,2,{"c":"x')).toEqual({ a: { b: [1, 2, { c: "x" }] } });
	});

	it("drops a dangling key, colon or comma", () => {
		expect(parsePartialJson('{"a":1,"b"')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":1,"b":')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":1,')).toEqual({ a: 1 });
		expect(parsePartialJson("[1,2,")).toEqual([1, 2]);
	});

	it("handles escapes, including a cut escape sequence", () => {
		expect(parsePartialJson('{"t":"say \\"hi\\"')).toEqual({ t: 'say "hi"' });
		expect(parsePartialJson('{"t":"line\\')).toEqual({ t: "line" });
		expect(parsePartialJson('{"t":"a\\u00')).toEqual({ t: "a" });
		expect(parsePartialJson('{"t":"brace } in \\"string\\" [')).toEqual({ t: 'brace } in "string" [' });
	});

	it("handles unicode text and escapes", () => {
		expect(parsePartialJson('{"t":"中文 😀 \\u00fc')).toEqual({ t: "中文 😀 ü" });
	});

	it("returns undefined for empty input and never throws on garbage", () => {
		expect(parsePartialJson("")).toBeUndefined();
		expect(parsePartialJson("   ")).toBeUndefined();
		expect(() => parsePartialJson("}{][")).not.toThrow();
	});

	it("parses every prefix of a document without throwing", () => {
		const doc = JSON.stringify({ path: "a/b.ts", edits: [{ old: 'x "q"', new: "y\n😀" }], n: -1.5e3, ok: false });
		for (let i = 0; i <= doc.length; i++) expect(() => parsePartialJson(doc.slice(0, i))).not.toThrow();
		expect(parsePartialJson(doc)).toEqual(JSON.parse(doc));
	});
});

describe("parseToolArguments", () => {
	it("always returns an object", () => {
		expect(parseToolArguments("")).toEqual({});
		expect(parseToolArguments("[1,2]")).toEqual({});
		expect(parseToolArguments('"str"')).toEqual({});
		expect(parseToolArguments("null")).toEqual({});
		expect(parseToolArguments('{"a":')).toEqual({});
		expect(parseToolArguments('{"a":"b')).toEqual({ a: "b" });
	});
});
