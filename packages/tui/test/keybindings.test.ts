import { describe, expect, it } from "vitest";
import { KeybindingsConfigError, KeybindingsManager } from "../src/keybindings.js";

describe("KeybindingsManager", () => {
	it("matches the defaults in legacy and kitty encodings", () => {
		const keys = new KeybindingsManager();
		expect(keys.matches("\r", "tui.input.submit")).toBe(true);
		expect(keys.matches("\x1b[13;2u", "tui.input.newLine")).toBe(true);
		expect(keys.matches("\x1b\r", "tui.input.newLine")).toBe(true);
		expect(keys.matches("\n", "tui.input.newLine")).toBe(true);
		expect(keys.matches("\x1b[13;2u", "tui.input.submit")).toBe(false);
		expect(keys.matches("\x1b[1;5D", "tui.editor.cursorWordLeft")).toBe(true);
		expect(keys.matches("\x1bb", "tui.editor.cursorWordLeft")).toBe(true);
		expect(keys.matches("\x1b[A", "tui.select.up")).toBe(true);
		expect(keys.matches("\x1b", "tui.select.cancel")).toBe(true);
	});

	it("replaces an action's keys with a user override", () => {
		const keys = new KeybindingsManager({ "tui.input.submit": ["ctrl+enter"], "tui.select.up": "k" });
		expect(keys.matches("\r", "tui.input.submit")).toBe(false);
		expect(keys.matches("\x1b[13;5u", "tui.input.submit")).toBe(true);
		expect(keys.matches("k", "tui.select.up")).toBe(true);
		expect(keys.matches("\x1b[A", "tui.select.up")).toBe(false);
		expect(keys.getKeys("tui.select.down")).toEqual(["down", "ctrl+n"]);
	});

	it("supports app-defined actions and unbinding", () => {
		const keys = new KeybindingsManager({ "app.thinking.toggle": "ctrl+t", "tui.editor.yank": [] });
		expect(keys.matches("\x14", "app.thinking.toggle")).toBe(true);
		expect(keys.matches("\x19", "tui.editor.yank")).toBe(false);
		expect(keys.matches("x", "unknown.action")).toBe(false);
	});

	it("finds the first matching action", () => {
		const keys = new KeybindingsManager();
		expect(keys.findAction("\x01", ["tui.editor.cursorLeft", "tui.editor.cursorLineStart"])).toBe(
			"tui.editor.cursorLineStart",
		);
		expect(keys.findAction("q", ["tui.editor.cursorLeft"])).toBeUndefined();
	});

	it("rejects invalid key ids with a user error naming the action", () => {
		expect(() => new KeybindingsManager({ "tui.input.submit": "hyper+enter" })).toThrow(KeybindingsConfigError);
		expect(() => new KeybindingsManager({ "tui.input.submit": "hyper+enter" })).toThrow(/tui\.input\.submit/);
	});
});
