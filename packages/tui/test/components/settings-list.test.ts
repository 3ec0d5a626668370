import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { SelectList } from "../../src/components/select-list.js";
import { type SettingItem, SettingsList } from "../../src/components/settings-list.js";
import { createHarness } from "../support/harness.js";

beforeAll(() => {
	chalk.level = 3;
});

function items(): SettingItem[] {
	return [
		{ id: "theme", label: "Theme", currentValue: "dark", values: ["dark", "light"], description: "Colour scheme" },
		{ id: "thinking", label: "Thinking", currentValue: "off", values: ["off", "low", "high"] },
		{
			id: "model",
			label: "Model",
			currentValue: "sonnet",
			submenu: (_current, done) =>
				new SelectList(
					[
						{ value: "sonnet", label: "sonnet" },
						{ value: "opus", label: "opus" },
					],
					{ onSelect: (item) => done(item.value), onCancel: () => done() },
				),
		},
	];
}

async function setup() {
	const changes: Array<[string, string]> = [];
	const harness = createHarness(40, 10);
	const list = new SettingsList(items(), { onChange: (id, value) => changes.push([id, value]) });
	harness.tui.addChild(list);
	harness.tui.setFocus(list);
	await harness.settle();
	const press = async (...keys: string[]): Promise<void> => {
		for (const key of keys) harness.terminal.sendInput(key);
		await harness.settle();
	};
	return { ...harness, list, press, changes };
}

describe("SettingsList", () => {
	it("renders labels, values and the selected item's description", async () => {
		const { terminal } = await setup();
		expect(terminal.getViewport().slice(0, 6)).toEqual([
			"→ Theme     dark",
			"  Thinking  off",
			"  Model     sonnet",
			"",
			"  Colour scheme",
			"",
		]);
		expect(terminal.getCell(0, 12)?.fg).toEqual({ mode: "palette", index: 3 });
		expect(terminal.getCell(0, 2)?.bold).toBe(true);
	});

	it("cycles values with Enter and Space and reports changes", async () => {
		const { press, terminal, changes } = await setup();
		await press("\r");
		await press("\x1b[B", " ", " ", " ");
		expect(changes).toEqual([
			["theme", "light"],
			["thinking", "low"],
			["thinking", "high"],
			["thinking", "off"],
		]);
		expect(terminal.getViewport()[0]).toBe("  Theme     light");
	});

	it("opens a submenu that takes input until it is done", async () => {
		const { press, terminal, changes } = await setup();
		await press("\x1b[A", "\r");
		expect(terminal.getViewport().slice(0, 2)).toEqual(["→ sonnet", "  opus"]);
		await press("\x1b[B", "\r");
		expect(changes).toEqual([["model", "opus"]]);
		expect(terminal.getViewport()[2]).toBe("→ Model     opus");
		await press("\r", "\x1b[27u");
		expect(changes).toHaveLength(1);
		expect(terminal.getViewport()[2]).toBe("→ Model     opus");
	});
});
