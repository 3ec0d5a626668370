import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import chalk from "chalk";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { CombinedAutocompleteProvider } from "../src/autocomplete.js";
import type { SlashCommand } from "../src/autocomplete-types.js";
import { Editor } from "../src/components/editor.js";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { createHarness } from "./support/harness.js";

const KEY = { tab: "\t", enter: "\r", escape: "\x1b", up: "\x1b[A", down: "\x1b[B", left: "\x1b[D", backspace: "\x7f" };

const COMMANDS: SlashCommand[] = [
	{ name: "model", description: "Pick a model" },
	{ name: "mode", description: "Switch mode" },
	{ name: "quit", description: "Exit pi" },
];

let base = "";

beforeAll(() => {
	chalk.level = 3;
});

beforeEach(() => {
	base = mkdtempSync(join(tmpdir(), "pi-editor-ac-"));
	mkdirSync(join(base, "src"));
	writeFileSync(join(base, "src", "main.ts"), "");
	writeFileSync(join(base, "src", "util.ts"), "");
	writeFileSync(join(base, "package.json"), "");
});

afterEach(() => {
	rmSync(base, { recursive: true, force: true });
});

function typeText(editor: Editor, text: string): void {
	for (const char of text) editor.handleInput(char);
}

function makeEditor(): { editor: Editor; submitted: string[] } {
	const editor = new Editor(undefined, { autocompleteMaxVisible: 2 });
	editor.setAutocompleteProvider(new CombinedAutocompleteProvider(COMMANDS, base));
	editor.focused = true;
	const submitted: string[] = [];
	editor.onSubmit = (text) => submitted.push(text);
	return { editor, submitted };
}

function dropdown(editor: Editor, width = 40): string[] {
	return editor
		.render(width)
		.slice(3)
		.map((line) => stripAnsi(line).trimEnd());
}

describe("Editor autocomplete", () => {
	it("draws the dropdown under the editor on screen, the selection highlighted", async () => {
		const { tui, terminal, settle } = createHarness(30, 8);
		const { editor } = makeEditor();
		tui.addChild(editor);
		tui.setFocus(editor);
		terminal.sendInput("/mo");
		await settle();
		expect(terminal.getViewport().slice(0, 5)).toEqual([
			"─".repeat(30),
			"/mo",
			"─".repeat(30),
			"→ model  Pick a model",
			"  mode   Switch mode",
		]);
		expect(terminal.getCell(3, 2)).toMatchObject({ char: "m", fg: { mode: "palette", index: 6 } });
		expect(terminal.getCell(4, 2)).toMatchObject({ char: "m", fg: { mode: "default" } });
		expect(terminal.getCell(4, 9)).toMatchObject({ char: "S", fg: { mode: "palette", index: 8 } });
		expect(terminal.getCell(0, 0)?.fg).toEqual({ mode: "palette", index: 8 });
		// The hardware cursor hides while the list is open; the inverse cursor cell stays.
		expect(terminal.getCursor().visible).toBe(false);
		expect(terminal.getCell(1, 3)?.inverse).toBe(true);
	});

	it("opens the command list when / is typed and filters as you type", () => {
		const { editor } = makeEditor();
		typeText(editor, "/");
		expect(editor.isShowingAutocomplete()).toBe(true);
		expect(dropdown(editor)).toEqual(["→ model  Pick a model", "  mode   Switch mode", "  (1/3)"]);
		typeText(editor, "q");
		expect(dropdown(editor)).toEqual(["→ quit  Exit pi"]);
	});

	it("moves the selection with Up/Down, wrapping, and scrolls the window", () => {
		const { editor } = makeEditor();
		typeText(editor, "/");
		editor.handleInput(KEY.down);
		editor.handleInput(KEY.down);
		expect(dropdown(editor)).toEqual(["  mode   Switch mode", "→ quit   Exit pi", "  (3/3)"]);
		editor.handleInput(KEY.down);
		expect(dropdown(editor)[0]).toBe("→ model  Pick a model");
		editor.handleInput(KEY.up);
		expect(dropdown(editor)[1]).toBe("→ quit   Exit pi");
	});

	it("accepts with Tab without submitting", () => {
		const { editor, submitted } = makeEditor();
		typeText(editor, "/mo");
		editor.handleInput(KEY.down);
		editor.handleInput(KEY.tab);
		expect(editor.getText()).toBe("/mode ");
		expect(editor.isShowingAutocomplete()).toBe(false);
		expect(submitted).toEqual([]);
	});

	it("accepts a command name with Enter and submits it", () => {
		const { editor, submitted } = makeEditor();
		typeText(editor, "/qu");
		editor.handleInput(KEY.enter);
		expect(submitted).toEqual(["/quit"]);
		expect(editor.getText()).toBe("");
	});

	it("closes on Escape, leaving the text, and the next Enter submits", () => {
		const { editor, submitted } = makeEditor();
		typeText(editor, "/mo");
		editor.handleInput(KEY.escape);
		expect(editor.isShowingAutocomplete()).toBe(false);
		expect(editor.render(40)).toHaveLength(3);
		editor.handleInput(KEY.enter);
		expect(submitted).toEqual(["/mo"]);
	});

	it("closes when the cursor moves and when nothing matches any more", () => {
		const { editor } = makeEditor();
		typeText(editor, "/m");
		editor.handleInput(KEY.left);
		expect(editor.isShowingAutocomplete()).toBe(false);
		editor.handleInput("\x1b[C");
		typeText(editor, "x");
		expect(editor.isShowingAutocomplete()).toBe(false);
		editor.handleInput(KEY.backspace);
		typeText(editor, "o");
		expect(editor.isShowingAutocomplete()).toBe(true);
	});

	it("completes a single path match on Tab directly", () => {
		const { editor } = makeEditor();
		typeText(editor, "read pack");
		editor.handleInput(KEY.tab);
		expect(editor.getText()).toBe("read package.json");
		expect(editor.isShowingAutocomplete()).toBe(false);
	});

	it("keeps completing inside a completed directory", () => {
		const { editor } = makeEditor();
		typeText(editor, "read sr");
		editor.handleInput(KEY.tab);
		expect(editor.getText()).toBe("read src/");
		expect(dropdown(editor)).toEqual(["→ main.ts", "  util.ts"]);
		typeText(editor, "u");
		editor.handleInput(KEY.enter);
		expect(editor.getText()).toBe("read src/util.ts");
	});

	it("completes @ references with a trailing space", () => {
		const { editor } = makeEditor();
		typeText(editor, "look @util");
		expect(dropdown(editor)[0]).toBe("→ util.ts  src/");
		editor.handleInput(KEY.tab);
		expect(editor.getText()).toBe("look @src/util.ts ");
	});

	it("hides the hardware cursor marker while the list is open", () => {
		const { editor } = makeEditor();
		typeText(editor, "/");
		expect(editor.render(40).join("")).not.toContain(CURSOR_MARKER);
		editor.handleInput(KEY.escape);
		expect(editor.render(40).join("")).toContain(CURSOR_MARKER);
	});

	it("undoes an accepted completion in one step", () => {
		const { editor } = makeEditor();
		typeText(editor, "/mo");
		editor.handleInput(KEY.tab);
		expect(editor.getText()).toBe("/model ");
		editor.handleInput("\x1f");
		expect(editor.getText()).toBe("/mo");
	});
});

describe("Editor.refreshAutocomplete", () => {
	it("re-asks the provider for an open list (results that grew meanwhile); opens a closed one only when asked", () => {
		let names = ["first.ts"];
		const editor = new Editor(undefined, { autocompleteMaxVisible: 5 });
		editor.setAutocompleteProvider({
			getSuggestions: (lines, line, col) => {
				const text = (lines[line] ?? "").slice(0, col);
				if (!text.startsWith("@")) return null;
				return { prefix: text, items: names.map((name) => ({ value: `@${name}`, label: name })) };
			},
			applyCompletion: (lines, cursorLine, cursorCol) => ({ lines: [...lines], cursorLine, cursorCol }),
		});
		editor.focused = true;
		expect(editor.refreshAutocomplete()).toBe(false);
		typeText(editor, "@");
		expect(dropdown(editor).join("\n")).not.toContain("second.ts");
		names = ["first.ts", "second.ts"];
		expect(editor.refreshAutocomplete()).toBe(true);
		expect(dropdown(editor).join("\n")).toContain("second.ts");
		editor.handleInput(KEY.escape);
		expect(editor.refreshAutocomplete()).toBe(false);
		expect(editor.isShowingAutocomplete()).toBe(false);
		expect(editor.refreshAutocomplete({ openIfClosed: true })).toBe(true);
		expect(dropdown(editor).join("\n")).toContain("second.ts");
	});
});
