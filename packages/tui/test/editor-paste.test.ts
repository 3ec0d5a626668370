import { describe, expect, it } from "vitest";
import { Editor } from "../src/components/editor.js";
import { normalizePastedText, PasteAssembler } from "../src/components/editor-paste.js";
import { PasteRegistry, shouldCollapsePaste } from "../src/components/paste-markers.js";
import { wrapPaste } from "../src/paste.js";
import { TUI } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";

describe("PasteAssembler", () => {
	it("joins a paste split over several chunks, even inside the end marker", () => {
		const assembler = new PasteAssembler();
		expect(assembler.push("a\x1b[200~hel")).toEqual([{ kind: "input", data: "a" }]);
		expect(assembler.push("lo\x1b[20")).toEqual([]);
		expect(assembler.isInPaste).toBe(true);
		expect(assembler.push("1~b")).toEqual([
			{ kind: "paste", text: "hello" },
			{ kind: "input", data: "b" },
		]);
	});
});

describe("paste text", () => {
	it("normalises CRLF and CR, expands tabs and drops control characters", () => {
		expect(normalizePastedText("a\r\nb\rc\td\x07\x1b[31me")).toBe("a\nb\nc    de");
	});

	it("collapses pastes over 10 lines or 1000 characters", () => {
		expect(shouldCollapsePaste(Array(10).fill("x").join("\n"))).toBe(false);
		expect(shouldCollapsePaste(Array(11).fill("x").join("\n"))).toBe(true);
		expect(shouldCollapsePaste("x".repeat(1000))).toBe(false);
		expect(shouldCollapsePaste("x".repeat(1001))).toBe(true);
	});

	it("expands only markers of stored pastes", () => {
		const registry = new PasteRegistry();
		const marker = registry.add("one\ntwo");
		expect(marker).toBe("[paste #1 +2 lines]");
		expect(registry.expand(`a ${marker} [paste #9 +3 lines]`)).toBe("a one\ntwo [paste #9 +3 lines]");
	});
});

describe("Editor paste", () => {
	it("inserts a small bracketed paste as text", () => {
		const editor = new Editor();
		editor.handleInput(wrapPaste("line1\r\nline2"));
		expect(editor.getText()).toBe("line1\nline2");
		expect(editor.getLines()).toEqual(["line1", "line2"]);
	});

	it("shows a large paste as a marker and expands it in getText and onSubmit", () => {
		const editor = new Editor();
		const content = Array.from({ length: 123 }, (_, i) => `row ${i}`).join("\n");
		const submitted: string[] = [];
		editor.onSubmit = (text) => submitted.push(text);
		editor.handleInput("see ");
		editor.handleInput(wrapPaste(content));
		expect(editor.getRawText()).toBe("see [paste #1 +123 lines]");
		expect(editor.getText()).toBe(`see ${content}`);
		expect(editor.getExpandedText()).toBe(`see ${content}`);
		editor.handleInput("\r");
		expect(submitted).toEqual([`see ${content}`]);
	});

	it("labels a long single-line paste by its length", () => {
		const editor = new Editor();
		editor.paste("y".repeat(1500));
		expect(editor.getRawText()).toBe("[paste #1 1500 chars]");
	});

	it("numbers markers and deletes a marker as one unit", () => {
		const editor = new Editor();
		const big = "x\n".repeat(20);
		editor.paste(big);
		editor.handleInput(" ");
		editor.paste(big);
		expect(editor.getRawText()).toBe("[paste #1 +21 lines] [paste #2 +21 lines]");
		editor.handleInput("\x7f");
		expect(editor.getRawText()).toBe("[paste #1 +21 lines] ");
		editor.handleInput("\x1b[D");
		editor.handleInput("\x1b[D");
		expect(editor.getCursor().col).toBe(0);
	});

	it("handles a paste delivered through the terminal's stdin buffer", async () => {
		const terminal = new VirtualTerminal(40, 10);
		const tui = new TUI(terminal, { scheduleRender: (callback) => callback() });
		const editor = new Editor();
		tui.addChild(editor);
		tui.setFocus(editor);
		tui.start();
		terminal.sendInput("\x1b[200~pasted\rtext\x1b[201~!");
		await terminal.flush();
		expect(editor.getText()).toBe("pasted\ntext!");
		expect(
			terminal
				.getViewport()
				.slice(1, 3)
				.map((line) => line.trimEnd()),
		).toEqual(["pasted", "text!"]);
		tui.stop();
	});

	it("pastes 10,000 lines quickly and round-trips them through getText", () => {
		const editor = new Editor();
		const content = Array.from({ length: 10_000 }, (_, i) => `line ${i}: ${"x".repeat(i % 50)}`).join("\n");
		const started = performance.now();
		editor.handleInput(wrapPaste(content));
		editor.render(80);
		const text = editor.getText();
		const elapsed = performance.now() - started;
		expect(text).toBe(content);
		expect(editor.getRawText()).toBe("[paste #1 +10000 lines]");
		expect(elapsed).toBeLessThan(3000);
	});

	it("edits a 10,000-line document without quadratic slowdown", () => {
		const editor = new Editor(undefined, { maxVisibleLines: 10 });
		const content = Array.from({ length: 10_000 }, (_, i) => `line ${i} 世界`).join("\n");
		const started = performance.now();
		editor.insertTextAtCursor(content);
		for (let i = 0; i < 50; i++) {
			editor.handleInput("z");
			editor.render(80);
		}
		const elapsed = performance.now() - started;
		expect(editor.getText()).toBe(`${content}${"z".repeat(50)}`);
		expect(elapsed).toBeLessThan(5000);
	});
});
