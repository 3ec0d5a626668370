import { fauxAssistantMessage, fauxText, fauxToolCall } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

async function setup(options: Partial<Parameters<typeof createAppFixture>[0]> = {}): Promise<AppFixture> {
	const fixture = await createAppFixture({ cwd: tempDir(), agentDir: tempDir(), ...options });
	fixtures.push(fixture);
	return fixture;
}

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

/** The row (viewport index) whose text contains `text`. */
function rowOf(fixture: AppFixture, text: string): number {
	return fixture.terminal.getViewport().findIndex((line) => line.includes(text));
}

describe("interactive app shell", () => {
	it("shows the header, the editor and a footer with cwd and model", async () => {
		const fixture = await setup();
		await fixture.waitForText("faux-1");
		const screen = fixture.screen();
		expect(screen).toContain("pi v1.2.3");
		expect(screen).toContain("Ctrl+C twice quit");
		expect(screen).toMatch(/─{10,}/);
		expect(rowOf(fixture, "faux-1")).toBeGreaterThan(rowOf(fixture, "pi v1.2.3"));
	});

	it("sends a prompt, streams the markdown answer and shows the user message on its background", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("Here is **bold** text.")]);
		await fixture.type("hello there");
		await fixture.type("\r");
		await fixture.waitForText("Here is bold text.");
		const userRow = rowOf(fixture, "hello there");
		const answerRow = rowOf(fixture, "Here is bold text.");
		expect(userRow).toBeGreaterThan(0);
		expect(answerRow).toBeGreaterThan(userRow);
		const userCell = fixture.terminal.getCell(userRow, 1);
		expect(userCell?.bg).toEqual({ mode: "palette", index: 236 });
		const boldColumn = fixture.terminal.getViewport()[answerRow]!.indexOf("bold");
		expect(fixture.terminal.getCell(answerRow, boldColumn)?.bold).toBe(true);
		expect(fixture.faux.state.requests[0]?.context.messages.at(-1)).toMatchObject({ role: "user" });
	});

	it("shows model errors inline and keeps running", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([]);
		await fixture.type("first\r");
		await fixture.waitForText("Error: No more faux responses queued");
		const row = rowOf(fixture, "Error: No more faux");
		expect(fixture.terminal.getCell(row, 1)?.fg).toEqual({ mode: "palette", index: 203 });
		fixture.faux.setResponses([fauxAssistantMessage("second answer")]);
		await fixture.type("again\r");
		await fixture.waitForText("second answer");
	});

	it("renders a bash tool call with its output, cut to the last lines with a hint", async () => {
		const fixture = await setup({ tools: ["bash"] });
		fixture.faux.setResponses([
			fauxAssistantMessage([fauxToolCall("bash", { command: "seq 1 12" })], { stopReason: "toolUse" }),
			fauxAssistantMessage("done"),
		]);
		await fixture.type("count\r");
		await fixture.waitForText("done");
		const screen = fixture.screen();
		expect(screen).toContain("$ seq 1 12");
		expect(screen).toContain("… 7 more lines (Ctrl+O to expand)");
		expect(screen).toContain("12");
		expect(screen).not.toMatch(/^\s*3\s*$/m);
		await fixture.type("\x0f");
		expect(fixture.terminal.getViewport().some((line) => line.trim() === "3")).toBe(true);
		expect(fixture.screen()).not.toContain("more lines");
	});

	it("Escape aborts a streaming reply", async () => {
		const fixture = await setup({ tokensPerSecond: 20 });
		fixture.faux.setResponses([fauxAssistantMessage([fauxText("word ".repeat(400))])]);
		await fixture.type("slow\r");
		await fixture.waitForText("word word");
		await fixture.type("\x1b");
		await fixture.waitForText("Aborted");
		expect(fixture.runtime.session.isStreaming).toBe(false);
		expect(fixture.screen()).not.toContain("Working");
	});

	it("Ctrl+C clears the editor, a second Ctrl+C quits and restores the terminal", async () => {
		const fixture = await setup();
		await fixture.type("draft");
		expect(fixture.screen()).toContain("draft");
		await fixture.type("\x03");
		expect(fixture.screen()).not.toContain("draft");
		expect(fixture.screen()).toContain("Press Ctrl+C again to quit");
		await fixture.type("\x03");
		expect(await fixture.exit).toBe(0);
		expect(fixture.terminal.getCursor().visible).toBe(true);
	});

	it("Ctrl+D on an empty editor quits", async () => {
		const fixture = await setup();
		await fixture.type("\x04");
		expect(await fixture.exit).toBe(0);
	});
});

describe("resizing", () => {
	it("widening a long transcript keeps it (no clear, scrollback intact)", async () => {
		const fixture = await setup({ columns: 60, rows: 12 });
		const replies = Array.from({ length: 6 }, (_, index) => fauxAssistantMessage(`answer number ${index}`));
		fixture.faux.setResponses(replies);
		for (let index = 0; index < 6; index++) {
			await fixture.type(`question ${index}\r`);
			await fixture.waitForText(`answer number ${index}`);
		}
		const redraws = fixture.app.tui.fullRedrawCount;
		expect(fixture.terminal.getScrollback().join("\n")).toContain("question 0");
		fixture.terminal.resize(100, 12);
		await fixture.settle();
		await fixture.settle();
		expect(fixture.app.tui.fullRedrawCount).toBe(redraws);
		const all = fixture.terminal.getAllLines().join("\n");
		expect(all).toContain("question 0");
		expect(all).toContain("answer number 5");
		expect(all.match(/question 0/g)).toHaveLength(1);
		fixture.faux.setResponses([fauxAssistantMessage("after widening")]);
		await fixture.type("more\r");
		await fixture.waitForText("after widening");
		expect(
			fixture.terminal
				.getAllLines()
				.join("\n")
				.match(/answer number 5/g),
		).toHaveLength(1);
	});
});
