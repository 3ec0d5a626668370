import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import { validateSettings } from "../../../src/core/config/settings-schema.js";
import type { Settings } from "../../../src/core/config/settings-types.js";
import { resolveTuiSettings } from "../../../src/modes/interactive/tui-settings.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];
const DOWN = "\x1b[B";

async function setup(
	options: { settings?: Settings; columns?: number; rows?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<AppFixture & { settingsFile: SettingsManager }> {
	const agentDir = tempDir();
	const cwd = tempDir();
	writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 0 }, ...options.settings }));
	const settingsManager = SettingsManager.create(cwd, agentDir);
	const fixture = await createAppFixture({
		cwd,
		agentDir,
		settingsManager,
		...(options.columns ? { columns: options.columns } : {}),
		...(options.rows ? { rows: options.rows } : {}),
		...(options.env ? { env: options.env } : {}),
	});
	fixtures.push(fixture);
	await fixture.waitForText("0.0%/128k");
	return { ...fixture, settingsFile: settingsManager };
}

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

/** Opens /settings and moves the selection to `label`. */
async function selectSetting(fixture: AppFixture, label: string): Promise<void> {
	await fixture.type("/settings\r");
	await fixture.waitForText("Settings");
	for (let step = 0; step < 30 && !fixture.screen().includes(`→ ${label}`); step++) await fixture.type(DOWN);
	expect(fixture.screen()).toContain(`→ ${label}`);
}

/** Waits until the settings list shows `value` for `label`. */
function waitForSetting(fixture: AppFixture, label: string, value: string): Promise<void> {
	const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
	const pattern = new RegExp(`${escaped(label)}\\s+${escaped(value)}`);
	return fixture.waitUntil((screen) => pattern.test(screen));
}

function closeOverlay(fixture: AppFixture): Promise<void> {
	// Straight to the TUI: the input buffer would wait to tell a lone ESC from a sequence.
	fixture.app.tui.handleInput("\x1b");
	return fixture.settle();
}

/** Row and column of `text` on the screen. */
function find(fixture: AppFixture, text: string): { row: number; column: number } {
	const viewport = fixture.terminal.getViewport();
	const row = viewport.findIndex((line) => line.includes(text));
	if (row < 0) throw new Error(`"${text}" not on screen:\n${viewport.join("\n")}`);
	return { row, column: viewport[row]!.indexOf(text) };
}

describe("TUI settings: reading", () => {
	it("gives configuration.md's defaults for an empty file", () => {
		expect(resolveTuiSettings({})).toEqual({
			theme: "dark",
			quietStartup: false,
			quietStartupHeaderOnly: false,
			collapseChangelog: false,
			doubleEscapeAction: "tree",
			treeFilterMode: "default",
			editorPaddingX: 0,
			outputPad: 1,
			autocompleteMaxVisible: 5,
			showHardwareCursor: false,
			tuiMode: "regular",
			fullscreenExitOutput: "transcript",
			fullscreenScrollbar: "auto",
			fullscreenWheelScrollLines: "auto",
			externalEditor: undefined,
			codeBlockIndent: "  ",
			showImages: true,
			imageWidthCells: 60,
			clearOnShrink: false,
			showTerminalProgress: false,
			showThinkingBlocks: false,
		});
	});

	it("rejects wrong types and out-of-range values with a warning naming the key; the default applies", () => {
		const { settings, problems } = validateSettings(
			{
				editorPaddingX: 9,
				autocompleteMaxVisible: 2,
				tuiMode: "tiled",
				showHardwareCursor: "yes",
				markdown: { codeBlockIndent: 4 },
				terminal: { imageWidthCells: 0, clearOnShrink: true },
			} as unknown as Settings,
			"/agent/settings.json",
		);
		expect(problems.map((problem) => problem.key).sort()).toEqual([
			"autocompleteMaxVisible",
			"editorPaddingX",
			"markdown.codeBlockIndent",
			"showHardwareCursor",
			"terminal.imageWidthCells",
			"tuiMode",
		]);
		expect(problems.find((problem) => problem.key === "editorPaddingX")?.message).toBe(
			'/agent/settings.json: setting "editorPaddingX" must be a whole number from 0 to 3, not number 9; the default applies',
		);
		const resolved = resolveTuiSettings(settings);
		expect(resolved.editorPaddingX).toBe(0);
		expect(resolved.tuiMode).toBe("regular");
		expect(resolved.clearOnShrink).toBe(true);
	});

	it("reads pi 1.4's fullscreen settings; a wheel line count is floored and clamped to 1–100 as 1.4 does", () => {
		const { settings, problems } = validateSettings(
			{
				fullscreenExitOutput: "resume-hint",
				fullscreenScrollbar: "always",
				fullscreenWheelScrollLines: 250,
			} as Settings,
			"/agent/settings.json",
		);
		expect(problems).toEqual([]);
		expect(resolveTuiSettings(settings)).toMatchObject({
			fullscreenExitOutput: "resume-hint",
			fullscreenScrollbar: "always",
			fullscreenWheelScrollLines: 100,
		});
		expect(resolveTuiSettings({ fullscreenWheelScrollLines: 2.7 }).fullscreenWheelScrollLines).toBe(2);
		expect(resolveTuiSettings({ fullscreenWheelScrollLines: 0 }).fullscreenWheelScrollLines).toBe(1);
		const wrong = validateSettings(
			{ fullscreenScrollbar: "sometimes", fullscreenWheelScrollLines: "fast" } as unknown as Settings,
			"/agent/settings.json",
		);
		expect(wrong.problems.map((problem) => problem.key).sort()).toEqual([
			"fullscreenScrollbar",
			"fullscreenWheelScrollLines",
		]);
		expect(resolveTuiSettings(wrong.settings)).toMatchObject({
			fullscreenScrollbar: "auto",
			fullscreenWheelScrollLines: "auto",
		});
	});

	it("expands tabs in markdown.codeBlockIndent and drops control characters", () => {
		expect(resolveTuiSettings({ markdown: { codeBlockIndent: "\t\x1b|" } }).codeBlockIndent).toBe("    |");
	});
});

describe("TUI settings in the app and in /settings", () => {
	it("/settings lists every TUI preference with its current value", async () => {
		const fixture = await setup({ settings: { tuiMode: "regular", outputPad: 2, terminal: { imageWidthCells: 70 } } });
		await fixture.type("/settings\r");
		await fixture.waitForText("Settings");
		const seen = new Set<string>();
		for (let step = 0; step < 30; step++) {
			for (const line of fixture.terminal.getViewport())
				seen.add(line.replace(/[│→]/g, "").replace(/\s+/g, " ").trim());
			await fixture.type(DOWN);
		}
		const rows = [...seen].join("\n");
		for (const expected of [
			"Theme dark",
			"Quiet start-up off",
			"Collapse changelog off",
			"Double Escape tree",
			"Tree filter default",
			"TUI mode regular",
			"Fullscreen exit output transcript",
			"Fullscreen scrollbar auto",
			"Fullscreen wheel scrolling auto",
			"Hardware cursor off",
			"Editor padding 0",
			"Output padding 2",
			"Autocomplete items 5",
			"Code block indent 2 spaces",
			"Show images on",
			"Image width 70",
			"Clear on shrink off",
			"Terminal progress off",
			"External editor $VISUAL / $EDITOR",
		]) {
			expect(rows).toContain(expected);
		}
	});

	it("Output padding moves the transcript text and is saved globally", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("padded answer")]);
		await fixture.type("hello there\r");
		await fixture.waitForText("padded answer");
		expect(find(fixture, "hello there").column).toBe(1);
		expect(find(fixture, "padded answer").column).toBe(1);
		await selectSetting(fixture, "Output padding");
		await fixture.type("\r");
		await fixture.type("\r");
		await waitForSetting(fixture, "Output padding", "3");
		await closeOverlay(fixture);
		await fixture.waitUntil(() => find(fixture, "hello there").column === 3);
		expect(find(fixture, "padded answer").column).toBe(3);
		// The user message background still spans the whole row.
		const row = find(fixture, "hello there").row;
		expect(fixture.terminal.getCell(row, 0)?.bg).toEqual({ mode: "palette", index: 236 });
		expect(fixture.terminal.getCell(row, 79)?.bg).toEqual({ mode: "palette", index: 236 });
		expect(SettingsManager.create(fixture.cwd, fixture.agentDir).getSettings().outputPad).toBe(3);
	});

	it("Code block indent changes the indentation of fenced code and its colours stay", async () => {
		const fixture = await setup({ settings: { markdown: { codeBlockIndent: "  " } } });
		fixture.faux.setResponses([fauxAssistantMessage("Here:\n\n```js\nconst answer = 42;\n```\n")]);
		await fixture.type("code please\r");
		await fixture.waitForText("const answer");
		const before = find(fixture, "const answer").column;
		const keyword = find(fixture, "const answer");
		expect(fixture.terminal.getCell(keyword.row, keyword.column)?.fg).toEqual({ mode: "palette", index: 176 });
		await selectSetting(fixture, "Code block indent");
		await fixture.type("\r");
		await fixture.waitForText("4 spaces");
		await closeOverlay(fixture);
		await fixture.waitUntil(() => find(fixture, "const answer").column === before + 2);
		const moved = find(fixture, "const answer");
		expect(fixture.terminal.getCell(moved.row, moved.column)?.fg).toEqual({ mode: "palette", index: 176 });
		expect(fixture.settingsFile.getSettings().markdown?.codeBlockIndent).toBe("    ");
	});

	it("Hardware cursor shows the terminal cursor in the editor; off it is only placed there", async () => {
		const fixture = await setup();
		await fixture.type("abc");
		expect(fixture.terminal.getCursor()).toMatchObject({ visible: false, column: find(fixture, "abc").column + 3 });
		fixture.app.editor.setText("");
		await selectSetting(fixture, "Hardware cursor");
		await fixture.type("\r");
		await waitForSetting(fixture, "Hardware cursor", "on");
		await closeOverlay(fixture);
		await fixture.type("abc");
		await fixture.waitUntil(() => fixture.terminal.getCursor().visible);
		expect(fixture.terminal.getCursor().column).toBe(find(fixture, "abc").column + 3);
		expect(fixture.settingsFile.getSettings().showHardwareCursor).toBe(true);
	});

	it("showHardwareCursor from the settings file applies at start", async () => {
		const fixture = await setup({ settings: { showHardwareCursor: true } });
		await fixture.type("x");
		expect(fixture.terminal.getCursor().visible).toBe(true);
	});

	it("Editor padding and Autocomplete items apply to the editor at once", async () => {
		const fixture = await setup();
		await selectSetting(fixture, "Editor padding");
		await fixture.type("\r\r");
		await waitForSetting(fixture, "Editor padding", "2");
		await closeOverlay(fixture);
		await fixture.type("typed");
		expect(find(fixture, "typed").column).toBe(2);
		expect(fixture.settingsFile.getSettings().editorPaddingX).toBe(2);
		fixture.app.editor.setText("");
		const suggestionRows = () =>
			fixture.terminal.getViewport().filter((line) => /^\s+(→ )?\s*[a-z-]+\s{2,}\S/.test(line));
		await fixture.type("/");
		await fixture.waitUntil(() => suggestionRows().length > 0);
		expect(suggestionRows()).toHaveLength(5);
		fixture.app.editor.setText("");
		await selectSetting(fixture, "Autocomplete items");
		// 5 → 8 → 10 → 15 → 20 → 3
		for (let press = 0; press < 5; press++) await fixture.type("\r");
		await waitForSetting(fixture, "Autocomplete items", "3");
		await closeOverlay(fixture);
		await fixture.type("/");
		await fixture.waitUntil(() => suggestionRows().length > 0);
		expect(suggestionRows()).toHaveLength(3);
		expect(fixture.settingsFile.getSettings().autocompleteMaxVisible).toBe(3);
	});

	it("TUI mode fullscreen draws one screen on the alternate screen; PageUp/PageDown scroll the transcript", async () => {
		const fixture = await setup({ rows: 16 });
		fixture.faux.setResponses([
			fauxAssistantMessage(Array.from({ length: 40 }, (_, index) => `answer line ${index}`).join("\n\n")),
		]);
		await fixture.type("long please\r");
		await fixture.waitForText("answer line 39");
		await selectSetting(fixture, "TUI mode");
		await fixture.type("\r");
		// The panel closes itself, so the alternate screen starts clean.
		await fixture.waitUntil((screen) => !screen.includes("Settings"));
		expect(fixture.app.tui.usesAlternateScreen).toBe(true);
		// The footer is on the last row, the editor right above it; the newest lines above that.
		const viewport = fixture.terminal.getViewport();
		expect(viewport[15]).toContain("faux");
		expect(fixture.screen()).toContain("answer line 39");
		await fixture.type("\x1b[5~");
		await fixture.waitForText("Jump to latest");
		expect(fixture.screen()).not.toContain("answer line 39");
		expect(fixture.terminal.getViewport()[15]).toContain("faux");
		for (let page = 0; page < 10; page++) await fixture.type("\x1b[6~");
		await fixture.waitUntil((screen) => !screen.includes("Jump to latest") && screen.includes("answer line 39"));
		expect(fixture.settingsFile.getSettings().tuiMode).toBe("fullscreen");
		// Back to regular: the transcript is drawn inline again, nothing pinned.
		await selectSetting(fixture, "TUI mode");
		await fixture.type("\r");
		await fixture.waitUntil(() => !fixture.app.tui.usesAlternateScreen);
		await fixture.waitForText("answer line 39");
	});

	it("tuiMode fullscreen from the settings file starts on the alternate screen; quitting leaves it", async () => {
		const fixture = await setup({ settings: { tuiMode: "fullscreen" }, rows: 12 });
		expect(fixture.app.tui.usesAlternateScreen).toBe(true);
		expect(fixture.terminal.getViewport()[11]).toContain("faux");
		fixture.terminal.takeWrites();
		fixture.app.quit(0);
		expect(fixture.terminal.takeWrites()).toContain("\x1b[?1049l");
	});

	it('fullscreenExitOutput "resume-hint" leaves the shell without the transcript; the default prints it', async () => {
		for (const [exitOutput, printed] of [
			["transcript", true],
			["resume-hint", false],
		] as const) {
			const fixture = await setup({ settings: { tuiMode: "fullscreen", fullscreenExitOutput: exitOutput }, rows: 12 });
			fixture.faux.setResponses([fauxAssistantMessage("an answer for the shell")]);
			await fixture.type("hello\r");
			await fixture.waitForText("an answer for the shell");
			fixture.terminal.takeWrites();
			fixture.app.quit(0);
			const writes = fixture.terminal.takeWrites();
			expect(writes).toContain("\x1b[?1049l");
			expect(writes.slice(writes.indexOf("\x1b[?1049l")).includes("an answer for the shell")).toBe(printed);
		}
	});

	it("fullscreenWheelScrollLines moves that many lines per wheel step; Fullscreen scrollbar always shows it", async () => {
		const fixture = await setup({
			settings: { tuiMode: "fullscreen", fullscreenWheelScrollLines: 7 },
			rows: 16,
		});
		fixture.faux.setResponses([
			fauxAssistantMessage(Array.from({ length: 40 }, (_, index) => `answer line ${index}`).join("\n\n")),
		]);
		await fixture.type("long please\r");
		await fixture.waitForText("answer line 39");
		// SGR mouse: button 64 is wheel up.
		await fixture.type("\x1b[<64;10;5M");
		expect(fixture.app.layout.linesBelow).toBe(7);
		await fixture.type("\x1b[<64;10;5M");
		expect(fixture.app.layout.linesBelow).toBe(14);
		await selectSetting(fixture, "Fullscreen scrollbar");
		await fixture.type("\r");
		await waitForSetting(fixture, "Fullscreen scrollbar", "always");
		await closeOverlay(fixture);
		expect(fixture.settingsFile.getSettings().fullscreenScrollbar).toBe("always");
		expect(fixture.app.layout.scrollbarVisible).toBe(true);
	});

	it("Terminal progress writes OSC 9;4 while the agent works and clears it when it settles", async () => {
		const fixture = await setup({ settings: { terminal: { showTerminalProgress: true } } });
		fixture.faux.setResponses([fauxAssistantMessage("done working")]);
		fixture.terminal.takeWrites();
		await fixture.type("work\r");
		await fixture.waitForText("done working");
		let writes = "";
		await fixture.waitUntil(() => {
			writes += fixture.terminal.takeWrites();
			return writes.includes("\x1b]9;4;0;\x07");
		});
		const start = writes.indexOf("\x1b]9;4;3;\x07");
		expect(start).toBeGreaterThanOrEqual(0);
		expect(writes.indexOf("\x1b]9;4;0;\x07")).toBeGreaterThan(start);
	});

	it("without Terminal progress nothing of OSC 9;4 is written", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("quiet")]);
		fixture.terminal.takeWrites();
		await fixture.type("work\r");
		await fixture.waitForText("quiet");
		expect(fixture.terminal.takeWrites()).not.toContain("\x1b]9;4");
	});

	it("Clear on shrink redraws when a screen-filling frame gets shorter", async () => {
		for (const clearOnShrink of [false, true]) {
			const fixture = await setup({ settings: { terminal: { clearOnShrink } }, rows: 10 });
			fixture.faux.setResponses([fauxAssistantMessage(Array.from({ length: 12 }, (_, i) => `l${i}`).join("\n\n"))]);
			await fixture.type("fill\r");
			await fixture.waitForText("l11");
			fixture.app.uiContext.setWidget("tall", ["w1", "w2", "w3"]);
			await fixture.waitForText("w3");
			fixture.terminal.takeWrites();
			fixture.app.uiContext.setWidget("tall", undefined);
			await fixture.waitUntil((screen) => !screen.includes("w3"));
			const writes = fixture.terminal.takeWrites();
			expect(writes.includes("\x1b[2J")).toBe(clearOnShrink);
			// Either way the footer ends up on screen; with the redraw it is on the last row.
			if (clearOnShrink) expect(fixture.terminal.getViewport()[9]).toContain("faux");
			fixture.app.quit(0);
		}
	});

	it("externalEditor is the command Ctrl+G runs (before $VISUAL and $EDITOR)", async () => {
		const dir = tempDir();
		const script = join(dir, "fake-editor.sh");
		writeFileSync(script, '#!/bin/sh\nprintf "written by the external editor" > "$1"\n');
		chmodSync(script, 0o755);
		const fixture = await setup({ settings: { externalEditor: script } });
		await fixture.type("draft");
		await fixture.type("\x07");
		await fixture.waitForText("written by the external editor");
		expect(fixture.app.editor.getText()).toBe("written by the external editor");
	});

	it("External editor is set in /settings through a text field", async () => {
		const fixture = await setup();
		await selectSetting(fixture, "External editor");
		await fixture.type("\r");
		await fixture.waitForText("Command:");
		await fixture.type("nano -w\r");
		await waitForSetting(fixture, "External editor", "nano -w");
		expect(fixture.app.tuiSettings.externalEditor).toBe("nano -w");
		expect(fixture.settingsFile.getSettings().externalEditor).toBe("nano -w");
	});

	it("the theme picker previews the highlighted theme; Escape goes back, Enter keeps and saves it", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("ok")]);
		await fixture.type("colour me\r");
		await fixture.waitForText("ok");
		const userBg = () => {
			const at = find(fixture, "colour me");
			return fixture.terminal.getCell(at.row, at.column)?.bg;
		};
		expect(userBg()).toEqual({ mode: "palette", index: 236 });
		await selectSetting(fixture, "Theme");
		await fixture.type("\r");
		await fixture.type(DOWN);
		await fixture.waitUntil(() => fixture.app.theme.name === "light");
		expect(fixture.settingsFile.getSettings().theme).toBeUndefined();
		await closeOverlay(fixture);
		await fixture.waitUntil(() => fixture.app.theme.name === "dark");
		await closeOverlay(fixture);
		expect(userBg()).toEqual({ mode: "palette", index: 236 });
		await selectSetting(fixture, "Theme");
		await fixture.type("\r");
		await fixture.type(DOWN);
		await fixture.type("\r");
		await waitForSetting(fixture, "Theme", "light");
		await closeOverlay(fixture);
		await fixture.waitUntil(() => JSON.stringify(userBg()) === JSON.stringify({ mode: "palette", index: 254 }));
		expect(fixture.settingsFile.getSettings().theme).toBe("light");
	});

	it("Show images off replaces a user message's inline image with a placeholder line", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("seen")]);
		const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
		void fixture.app.runPrompt("look at this", [{ type: "image", data: png, mimeType: "image/png" }]);
		await fixture.waitForText("seen");
		const before = fixture.screen();
		expect(before).not.toContain("[image: image/png]");
		await selectSetting(fixture, "Show images");
		await fixture.type("\r");
		await waitForSetting(fixture, "Show images", "off");
		await closeOverlay(fixture);
		await fixture.waitForText("[image: image/png]");
		expect(fixture.settingsFile.getSettings().terminal?.showImages).toBe(false);
	});

	it("Show thinking blocks is saved as hideThinkingBlock", async () => {
		const fixture = await setup();
		await selectSetting(fixture, "Show thinking blocks");
		await fixture.type("\r");
		await waitForSetting(fixture, "Show thinking blocks", "on");
		expect(fixture.settingsFile.getSettings().hideThinkingBlock).toBe(false);
		expect(fixture.app.transcript.thinkingVisible).toBe(true);
	});
});
