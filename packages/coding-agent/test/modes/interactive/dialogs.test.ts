import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxText, fauxToolCall } from "@pi/ai";
import { stripAnsi } from "@pi/tui";
import { afterEach, describe, expect, it } from "vitest";
import { LinesComponent } from "../../../src/modes/interactive/components/lines-component.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";
import { palette } from "./render-support.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

async function setup(options: Partial<Parameters<typeof createAppFixture>[0]> = {}): Promise<AppFixture> {
	const fixture = await createAppFixture({ cwd: tempDir(), agentDir: tempDir(), ...options });
	fixtures.push(fixture);
	await fixture.waitForText("0.0%/128k");
	return fixture;
}

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

const DOWN = "\x1b[B";

describe("TUI ExtensionUIContext dialogs", () => {
	it("select: shows the title and options as an overlay, answered with Down + Enter", async () => {
		const fixture = await setup();
		const answer = fixture.app.uiContext.select("⚠️ Dangerous command:\n\n  rm -rf /\n\nAllow?", ["Yes", "No"]);
		await fixture.waitForText("Dangerous command:");
		const screen = fixture.screen();
		expect(screen).toContain("rm -rf /");
		expect(screen).toContain("╭");
		const yesRow = fixture.terminal.getViewport().findIndex((line) => line.includes("→ Yes"));
		expect(yesRow).toBeGreaterThan(0);
		await fixture.type(DOWN);
		expect(fixture.screen()).toContain("→ No");
		await fixture.type("\r");
		expect(await answer).toBe("No");
		await fixture.settle();
		expect(fixture.screen()).not.toContain("Dangerous command:");
	});

	it("confirm resolves true on Yes and false on Escape; input returns the typed text", async () => {
		const fixture = await setup();
		const yes = fixture.app.uiContext.confirm("Proceed?", "This will write files.");
		await fixture.waitForText("This will write files.");
		await fixture.type("\r");
		expect(await yes).toBe(true);
		const no = fixture.app.uiContext.confirm("Again?", "Second time.");
		await fixture.waitForText("Second time.");
		await fixture.type("\x1b");
		expect(await no).toBe(false);
		const input = fixture.app.uiContext.input("Your name", "e.g. Ada");
		await fixture.waitForText("Your name");
		await fixture.type("Grace");
		await fixture.type("\r");
		expect(await input).toBe("Grace");
	});

	it("editor dialog: prefilled multi-line text, submitted with Enter", async () => {
		const fixture = await setup();
		const edited = fixture.app.uiContext.editor("Edit the message", "line one");
		await fixture.waitForText("line one");
		await fixture.type(" and more");
		await fixture.type("\r");
		expect(await edited).toBe("line one and more");
	});

	it("queues dialogs first in, first out", async () => {
		const fixture = await setup();
		const first = fixture.app.uiContext.select("First question", ["a", "b"]);
		const second = fixture.app.uiContext.select("Second question", ["c", "d"]);
		await fixture.waitForText("First question");
		expect(fixture.screen()).not.toContain("Second question");
		await fixture.type("\r");
		expect(await first).toBe("a");
		await fixture.waitForText("Second question");
		await fixture.type(DOWN);
		await fixture.type("\r");
		expect(await second).toBe("d");
	});

	it("a timeout shows a countdown and resolves with the default", async () => {
		const fixture = await setup();
		const answer = fixture.app.uiContext.confirm("Timed", "Answer soon", { timeout: 3000 });
		await fixture.waitForText("Closes in 3s");
		const row = fixture.terminal.getViewport().findIndex((line) => line.includes("Closes in 3s"));
		const column = fixture.terminal.getViewport()[row]!.indexOf("Closes");
		expect(fixture.terminal.getCell(row, column)?.fg).toEqual(palette(221));
		fixture.clock.advance(1000);
		await fixture.waitForText("Closes in 2s");
		let settled = false;
		void answer.then(() => {
			settled = true;
		});
		fixture.clock.advance(1900);
		await fixture.settle();
		expect(settled).toBe(false);
		fixture.clock.advance(100);
		expect(await answer).toBe(false);
	});

	it("an aborted signal dismisses the dialog with the default", async () => {
		const fixture = await setup();
		const controller = new AbortController();
		const answer = fixture.app.uiContext.select("Cancellable", ["x"], { signal: controller.signal });
		await fixture.waitForText("Cancellable");
		controller.abort();
		expect(await answer).toBeUndefined();
		await fixture.waitUntil((screen) => !screen.includes("Cancellable"));
	});

	it("the hidden input of /login never draws the typed key", async () => {
		const fixture = await setup();
		const secret = fixture.app.uiContext.secret("API key for faux");
		await fixture.waitForText("API key for faux");
		await fixture.type("sk-very-secret");
		expect(fixture.screen()).not.toContain("sk-very-secret");
		expect(fixture.screen()).toContain("••••••••••••••");
		await fixture.type("\r");
		expect(await secret).toBe("sk-very-secret");
	});

	it("notify, setStatus, setWidget, editor text and terminal input listeners", async () => {
		const fixture = await setup();
		const ui = fixture.app.uiContext;
		ui.notify("Heads up", "warning");
		ui.setStatus("lint", "lint: 3 issues");
		ui.setWidget("todo", ["TODO: write docs"]);
		ui.setWidget("below", (width) => [`width ${width}`], { placement: "belowEditor" });
		ui.setEditorText("prefilled");
		await fixture.settle();
		const viewport = fixture.terminal.getViewport();
		const row = (text: string) => viewport.findIndex((line) => line.includes(text));
		expect(row("Heads up")).toBeGreaterThan(0);
		expect(row("TODO: write docs")).toBeLessThan(row("prefilled"));
		expect(row("width 80")).toBeGreaterThan(row("prefilled"));
		expect(row("lint: 3 issues")).toBeGreaterThan(row("width 80"));
		expect(ui.getEditorText()).toBe("prefilled");
		const seen: string[] = [];
		const off = ui.onTerminalInput((data) => {
			seen.push(data);
			return data === "z";
		});
		await fixture.type("z");
		await fixture.type("y");
		off();
		expect(seen).toEqual(["z", "y"]);
		expect(ui.getEditorText()).toBe("prefilledy");
		ui.setWidget("todo", undefined);
		await fixture.settle();
		expect(fixture.screen()).not.toContain("TODO: write docs");
	});
});

describe("interactive app keys and commands", () => {
	it("Enter steers and Alt+Enter queues a follow-up while streaming; the queue shows above the editor", async () => {
		const fixture = await setup({ tokensPerSecond: 40 });
		fixture.faux.setResponses([
			fauxAssistantMessage([fauxText("stream ".repeat(60))]),
			fauxAssistantMessage("after steering"),
			fauxAssistantMessage("after follow-up"),
		]);
		await fixture.type("go\r");
		await fixture.waitForText("stream stream");
		await fixture.type("turn left\r");
		await fixture.type("then stop");
		await fixture.type("\x1b\r");
		await fixture.waitForText("Steering: turn left");
		expect(fixture.screen()).toContain("Follow-up: then stop");
		await fixture.app.session.waitForSettled();
		await fixture.waitForText("after follow-up");
		const texts = fixture.faux.state.requests.map((request) => JSON.stringify(request.context.messages.at(-1)));
		expect(texts[1]).toContain("turn left");
		expect(texts[2]).toContain("then stop");
	});

	it("Ctrl+T shows thinking blocks; Shift+Tab cycles the thinking level and recolours the editor border", async () => {
		const fixture = await setup({ models: [{ id: "thinker", reasoning: true }] });
		fixture.faux.setResponses([
			fauxAssistantMessage([{ type: "thinking", thinking: "step one\nstep two" }, fauxText("result")]),
		]);
		await fixture.type("think\r");
		await fixture.waitForText("result");
		expect(fixture.screen()).not.toContain("step two");
		await fixture.type("\x14");
		expect(fixture.screen()).toContain("step two");
		const before = fixture.app.session.thinkingLevel;
		await fixture.type("\x1b[Z");
		expect(fixture.app.session.thinkingLevel).not.toBe(before);
		await fixture.waitForText(`thinker • ${fixture.app.session.thinkingLevel}`);
	});

	it("/name, /session and /hotkeys (with a keybindings.json override)", async () => {
		const agentDir = tempDir();
		writeFileSync(join(agentDir, "keybindings.json"), JSON.stringify({ "app.tools.expand": "ctrl+e" }));
		const fixture = await setup({ agentDir });
		await fixture.type("/name my task\r");
		await fixture.waitForText("• my task");
		await fixture.type("/session\r");
		await fixture.waitForText("User: 0");
		expect(fixture.screen()).toContain(`ID: ${fixture.app.session.sessionId}`);
		await fixture.type("/hotkeys\r");
		await fixture.waitForText("tui.input.tab");
		// The list is longer than the screen: read it from the transcript.
		const lines = fixture.app.transcript.container.render(120).map((text) => stripAnsi(text));
		for (const action of ["app.suspend", "app.message.dequeue", "tui.altScreen.search", "app.session.rename"]) {
			expect(lines.some((text) => text.includes(action))).toBe(true);
		}
		const line = lines.find((text) => text.includes("app.tools.expand"));
		expect(line).toContain("ctrl+e");
		expect(line).not.toContain("ctrl+o");
	});

	it("!cmd runs in the shell and is included; !!cmd is shown only", async () => {
		const fixture = await setup();
		await fixture.type("!echo included-output\r");
		await fixture.waitForText("included-output");
		await fixture.type("!!echo hidden-output\r");
		await fixture.waitForText("(not sent to the model)");
		fixture.faux.setResponses([fauxAssistantMessage("seen")]);
		await fixture.type("what ran?\r");
		await fixture.waitForText("seen");
		const context = JSON.stringify(fixture.faux.state.requests[0]?.context.messages);
		expect(context).toContain("included-output");
		expect(context).not.toContain("hidden-output");
	});

	it("/ opens command completion with descriptions", async () => {
		const fixture = await setup();
		await fixture.type("/mo");
		await fixture.waitForText("Select a model");
		expect(fixture.screen()).toContain("model");
	});

	it("/model opens a fuzzy selector; Escape closes it", async () => {
		const fixture = await setup({ models: [{ id: "alpha-model" }, { id: "beta-model" }] });
		await fixture.type("/model\r");
		await fixture.waitForText("Select a model");
		await fixture.type("beta");
		const viewport = fixture.terminal.getViewport();
		expect(viewport.some((line) => line.includes("faux/beta-model"))).toBe(true);
		expect(viewport.some((line) => line.includes("faux/alpha-model"))).toBe(false);
		await fixture.type("\r");
		await fixture.waitForText("Model: faux/beta-model");
		expect(fixture.app.session.model?.id).toBe("beta-model");
		await fixture.type("\x0c");
		await fixture.waitForText("Select a model");
		await fixture.type("\x1b");
		await fixture.waitUntil((screen) => !screen.includes("Select a model"));
	});

	it("/tree: filters with Tab, asks about a branch summary, and moves the leaf", async () => {
		const fixture = await setup({ tools: ["bash"] });
		fixture.faux.setResponses([
			fauxAssistantMessage([fauxToolCall("bash", { command: "echo tool-output" })], { stopReason: "toolUse" }),
			fauxAssistantMessage("first answer"),
			fauxAssistantMessage("second answer"),
		]);
		await fixture.type("first question\r");
		await fixture.waitForText("first answer");
		await fixture.type("second question\r");
		await fixture.waitForText("second answer");
		await fixture.type("/tree\r");
		await fixture.waitForText("Session tree (filter: default");
		expect(fixture.screen()).toContain("● assistant: second answer");
		expect(fixture.screen()).toContain("assistant: (1 tool call)");
		await fixture.type("\t");
		await fixture.waitForText("filter: no-tools");
		expect(fixture.screen()).not.toContain("(1 tool call)");
		await fixture.type("\t");
		await fixture.waitForText("filter: user-only");
		expect(fixture.screen()).not.toContain("assistant:");
		await fixture.type("first question");
		await fixture.type("\r");
		await fixture.waitForText("Summarize the branch you are leaving?");
		await fixture.type("\r");
		await fixture.waitUntil((screen) => !screen.includes("second answer"));
		expect(fixture.app.editor.getText()).toBe("first question");
		expect(fixture.app.session.messages).toHaveLength(0);
	});

	it("Escape twice on an empty editor opens the tree", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("hello")]);
		await fixture.type("hi\r");
		await fixture.waitForText("hello");
		// Straight to the TUI: the input buffer would join two quick ESC bytes into one Alt+Escape.
		fixture.app.tui.handleInput("\x1b");
		await fixture.settle();
		expect(fixture.screen()).not.toContain("Session tree");
		fixture.app.tui.handleInput("\x1b");
		await fixture.waitForText("Session tree");
	});

	it("/settings switches to a custom theme from <agentDir>/themes and recolours the transcript", async () => {
		const agentDir = tempDir();
		mkdirSync(join(agentDir, "themes"));
		writeFileSync(join(agentDir, "themes", "ocean.json"), JSON.stringify({ name: "ocean", userBg: "48;5;24" }));
		const fixture = await setup({ agentDir });
		fixture.faux.setResponses([fauxAssistantMessage("ok")]);
		await fixture.type("paint me\r");
		await fixture.waitForText("ok");
		const cellOf = (text: string) => {
			const viewport = fixture.terminal.getViewport();
			const row = viewport.findIndex((line) => line.includes(text));
			return fixture.terminal.getCell(row, viewport[row]!.indexOf(text));
		};
		expect(cellOf("paint me")?.bg).toEqual(palette(236));
		await fixture.type("/settings\r");
		await fixture.waitForText("Theme");
		await fixture.type("\x1b[B");
		await fixture.type("\r");
		await fixture.waitForText("ocean");
		await fixture.type("\x1b[B\x1b[B");
		await fixture.type("\r");
		await fixture.waitUntil(() => fixture.app.theme.name === "ocean");
		// The settings stay open for the next change; Escape closes them.
		fixture.app.tui.handleInput("\x1b");
		await fixture.waitUntil(() => JSON.stringify(cellOf("paint me")?.bg) === JSON.stringify(palette(24)));
		expect(fixture.app.theme.name).toBe("ocean");
	});

	it("Ctrl+P cycles models forward and Ctrl+Shift+P backward", async () => {
		const fixture = await setup({ models: [{ id: "model-a" }, { id: "model-b" }, { id: "model-c" }] });
		await fixture.type("\x10");
		await fixture.waitForText("model-b");
		await fixture.type("\x1b[112;6u");
		await fixture.waitUntil(() => fixture.app.session.model?.id === "model-a");
		await fixture.type("\x1b[112;6u");
		await fixture.waitForText("model-c");
	});

	it("setWorkingMessage replaces the spinner text while a run works", async () => {
		const fixture = await setup({ tokensPerSecond: 30 });
		fixture.faux.setResponses([fauxAssistantMessage([fauxText("slow ".repeat(100))])]);
		fixture.app.uiContext.setWorkingMessage("Consulting the oracle…");
		await fixture.type("go\r");
		await fixture.waitForText("Consulting the oracle…");
		fixture.app.uiContext.setWorkingMessage(undefined);
		await fixture.waitUntil((screen) => /── \S Working ─/.test(screen));
		await fixture.app.session.abort();
	});

	it("the working status sits in the editor's top border (1.4's place); an extension's spinner and visibility apply", async () => {
		const fixture = await setup({ tokensPerSecond: 30 });
		fixture.faux.setResponses([fauxAssistantMessage([fauxText("slow ".repeat(200))])]);
		await fixture.type("go\r");
		await fixture.waitUntil((screen) => /── \S Working ─/.test(screen));
		const viewport = fixture.terminal.getViewport();
		const borderRow = viewport.findIndex((line) => line.includes("Working"));
		// The border line is the editor's first line: the prompt row follows, no status line above it.
		expect(viewport[borderRow]).toMatch(/^── \S Working ─+$/);
		expect(viewport[borderRow - 1]?.trim()).not.toBe("");
		// The working text takes the editor border's colour, as in pi 1.4.
		const border = fixture.terminal.getCell(borderRow, 0);
		expect(fixture.terminal.getCell(borderRow, 5)?.fg).toEqual(border?.fg);
		fixture.app.uiContext.setWorkingIndicator({ frames: ["*"], intervalMs: 1000 });
		await fixture.waitUntil((screen) => screen.includes("── * Working ─"));
		fixture.app.uiContext.setWorkingVisible(false);
		await fixture.waitUntil((screen) => !screen.includes("Working"));
		fixture.app.uiContext.setWorkingVisible(true);
		await fixture.waitUntil((screen) => screen.includes("── * Working ─"));
		fixture.app.uiContext.setWorkingIndicator(undefined);
		await fixture.waitUntil((screen) => /── [^*\s] Working ─/.test(screen));
		await fixture.app.session.abort();
		await fixture.waitUntil((screen) => !screen.includes("Working"));
	});

	it("with an extension's editor in place, the working status keeps a line of its own above it", async () => {
		const fixture = await setup({ tokensPerSecond: 30 });
		fixture.faux.setResponses([fauxAssistantMessage([fauxText("slow ".repeat(200))])]);
		fixture.app.uiContext.setEditorComponent(() => new LinesComponent(["[custom editor]"]));
		await fixture.waitForText("[custom editor]");
		fixture.app.handleSubmit("go");
		await fixture.waitUntil((screen) => /^\S Working$/m.test(screen.replace(/ +$/gm, "")));
		const viewport = fixture.terminal.getViewport().map((line) => line.trimEnd());
		const row = viewport.findIndex((line) => /^\S Working$/.test(line));
		expect(viewport.slice(row + 1).some((line) => line.includes("[custom editor]"))).toBe(true);
		await fixture.app.session.abort();
	});

	it("/settings cycles the tree filter and saves it", async () => {
		const fixture = await setup();
		await fixture.type("/settings\r");
		await fixture.waitForText("Tree filter");
		for (let index = 0; index < 10; index++) await fixture.type("\x1b[B");
		await fixture.type("\r");
		await fixture.waitUntil(() => fixture.app.session.settingsManager.getSettings().treeFilterMode === "no-tools");
		expect(fixture.screen()).toMatch(/Tree filter\s+no-tools/);
	});

	it("/tree: Ctrl+L labels the highlighted entry; labeled-only shows it alone", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("alpha reply"), fauxAssistantMessage("beta reply")]);
		await fixture.type("alpha\r");
		await fixture.waitForText("alpha reply");
		await fixture.type("beta\r");
		await fixture.waitForText("beta reply");
		await fixture.type("/tree\r");
		await fixture.waitForText("Session tree");
		await fixture.type("\x0c");
		await fixture.waitForText("Label for this entry");
		await fixture.type("checkpoint\r");
		await fixture.waitForText("[checkpoint]");
		for (let index = 0; index < 3; index++) await fixture.type("\t");
		await fixture.waitForText("filter: labeled-only");
		const rows = fixture.terminal.getViewport().filter((line) => line.includes("assistant:") || line.includes("user:"));
		expect(rows).toHaveLength(1);
		expect(rows[0]).toContain("beta reply [checkpoint]");
	});

	it("custom() shows an extension component as an overlay until it calls done", async () => {
		const fixture = await setup();
		const result = fixture.app.uiContext.custom<string>((_tui, _theme, _keybindings, done) => ({
			render: () => ["Pick a colour: press r"],
			invalidate: () => undefined,
			handleInput: (data: string) => {
				if (data === "r") done("red");
			},
		}));
		await fixture.waitForText("Pick a colour: press r");
		await fixture.type("r");
		expect(await result).toBe("red");
		await fixture.waitUntil((screen) => !screen.includes("Pick a colour"));
		await fixture.type("x");
		expect(fixture.app.editor.getText()).toBe("x");
	});
});
