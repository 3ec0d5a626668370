import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadKeybindings } from "../../../src/modes/interactive/app-keybindings.js";
import { useTempDirs } from "../../support/temp-dir.js";

const tempDir = useTempDirs();

function load(config: unknown) {
	const agentDir = tempDir();
	writeFileSync(join(agentDir, "keybindings.json"), JSON.stringify(config));
	return loadKeybindings(agentDir);
}

describe("keybindings.json", () => {
	it("reads pi 1.4's action ids for app and editor actions", () => {
		const { manager, warning } = load({
			$schema: "https://pi.dev/schemas/keybindings.schema.json",
			"app.tools.expand": "ctrl+e",
			"app.model.cycleForward": ["ctrl+n", "f2"],
			"tui.input.newLine": ["ctrl+j"],
			"tui.editor.cursorLineStart": "home",
			"tui.altScreen.pageUp": [],
		});
		expect(warning).toBeUndefined();
		expect(manager.getKeys("app.tools.expand")).toEqual(["ctrl+e"]);
		expect(manager.getKeys("app.model.cycleForward")).toEqual(["ctrl+n", "f2"]);
		expect(manager.getKeys("tui.input.newLine")).toEqual(["ctrl+j"]);
		expect(manager.getKeys("tui.editor.cursorLineStart")).toEqual(["home"]);
		expect(manager.getKeys("tui.altScreen.pageUp")).toEqual([]);
	});

	it("still reads our earlier ids; the current id wins when both are given", () => {
		const { manager, warning } = load({
			"app.toggleThinking": "ctrl+y",
			"editor.submit": "ctrl+s",
			"app.expandTools": "ctrl+k",
			"app.tools.expand": "ctrl+e",
		});
		expect(warning).toBeUndefined();
		expect(manager.getKeys("app.thinking.toggle")).toEqual(["ctrl+y"]);
		expect(manager.getKeys("tui.input.submit")).toEqual(["ctrl+s"]);
		expect(manager.getKeys("app.tools.expand")).toEqual(["ctrl+e"]);
	});

	it("accepts 1.4 actions we lack, and names unknown actions and bad keys without losing the rest", () => {
		const { manager, warning } = load({
			"app.session.new": "ctrl+shift+n",
			"nope.action": "ctrl+q",
			"app.exit": "hyper+x",
			"app.clear": "ctrl+x",
		});
		expect(warning).toContain('unknown action "nope.action" ignored');
		expect(warning).toContain('Invalid key for "app.exit"');
		expect(warning).not.toContain("app.session.new");
		expect(manager.getKeys("app.exit")).toEqual(["ctrl+d"]);
		expect(manager.getKeys("app.clear")).toEqual(["ctrl+x"]);
	});
});
