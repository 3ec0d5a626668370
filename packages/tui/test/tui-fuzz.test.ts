import { describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { truncateToWidth } from "../src/text-width.js";
import { createHarness, StaticLines } from "./support/harness.js";

/** Small deterministic PRNG (mulberry32) so a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let value = Math.imul(state ^ (state >>> 15), 1 | state);
		value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
		return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
	};
}

const WORDS = [
	"alpha",
	"beta",
	"日本語",
	"😀",
	"👨‍👩‍👧",
	"e\u0301",
	"\x1b[1mbold\x1b[22m",
	"\x1b[31mred\x1b[39m",
	"x",
	"",
];

function expectedScreenText(lines: string[], width: number): string[] {
	const result = lines.map((line) =>
		stripAnsi(truncateToWidth(line.replaceAll(CURSOR_MARKER, ""), width, "")).trimEnd(),
	);
	while (result.length > 0 && result[result.length - 1] === "") result.pop();
	return result;
}

describe("TUI renderer under random edits", () => {
	for (const seed of [1, 2, 3, 4, 5]) {
		it(`keeps scrollback + screen equal to the content (seed ${seed})`, async () => {
			const next = random(seed);
			const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
			const line = (): string => Array.from({ length: Math.floor(next() * 8) }, () => pick(WORDS)).join(" ");
			const { tui, settle, terminal } = createHarness(20, 6);
			const content = new StaticLines([line()]);
			tui.addChild(content);
			for (let step = 0; step < 150; step++) {
				const lines = [...content.lines];
				const action = next();
				if (action < 0.35) lines.push(line());
				else if (action < 0.6 && lines.length > 0) lines[Math.floor(next() * lines.length)] = line();
				else if (action < 0.7) lines.splice(Math.floor(next() * lines.length));
				else if (action < 0.8 && lines.length > 0) {
					const row = lines.length - 1 - Math.floor(next() * Math.min(3, lines.length));
					lines[row] = `> ${CURSOR_MARKER}${line()}`;
				} else if (action < 0.85) terminal.resize(10 + Math.floor(next() * 20), 4 + Math.floor(next() * 6));
				else for (let count = 0; count < 5; count++) lines.push(line());
				content.lines = lines;
				tui.requestRender();
				await settle();
				expect(terminal.getAllLines(), `seed ${seed} step ${step}`).toEqual(
					expectedScreenText(content.lines, terminal.columns),
				);
			}
		});
	}
});
