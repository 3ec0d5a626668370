import { describe, expect, it } from "vitest";
import { KeybindingsConfigError, KeybindingsManager } from "../src/keybindings.js";

describe("KeybindingsManager", () => {
	it("matches the defaults in legacy and kitty encodings", () => {
		const keys = new KeybindingsManager();
		expect(keys.matches("\r", "editor.submit")).toBe(true);
		expect(keys.matches("\x1b[13;2u", "editor.newLine")).toBe(true);
		expect(keys.matches("\x1b\r", "editor.newLine")).toBe(true);
		expect(keys.matches("\n", "editor.newLine")).toBe(true);
		expect(keys.matches("\x1b[13;2u", "editor.submit")).toBe(false);
		expect(keys.matches("\x1b[1;5D", "editor.cursorWordLeft")).toBe(true);
		expect(keys.matches("\x1bb", "editor.cursorWordLeft")).toBe(true);
		expect(keys.matches("\x1b[A", "select.up")).toBe(true);
		expect(keys.matches("\x1b", "select.cancel")).toBe(true);
	});

	it("replaces an action's keys with a user override", () => {
		const keys = new KeybindingsManager({ "editor.submit": ["ctrl+enter"], "select.up": "k" });
		expect(keys.matches("\r", "editor.submit")).toBe(false);
		expect(keys.matches("\x1b[13;5u", "editor.submit")).toBe(true);
		expect(keys.matches("k", "select.up")).toBe(true);
		expect(keys.matches("\x1b[A", "select.up")).toBe(false);
		expect(keys.getKeys("select.down")).toEqual(["down", "ctrl+n"]);
	});

	it("supports app-defined actions and unbinding", () => {
		const keys = new KeybindingsManager({ "app.toggleThinking": "ctrl+t", "editor.yank": [] });
		expect(keys.matches("\x14", "app.toggleThinking")).toBe(true);
		expect(keys.matches("\x19", "editor.yank")).toBe(false);
		expect(keys.matches("x", "unknown.action")).toBe(false);
	});

	it("finds the first matching action", () => {
		const keys = new KeybindingsManager();
		expect(keys.findAction("\x01", ["editor.cursorLeft", "editor.cursorLineStart"])).toBe("editor.cursorLineStart");
		expect(keys.findAction("q", ["editor.cursorLeft"])).toBeUndefined();
	});

	it("rejects invalid key ids with a user error naming the action", () => {
		expect(() => new KeybindingsManager({ "editor.submit": "hyper+enter" })).toThrow(KeybindingsConfigError);
		expect(() => new KeybindingsManager({ "editor.submit": "hyper+enter" })).toThrow(/editor\.submit/);
	});
});
