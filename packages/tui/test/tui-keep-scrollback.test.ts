import { describe, expect, it } from "vitest";
import type { Component } from "../src/component.js";
import { TUI } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";
import { flushTerminal } from "./support/harness.js";

/** Lines padded to the full width, as chat apps draw backgrounds: every line changes on a widening. */
class PaddedLines implements Component {
	constructor(public texts: string[]) {}

	render(width: number): string[] {
		return this.texts.map((text) => text.padEnd(width, "."));
	}

	invalidate(): void {}
}

async function setup(keepScrollbackOnResize: boolean) {
	const terminal = new VirtualTerminal(20, 5);
	const queue: Array<() => void> = [];
	const tui = new TUI(terminal, { scheduleRender: (callback) => queue.push(callback), keepScrollbackOnResize });
	const content = new PaddedLines(Array.from({ length: 12 }, (_, index) => `line ${index}`));
	tui.addChild(content);
	tui.start();
	const settle = async () => {
		while (queue.length > 0) queue.shift()?.();
		await flushTerminal(terminal);
	};
	await settle();
	return { terminal, tui, content, settle };
}

describe("TUI keepScrollbackOnResize", () => {
	it("a widening redraws the screen and keeps the scrollback instead of clearing it", async () => {
		const { terminal, tui, settle } = await setup(true);
		expect(terminal.getScrollback()[0]).toBe("line 0..............");
		terminal.resize(30, 5);
		await settle();
		expect(tui.fullRedrawCount).toBe(1);
		expect(terminal.getScrollback()[0]).toBe("line 0..............");
		expect(terminal.getViewport()).toEqual(
			Array.from({ length: 5 }, (_, index) => `line ${index + 7}`.padEnd(30, ".")),
		);
		const all = terminal.getAllLines().join("\n");
		expect(all.match(/line 3\./g)).toHaveLength(1);
	});

	it("later updates after the widening are drawn in place", async () => {
		const { terminal, content, settle, tui } = await setup(true);
		terminal.resize(30, 5);
		await settle();
		content.texts.push("line 12");
		tui.requestRender();
		await settle();
		expect(terminal.getViewport().at(-1)).toBe("line 12".padEnd(30, "."));
		expect(terminal.getViewport().at(-2)).toBe("line 11".padEnd(30, "."));
		expect(tui.fullRedrawCount).toBe(1);
	});

	it("without the option a widening that changes the scrollback clears and redraws everything", async () => {
		const { terminal, tui, settle } = await setup(false);
		terminal.resize(30, 5);
		await settle();
		expect(tui.fullRedrawCount).toBe(2);
		expect(terminal.getScrollback()[0]).toBe("line 0".padEnd(30, "."));
	});
});
