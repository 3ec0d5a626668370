import type { Component } from "@pi/tui";
import { describe, expect, it } from "vitest";
import { TranscriptContainer } from "../../../src/modes/interactive/components/transcript-container.js";

/** Returns the same array until `set` is called, like the transcript components. */
class Cached implements Component {
	private lines: string[];

	constructor(...lines: string[]) {
		this.lines = lines;
	}

	set(...lines: string[]): void {
		this.lines = lines;
	}

	render(): string[] {
		return this.lines;
	}

	invalidate(): void {}
}

describe("TranscriptContainer", () => {
	it("matches plain concatenation through appends, changes in the middle, removals and width changes", () => {
		const container = new TranscriptContainer();
		const a = new Cached("a1", "a2");
		const b = new Cached("b1");
		const c = new Cached("c1");
		const all = (): string[] => container.children.flatMap((child) => child.render(80));
		container.addChild(a);
		expect(container.render(80)).toEqual(["a1", "a2"]);
		container.addChild(b);
		expect(container.render(80)).toEqual(all());
		b.set("b1", "b2");
		expect(container.render(80)).toEqual(["a1", "a2", "b1", "b2"]);
		container.addChild(c);
		expect(container.render(80)).toEqual(all());
		a.set("A");
		expect(container.render(80)).toEqual(["A", "b1", "b2", "c1"]);
		container.removeChild(b);
		expect(container.render(80)).toEqual(["A", "c1"]);
		expect(container.render(40)).toEqual(["A", "c1"]);
		container.clear();
		expect(container.render(40)).toEqual([]);
	});

	it("reuses the joined prefix while only the last child changes", () => {
		const container = new TranscriptContainer();
		const history = Array.from({ length: 100 }, (_, index) => new Cached(`line ${index}`));
		for (const child of history) container.addChild(child);
		const streaming = new Cached("");
		container.addChild(streaming);
		container.render(80);
		streaming.set("partial");
		const frame = container.render(80);
		expect(frame).toHaveLength(101);
		expect(frame.at(-1)).toBe("partial");
		expect(frame[0]).toBe("line 0");
	});
});
