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

const HISTORY = ["$ echo before", "shell output 1", "shell output 2"];

/** Height-only, wider, narrower, or several sizes before one render. */
function resizeRandomly(
	terminal: { columns: number; rows: number; resize(columns: number, rows: number): void },
	next: () => number,
): void {
	const kind = next();
	const rows = (): number => 4 + Math.floor(next() * 6);
	if (kind < 0.35) terminal.resize(terminal.columns, rows());
	else if (kind < 0.6) terminal.resize(Math.min(40, terminal.columns + 1 + Math.floor(next() * 8)), rows());
	else if (kind < 0.8) terminal.resize(10 + Math.floor(next() * 20), rows());
	else {
		terminal.resize(terminal.columns, rows());
		terminal.resize(terminal.columns, rows());
	}
}

describe("TUI renderer under random edits", () => {
	for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
		it(`keeps scrollback + screen equal to the content (seed ${seed})`, async () => {
			const next = random(seed);
			const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
			const line = (): string => Array.from({ length: Math.floor(next() * 8) }, () => pick(WORDS)).join(" ");
			const { tui, settle, terminal } = createHarness(20, 6);
			// Shell output above the app must survive every render except a full redraw.
			terminal.write(`${HISTORY.join("\r\n")}\r\n`);
			const content = new StaticLines([line()]);
			tui.addChild(content);
			for (let step = 0; step < 200; step++) {
				const lines = [...content.lines];
				const action = next();
				if (action < 0.35) lines.push(line());
				else if (action < 0.6 && lines.length > 0) {
					// Mostly near the bottom, as in a chat app; sometimes anywhere (forcing a full redraw).
					const span = next() < 0.8 ? Math.min(8, lines.length) : lines.length;
					lines[lines.length - 1 - Math.floor(next() * span)] = line();
				} else if (action < 0.7) lines.splice(Math.floor(next() * lines.length));
				else if (action < 0.8 && lines.length > 0) {
					const row = lines.length - 1 - Math.floor(next() * Math.min(3, lines.length));
					lines[row] = `> ${CURSOR_MARKER}${line()}`;
				} else if (action < 0.88) resizeRandomly(terminal, next);
				else for (let count = 0; count < 5; count++) lines.push(line());
				content.lines = lines;
				tui.requestRender();
				await settle();
				const expected = expectedScreenText(content.lines, terminal.columns);
				const history = tui.fullRedrawCount === 1 ? HISTORY : [];
				expect(terminal.getAllLines(), `seed ${seed} step ${step}`).toEqual(
					expected.length === 0 ? history : [...history, ...expected],
				);
			}
		});
	}
});
