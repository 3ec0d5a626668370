import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import {
	appearanceOf,
	parseTerminalColour,
	queryTerminalAppearance,
	readColourReplies,
	setDetectedTerminalAppearance,
	setDetectedTerminalColours,
} from "../../../src/modes/interactive/terminal-background.js";
import { resolveThemeName } from "../../../src/modes/interactive/theme.js";

/** A TTY stdin that answers the query with `reply`, and records what was put back. */
class FakeStdin extends EventEmitter {
	isTTY = true;
	isRaw = false;
	unshifted: string[] = [];
	constructor(private readonly reply: string | undefined) {
		super();
	}
	setRawMode(mode: boolean) {
		this.isRaw = mode;
	}
	resume() {
		if (this.reply !== undefined) queueMicrotask(() => this.emit("data", Buffer.from(this.reply!, "latin1")));
	}
	pause() {}
	unshift(chunk: Buffer) {
		this.unshifted.push(chunk.toString("latin1"));
	}
}

const stdout = () => ({
	isTTY: true,
	written: "",
	write(data: string) {
		this.written += data;
	},
});

afterEach(() => {
	setDetectedTerminalAppearance(undefined);
	setDetectedTerminalColours({});
});

describe("terminal background (OSC 11)", () => {
	it("parses the colour specs terminals report", () => {
		expect(parseTerminalColour("rgb:ffff/ffff/ffff")).toEqual({ red: 1, green: 1, blue: 1 });
		expect(parseTerminalColour("rgb:00/80/ff")?.green).toBeCloseTo(128 / 255);
		expect(parseTerminalColour("#102030")?.blue).toBeCloseTo(0x30 / 255);
		expect(parseTerminalColour("rgba:0000/0000/0000/ffff")).toEqual({ red: 0, green: 0, blue: 0 });
		expect(parseTerminalColour("?")).toBeUndefined();
	});

	it("decides light or dark by the background, against the foreground when reported", () => {
		const white = { red: 1, green: 1, blue: 1 };
		const black = { red: 0, green: 0, blue: 0 };
		const grey = { red: 0.45, green: 0.45, blue: 0.45 };
		expect(appearanceOf(white)).toBe("light");
		expect(appearanceOf(black)).toBe("dark");
		expect(appearanceOf(grey, white)).toBe("dark");
		expect(appearanceOf(grey, black)).toBe("light");
	});

	it("reads BEL- and ST-terminated replies and keeps other input", () => {
		const replies = readColourReplies("a\x1b]10;rgb:0000/0000/0000\x1b\\\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?1;2cb");
		expect(replies.background).toEqual({ red: 1, green: 1, blue: 1 });
		expect(replies.foreground).toEqual({ red: 0, green: 0, blue: 0 });
		expect(replies.rest).toBe("ab");
	});

	it("asks the terminal, remembers the answer for system and light/dark pairs, and restores the mode", async () => {
		const stdin = new FakeStdin("\x1b]11;rgb:f8f8/f8f8/f0f0\x07\x1b[?62;22cx");
		const out = stdout();
		expect(await queryTerminalAppearance(stdin, out, 5000)).toBe("light");
		expect(out.written).toContain("\x1b]11;?\x07");
		expect(stdin.isRaw).toBe(false);
		expect(stdin.unshifted).toEqual(["x"]);
		expect(stdin.listenerCount("data")).toBe(0);
		// The reported background wins over COLORFGBG; `system` is then built from the terminal's colours.
		expect(resolveThemeName("system", { COLORFGBG: "15;0" })).toBe("system");
		expect(resolveThemeName("sun/moon", { COLORFGBG: "15;0" })).toBe("sun");
	});

	it("a terminal that reports no background leaves COLORFGBG and the dark fallback", async () => {
		expect(await queryTerminalAppearance(new FakeStdin("\x1b[?1;2c"), stdout(), 5000)).toBeUndefined();
		expect(await queryTerminalAppearance(new FakeStdin(undefined), stdout(), 10)).toBeUndefined();
		expect(resolveThemeName("system", { COLORFGBG: "0;15" })).toBe("light");
		expect(resolveThemeName("system", {})).toBe("dark");
	});

	it("reads the 16 ANSI colours (OSC 4), with or without the index (tmux leaves it out)", async () => {
		const spec = (index: number) => `rgb:${index.toString(16).padStart(2, "0")}00/0000/0000`;
		const indexed = Array.from({ length: 16 }, (_, index) => `\x1b]4;${index};${spec(index)}\x07`).join("");
		const stdin = new FakeStdin(`\x1b]11;rgb:0000/0000/0000\x07${indexed}\x1b[?1;2c`);
		const out = stdout();
		await queryTerminalAppearance(stdin, out, 5000);
		expect(out.written).toContain("\x1b]4;15;?\x07");
		expect(out.written.endsWith("\x1b[c")).toBe(true);
		const bare = Array.from({ length: 16 }, (_, index) => `\x1b]4;${spec(index)}\x07`).join("");
		expect(readColourReplies(bare).palette?.map((colour) => Math.round(colour.red * 65535) >> 8)).toEqual(
			Array.from({ length: 16 }, (_, index) => index),
		);
		// tmux answers colours 0-7 only: those are a palette too. Fewer, or a gap: none rather than a misplaced one.
		const first = (count: number) => `${bare.split("\x07").slice(0, count).join("\x07")}\x07`;
		expect(readColourReplies(first(8)).palette).toHaveLength(8);
		expect(readColourReplies(first(7)).palette).toBeUndefined();
		expect(readColourReplies(indexed.replace("\x1b]4;3;", "\x1b]4;33;")).palette).toBeUndefined();
	});

	it("asks nothing when stdin is not a terminal", async () => {
		const stdin = new FakeStdin("\x1b]11;rgb:ffff/ffff/ffff\x07");
		stdin.isTTY = false;
		const out = stdout();
		expect(await queryTerminalAppearance(stdin, out, 10)).toBeUndefined();
		expect(out.written).toBe("");
	});
});
