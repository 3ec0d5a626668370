import { describe, expect, it } from "vitest";
import { formatKeyId, isKeyRelease, matchesKey, parseKey, parseKeyId, printableText } from "../src/keys.js";

const legacy: Array<[string, string]> = [
	["\r", "enter"],
	["\x1b\r", "alt+enter"],
	["\n", "ctrl+j"],
	["\t", "tab"],
	["\x1b[Z", "shift+tab"],
	["\x7f", "backspace"],
	["\x1b\x7f", "alt+backspace"],
	["\x08", "ctrl+backspace"],
	["\x1b", "escape"],
	["\x1b\x1b", "alt+escape"],
	["\x01", "ctrl+a"],
	["\x17", "ctrl+w"],
	["\x1a", "ctrl+z"],
	["\x00", "ctrl+space"],
	["\x1f", "ctrl+_"],
	[" ", "space"],
	["a", "a"],
	["A", "shift+a"],
	["?", "?"],
	["\x1bb", "alt+b"],
	["\x1bB", "alt+shift+b"],
	["\x1b[A", "up"],
	["\x1b[B", "down"],
	["\x1b[C", "right"],
	["\x1b[D", "left"],
	["\x1bOA", "up"],
	["\x1b[H", "home"],
	["\x1b[F", "end"],
	["\x1bOH", "home"],
	["\x1b[1~", "home"],
	["\x1b[4~", "end"],
	["\x1b[7~", "home"],
	["\x1b[8~", "end"],
	["\x1b[2~", "insert"],
	["\x1b[3~", "delete"],
	["\x1b[5~", "pageup"],
	["\x1b[6~", "pagedown"],
	["\x1b[1;5C", "ctrl+right"],
	["\x1b[1;5D", "ctrl+left"],
	["\x1b[1;3D", "alt+left"],
	["\x1b[1;2A", "shift+up"],
	["\x1b[1;6C", "ctrl+shift+right"],
	["\x1b[3;5~", "ctrl+delete"],
	["\x1b\x1b[D", "alt+left"],
	["\x1bOP", "f1"],
	["\x1bOQ", "f2"],
	["\x1bOR", "f3"],
	["\x1bOS", "f4"],
	["\x1b[11~", "f1"],
	["\x1b[15~", "f5"],
	["\x1b[17~", "f6"],
	["\x1b[18~", "f7"],
	["\x1b[19~", "f8"],
	["\x1b[20~", "f9"],
	["\x1b[21~", "f10"],
	["\x1b[23~", "f11"],
	["\x1b[24~", "f12"],
	["\x1b[1;2P", "shift+f1"],
	["\x1b[15;5~", "ctrl+f5"],
	["\x1b[[A", "f1"],
	["\x1b[a", "shift+up"],
	["\x1bOd", "ctrl+left"],
	["\x1b[3^", "ctrl+delete"],
	["\x1b[27;5;97~", "ctrl+a"],
	["\x1b[27;2;13~", "shift+enter"],
];

const kitty: Array<[string, string]> = [
	["\x1b[13u", "enter"],
	["\x1b[13;2u", "shift+enter"],
	["\x1b[13;3u", "alt+enter"],
	["\x1b[13;5u", "ctrl+enter"],
	["\x1b[27u", "escape"],
	["\x1b[9;2u", "shift+tab"],
	["\x1b[127u", "backspace"],
	["\x1b[127;3u", "alt+backspace"],
	["\x1b[127;5u", "ctrl+backspace"],
	["\x1b[97;5u", "ctrl+a"],
	["\x1b[122;6u", "ctrl+shift+z"],
	["\x1b[122:90;6u", "ctrl+shift+z"],
	["\x1b[119;5u", "ctrl+w"],
	["\x1b[99;9u", "super+c"],
	["\x1b[32;5u", "ctrl+space"],
	["\x1b[45;5u", "ctrl+-"],
	["\x1b[57414u", "enter"],
	["\x1b[57414;2u", "shift+enter"],
	["\x1b[1;5:1C", "ctrl+right"],
	["\x1b[3;1:2~", "delete"],
];

describe("parseKey", () => {
	it.each(legacy)("legacy %j is %s", (data, id) => {
		const key = parseKey(data);
		expect(key && formatKeyId(key)).toBe(id);
	});

	it.each(kitty)("kitty %j is %s", (data, id) => {
		const key = parseKey(data);
		expect(key && formatKeyId(key)).toBe(id);
	});

	it("reports kitty event types", () => {
		expect(parseKey("\x1b[97;1:1u")?.eventType).toBe("press");
		expect(parseKey("\x1b[97;1:2u")?.eventType).toBe("repeat");
		expect(parseKey("\x1b[97;1:3u")?.eventType).toBe("release");
		expect(parseKey("\x1b[1;1:3A")?.eventType).toBe("release");
		expect(isKeyRelease("\x1b[13;1:3u")).toBe(true);
	});

	it("gives kitty text keys their text, with shifted codes and text fields", () => {
		expect(parseKey("\x1b[97u")?.text).toBe("a");
		expect(parseKey("\x1b[97;2u")?.text).toBe("A");
		expect(parseKey("\x1b[49:33;2u")?.text).toBe("!");
		expect(parseKey("\x1b[97;1;228u")?.text).toBe("ä");
		expect(parseKey("\x1b[97;5u")?.text).toBeUndefined();
	});

	it("ignores caps lock and num lock bits", () => {
		expect(formatKeyId(parseKey("\x1b[97;69u")!)).toBe("ctrl+a");
		expect(formatKeyId(parseKey("\x1b[1;129A")!)).toBe("up");
	});

	it("returns undefined for non-keys", () => {
		expect(parseKey("")).toBeUndefined();
		expect(parseKey("hello")).toBeUndefined();
		expect(parseKey("\x1b[200~abc\x1b[201~")).toBeUndefined();
		expect(parseKey("\x1b[<0;3;4M")).toBeUndefined();
		expect(parseKey("\x1b[?1u")).toBeUndefined();
		expect(parseKey("\x1b[57441u")).toBeUndefined();
	});

	it("parses a single emoji as a printable key", () => {
		expect(parseKey("😀")).toMatchObject({ key: "😀", text: "😀" });
	});
});

describe("matchesKey", () => {
	it("matches exact modifiers only", () => {
		expect(matchesKey("\r", "enter")).toBe(true);
		expect(matchesKey("\r", "shift+enter")).toBe(false);
		expect(matchesKey("\x1b[13;2u", "shift+enter")).toBe(true);
		expect(matchesKey("\x1b[13;2u", "enter")).toBe(false);
		expect(matchesKey("\x1b\r", "alt+enter")).toBe(true);
		expect(matchesKey("\x1b[122;6u", "ctrl+shift+z")).toBe(true);
		expect(matchesKey("\x1b[122;6u", "ctrl+z")).toBe(false);
	});

	it("accepts modifiers in any order and case, and aliases", () => {
		expect(matchesKey("\x1b[122;6u", "Shift+Ctrl+Z")).toBe(true);
		expect(matchesKey("\x1b", "esc")).toBe(true);
		expect(matchesKey("\r", "return")).toBe(true);
	});

	it("matches both names of ambiguous legacy bytes", () => {
		expect(matchesKey("\x08", "ctrl+h")).toBe(true);
		expect(matchesKey("\x08", "ctrl+backspace")).toBe(true);
		expect(matchesKey("\t", "ctrl+i")).toBe(true);
		expect(matchesKey("\x1f", "ctrl+-")).toBe(true);
	});

	it("ignores shift for symbols unless the binding asks for it", () => {
		expect(matchesKey("?", "?")).toBe(true);
		expect(matchesKey("?", "shift+?")).toBe(false);
	});

	it("never matches release events", () => {
		expect(matchesKey("\x1b[13;1:3u", "enter")).toBe(false);
		expect(matchesKey("\x1b[13;1:2u", "enter")).toBe(true);
	});

	it("matches function keys with modifiers", () => {
		expect(matchesKey("\x1b[24~", "f12")).toBe(true);
		expect(matchesKey("\x1b[1;2P", "shift+f1")).toBe(true);
	});
});

describe("parseKeyId", () => {
	it("parses the plus key", () => {
		expect(parseKeyId("ctrl++")).toMatchObject({ key: "+", ctrl: true });
	});

	it("throws on unknown modifiers", () => {
		expect(() => parseKeyId("hyperctrl+a")).toThrow(/Unknown modifier/);
	});
});

describe("printableText", () => {
	it("accepts plain text and rejects control input", () => {
		expect(printableText("héllo 世界")).toBe("héllo 世界");
		expect(printableText("\x01")).toBeUndefined();
		expect(printableText("\x1b[A")).toBeUndefined();
		expect(printableText("\x1b[97;2u")).toBe("A");
		expect(printableText("\x1b[97;5u")).toBeUndefined();
	});
});
