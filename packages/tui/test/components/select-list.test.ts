import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { type SelectItem, SelectList, type SelectListOptions } from "../../src/components/select-list.js";
import { createHarness } from "../support/harness.js";

beforeAll(() => {
	chalk.level = 3;
});

const MODELS: SelectItem[] = [
	{ value: "sonnet", label: "claude-sonnet", description: "balanced" },
	{ value: "opus", label: "claude-opus", description: "strongest" },
	{ value: "haiku", label: "claude-haiku", description: "fastest" },
	{ value: "gpt", label: "gpt-5", description: "OpenAI" },
	{ value: "gemini", label: "gemini-pro", description: "Google" },
];

async function setup(items: SelectItem[], options: SelectListOptions = {}, columns = 40, rows = 8) {
	const harness = createHarness(columns, rows);
	const list = new SelectList(items, options);
	harness.tui.addChild(list);
	harness.tui.setFocus(list);
	await harness.settle();
	const press = async (...keys: string[]): Promise<void> => {
		for (const key of keys) harness.terminal.sendInput(key);
		await harness.settle();
	};
	return { ...harness, list, press };
}

describe("SelectList", () => {
	it("renders items with aligned descriptions and a highlighted selection", async () => {
		const { terminal } = await setup(MODELS.slice(0, 3));
		expect(terminal.getViewport().slice(0, 3)).toEqual([
			"→ claude-sonnet  balanced",
			"  claude-opus    strongest",
			"  claude-haiku   fastest",
		]);
		expect(terminal.getCell(0, 2)).toMatchObject({ bold: true, fg: { mode: "palette", index: 6 } });
		expect(terminal.getCell(1, 2)?.bold).toBe(false);
		expect(terminal.getCell(0, 17)?.dim).toBe(true);
	});

	it("moves with up/down, wrapping at both ends, and reports changes", async () => {
		const changes: string[] = [];
		const { press, list } = await setup(MODELS, { onSelectionChange: (item) => changes.push(item.value) });
		await press("\x1b[A");
		expect(list.getSelectedItem()?.value).toBe("gemini");
		await press("\x1b[B");
		expect(list.getSelectedItem()?.value).toBe("sonnet");
		await press("\x0e");
		expect(changes).toEqual(["gemini", "sonnet", "opus"]);
	});

	it("shows scroll indicators when more items than maxVisible", async () => {
		const { press, terminal } = await setup(MODELS, { maxVisible: 2 });
		expect(terminal.getViewport().slice(0, 3)).toEqual([
			"→ claude-sonnet  balanced",
			"  claude-opus    strongest",
			"  ↓ 3 more",
		]);
		await press("\x1b[B", "\x1b[B", "\x1b[B");
		expect(terminal.getViewport().slice(0, 4)).toEqual([
			"  ↑ 2 more",
			"  claude-haiku  fastest",
			"→ gpt-5         OpenAI",
			"  ↓ 1 more",
		]);
	});

	it("filters by label or value, prefix matches first", async () => {
		const { list, settle, tui, terminal } = await setup(MODELS);
		list.filter("gem");
		tui.requestRender();
		await settle();
		expect(terminal.getViewport().slice(0, 2)).toEqual(["→ gemini-pro  Google", ""]);
		list.filter("claude-h");
		expect(list.getSelectedItem()?.value).toBe("haiku");
		list.filter("o");
		expect(list.getSelectedItem()?.value).toBe("opus");
		list.filter("zzz");
		tui.requestRender();
		await settle();
		expect(terminal.getViewport()[0]).toBe("  No matches");
		expect(terminal.getCell(0, 2)?.dim).toBe(true);
	});

	it("filters fuzzily and ranks the best match first", async () => {
		const { list, settle, tui, terminal } = await setup(MODELS);
		// Not a substring of anything, but the letters of claude-haiku in order.
		list.filter("clhk");
		tui.requestRender();
		await settle();
		expect(terminal.getViewport().slice(0, 2)).toEqual(["→ claude-haiku  fastest", ""]);
		// A match at a word start beats one inside a word: claude-sonnet before claude-opus.
		list.filter("cs");
		expect(list.getSelectedItem()?.value).toBe("sonnet");
		// Each word must match, in any field.
		list.filter("claude op");
		tui.requestRender();
		await settle();
		expect(terminal.getViewport().slice(0, 2)).toEqual(["→ claude-opus  strongest", ""]);
		list.filter("");
		expect(list.getSelectedItem()?.value).toBe("sonnet");
	});

	it("confirms with Enter and cancels with Escape", async () => {
		const selected: string[] = [];
		let cancelled = 0;
		const { press } = await setup(MODELS, {
			onSelect: (item) => selected.push(item.value),
			onCancel: () => cancelled++,
		});
		await press("\x1b[B", "\r", "\x1b[27u");
		expect(selected).toEqual(["opus"]);
		expect(cancelled).toBe(1);
	});

	it("truncates long labels and drops descriptions on narrow screens", async () => {
		const { terminal } = await setup(
			[{ value: "x", label: "a-very-long-label-indeed", description: "desc" }],
			{},
			14,
			3,
		);
		expect(terminal.getViewport()[0]).toBe("→ a-very-long…");
	});
});
