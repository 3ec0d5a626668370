import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxText } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { SessionManager } from "../../../src/core/session/session-manager.js";
import { formatDuration, ToolExecutionComponent } from "../../../src/modes/interactive/components/tool-execution.js";
import { createTheme } from "../../../src/modes/interactive/theme.js";
import { assistantMessage, userMessage } from "../../support/messages.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

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

describe("the daily commands", () => {
	it("/thinking sets the level for the session only; its save key makes it the default", async () => {
		const fixture = await setup({ models: [{ id: "thinker", reasoning: true }] });
		const settings = fixture.app.session.settingsManager;
		const savedBefore = settings.getDefaultThinkingLevel();
		await fixture.type("/thinking\r");
		await fixture.waitForText("Thinking Level");
		expect(fixture.screen()).toContain("Ctrl+S to set as default · Escape/Ctrl+C to cancel");
		const current = fixture.app.session.thinkingLevel;
		await fixture.type("\x1b[B\r");
		await fixture.waitForText("Thinking level:");
		expect(fixture.app.session.thinkingLevel).not.toBe(current);
		expect(settings.getDefaultThinkingLevel()).toBe(savedBefore);
		await fixture.type("/thinking\r");
		await fixture.waitForText("Thinking Level");
		await fixture.type("\x1b[A\x13");
		await fixture.waitForText("Default thinking level:");
		expect(settings.getDefaultThinkingLevel()).toBe(fixture.app.session.thinkingLevel);
		await fixture.type("/thinking low\r");
		await fixture.waitForText("Thinking level: low");
		expect(fixture.app.session.thinkingLevel).toBe("low");
	});

	it("/thinking's picker filters the levels as you type (names and descriptions), as pi 1.4's does", async () => {
		const fixture = await setup({ models: [{ id: "thinker", reasoning: true }] });
		await fixture.type("/thinking\r");
		await fixture.waitForText("Thinking Level");
		expect(fixture.screen()).toContain("Shift+Tab cycles thinking levels in-session");
		expect(fixture.screen()).toMatch(/medium\s+Moderate reasoning \(~8k tokens\) · default/);
		await fixture.type("hi");
		await fixture.waitUntil((screen) => !screen.includes("Moderate reasoning"));
		const screen = fixture.screen();
		expect(screen).toContain("Search: hi");
		// The best match first and highlighted; "low" matches through its description ("Light reasoning").
		expect(screen).toMatch(/→\s+high\s+Deep reasoning/);
		expect(screen).toContain("Light reasoning");
		expect(screen).not.toContain("No reasoning");
		await fixture.type("\r");
		await fixture.waitForText("Thinking level: high");
		expect(fixture.app.session.thinkingLevel).toBe("high");
		// Backspace widens the filter again; Ctrl+S still saves the highlighted level.
		await fixture.type("/thinking\r");
		await fixture.waitForText("Thinking Level");
		await fixture.type("lo\x7f\x7fminimal");
		await fixture.waitUntil((current) => !current.includes("Deep reasoning"));
		await fixture.type("\x13");
		await fixture.waitForText("Default thinking level: minimal");
	});

	it("/scoped-models toggles a model out of the Ctrl+P cycle at once and saves enabledModels on Ctrl+S", async () => {
		const fixture = await setup({ models: [{ id: "model-a" }, { id: "model-b" }, { id: "model-c" }] });
		await fixture.type("/scoped-models\r");
		await fixture.waitForText("all enabled");
		// Enter toggles the highlighted (first) model off.
		await fixture.type("\r");
		await fixture.waitForText("2/3 enabled (unsaved)");
		const { models, isScoped } = await fixture.app.session.getCycleModels();
		expect(isScoped).toBe(true);
		expect(models.map((entry) => entry.model.id)).toEqual(["model-b", "model-c"]);
		await fixture.type("\x13");
		await fixture.waitForText("Model selection saved to settings");
		expect(fixture.app.session.settingsManager.getEnabledModels()).toEqual(["faux/model-b", "faux/model-c"]);
		// Ctrl+X clears, Ctrl+A enables all again.
		await fixture.type("\x18");
		await fixture.waitForText("0/3 enabled");
		await fixture.type("\x01");
		await fixture.waitForText("all enabled");
		await fixture.type("\x1b");
		expect((await fixture.app.session.getCycleModels()).isScoped).toBe(false);
	});

	it("/trust saves the chosen decision for this folder or its parent in trust.json", async () => {
		const fixture = await setup();
		await fixture.type("/trust\r");
		await fixture.waitForText("Project trust");
		expect(fixture.screen()).toContain("Trust parent folder");
		expect(fixture.screen()).toContain("Saved decision: none");
		await fixture.type("\x1b[B\x1b[B\r");
		await fixture.waitForText("Saved trust decision: untrusted");
		const trust = JSON.parse(readFileSync(join(fixture.agentDir, "trust.json"), "utf8")) as Record<string, unknown>;
		expect(Object.values(trust)).toEqual([false]);
	});

	it("/name without a name shows it; /session lists name, file, id, counts and tokens", async () => {
		const fixture = await setup();
		await fixture.type("/name\r");
		await fixture.waitForText("Usage: /name <name>");
		await fixture.type("/name daily\r");
		await fixture.waitForText("Session name set: daily");
		await fixture.type("/name\r");
		await fixture.waitForText("Session name: daily");
		await fixture.type("/session\r");
		await fixture.waitForText("Session Info");
		for (const text of ["Name: daily", "Tools: 0 calls", "Input: 0", "Inactive (waiting for first request)"]) {
			expect(fixture.screen()).toContain(text);
		}
	});

	it("/export x.jsonl writes the session file's lines; /import asks, then resumes the copy", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("exported answer")]);
		await fixture.type("to export\r");
		await fixture.waitForText("exported answer");
		await fixture.type("/export out.jsonl\r");
		await fixture.waitForText("Session exported to:");
		const lines = readFileSync(join(fixture.cwd, "out.jsonl"), "utf8").trim().split("\n");
		expect(JSON.parse(lines[0]!)).toMatchObject({ type: "session" });
		expect(lines.some((line) => line.includes("exported answer"))).toBe(true);
		// Another session's file to import.
		const otherDir = tempDir();
		const other = SessionManager.create(fixture.cwd, otherDir);
		other.appendMessage(userMessage("imported question"));
		other.appendMessage(assistantMessage("imported answer"));
		const file = other.getSessionFile()!;
		await fixture.type(`/import ${file}\r`);
		await fixture.waitForText("Replace current session with");
		await fixture.type("\x1b[B\r");
		await fixture.waitForText("Import cancelled");
		await fixture.type(`/import ${file}\r`);
		await fixture.waitForText("Replace current session with");
		await fixture.type("\r");
		await fixture.waitForText("Session imported from:");
		expect(fixture.screen()).toContain("imported answer");
		expect(fixture.app.session.sessionFile).not.toBe(file);
		await fixture.type("/import missing.jsonl\r");
		await fixture.waitForText("Session file not found");
	});

	it("/changelog shows the shipped changelog, newest first", async () => {
		const fixture = await setup({
			appOptions: { changelog: () => "# pi\n\n## 1.2.3\n\n- Newest change\n\n## 1.2.2\n\n- Older change\n" },
		});
		await fixture.type("/changelog\r");
		await fixture.waitForText("Newest change");
		const screen = fixture.screen();
		expect(screen.indexOf("## 1.2.3")).toBeLessThan(screen.indexOf("Older change"));
	});

	it("Alt+Up takes every queued message back into the editor, before what is typed there", async () => {
		const fixture = await setup({ tokensPerSecond: 20 });
		fixture.faux.setResponses([fauxAssistantMessage([fauxText("slow ".repeat(200))]), fauxAssistantMessage("later")]);
		await fixture.type("start\r");
		await fixture.waitForText("Working");
		await fixture.type("first queued\r");
		await fixture.type("second queued\x1b\r");
		await fixture.waitForText("to edit all queued messages");
		await fixture.type("typed");
		await fixture.type("\x1b[1;3A");
		await fixture.waitForText("Restored 2 queued messages to editor");
		expect(fixture.app.editor.getText()).toBe("first queued\n\nsecond queued\n\ntyped");
		expect(fixture.app.session.pendingMessageCount).toBe(0);
		await fixture.app.session.abort();
		await fixture.type("\x1b[1;3A");
		await fixture.waitForText("No queued messages to restore");
	});

	it("Ctrl+X copies the last answer; Ctrl+V without a clipboard tool says what is missing", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("to the clipboard")]);
		await fixture.type("hi\r");
		await fixture.waitForText("to the clipboard");
		fixture.terminal.takeWrites();
		await fixture.type("\x18");
		await fixture.waitForText("Copied last agent message to clipboard");
		expect(fixture.terminal.takeWrites()).toContain(Buffer.from("to the clipboard").toString("base64"));
		if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
			await fixture.type("\x16");
			await fixture.waitForText("Cannot paste images");
		}
	});

	it("the footer shows the git branch and follows a switch", async () => {
		const cwd = tempDir();
		mkdirSync(join(cwd, ".git"));
		writeFileSync(join(cwd, ".git", "HEAD"), "ref: refs/heads/main\n");
		const fixture = await setup({ cwd });
		await fixture.waitForText("(main)");
		writeFileSync(join(cwd, ".git", "HEAD"), "ref: refs/heads/feature-x\n");
		fixture.app.refreshFooter();
		await fixture.waitForText("(feature-x)");
		expect(existsSync(join(cwd, ".git", "HEAD"))).toBe(true);
	});

	it("tool runs show Elapsed while running and Took when done", () => {
		const theme = createTheme("dark", { env: {} });
		const tool = new ToolExecutionComponent("bash", { command: "sleep 1" }, theme);
		tool.markStarted(1_000);
		expect(tool.timeText(2_250)).toBe("Elapsed 1.3s");
		tool.setResult({ content: [{ type: "text", text: "ok" }] }, false, undefined, 2_200);
		expect(tool.timeText(9_000)).toBe("Took 1.2s");
		expect(tool.render(60).at(-1)).toContain("Took 1.2s");
		// History tool calls stored without a duration have no time line.
		const history = new ToolExecutionComponent("bash", { command: "ls" }, theme);
		history.setResult({ content: [{ type: "text", text: "ok" }] }, false);
		expect(history.timeText()).toBeUndefined();
	});

	it("the recorded duration gives Took, live and for calls restored from a session", () => {
		const theme = createTheme("dark", { env: {} });
		const live = new ToolExecutionComponent("bash", { command: "make" }, theme);
		live.markStarted(1_000);
		// The loop's figure wins over the UI clock (both sides of a restore then agree).
		live.setResult({ content: [{ type: "text", text: "ok" }] }, false, 3_400, 9_000);
		expect(live.timeText()).toBe("Took 3.4s");
		const restored = new ToolExecutionComponent("bash", { command: "make" }, theme);
		restored.setResult({ content: [{ type: "text", text: "ok" }] }, false, 125_000);
		expect(restored.timeText()).toBe("Took 2m 5s");
		expect(restored.render(60).at(-1)).toContain("Took 2m 5s");
		expect(formatDuration(3_723_000)).toBe("1h 2m 3s");
	});
});
