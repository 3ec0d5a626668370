// Renders documentation screens of the interactive mode from the headless terminal to SVG.
// Always checked; written to docs/images/ when PI_WRITE_SCREENS=1.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxText, fauxToolCall } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import { SessionManager } from "../../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../../support/messages.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";
import { terminalToSvg } from "./terminal-svg.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];
const docsImages = join(import.meta.dirname, "../../../docs/images");

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

function save(name: string, svg: string): void {
	if (process.env.PI_WRITE_SCREENS !== "1") return;
	mkdirSync(docsImages, { recursive: true });
	writeFileSync(join(docsImages, name), svg);
}

describe("documentation screens", () => {
	it("a conversation with a tool call", async () => {
		const cwd = tempDir();
		const fixture = await createAppFixture({ cwd, agentDir: tempDir(), tools: ["bash"], columns: 90, rows: 30 });
		fixtures.push(fixture);
		fixture.faux.setResponses([
			fauxAssistantMessage([fauxText("Let me look at the files."), fauxToolCall("bash", { command: "ls -1" })], {
				stopReason: "toolUse",
			}),
			fauxAssistantMessage(
				"The project is empty so far. A good start:\n\n```ts\nexport function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n```\n\n- add **tests** next\n- then a `README.md`",
			),
		]);
		writeFileSync(join(cwd, "notes.txt"), "todo\n");
		await fixture.type("What is in this folder?\r");
		await fixture.waitForText("then a README.md");
		const svg = terminalToSvg(fixture.terminal, { title: "pi: a conversation" });
		expect(svg).toContain("What is in this folder?");
		expect(svg).toContain("$ ls -1");
		expect(svg).toContain('fill="#d787d7"');
		save("interactive-conversation.svg", svg);
	});

	it("an extension dialog", async () => {
		const fixture = await createAppFixture({ cwd: tempDir(), agentDir: tempDir(), columns: 90, rows: 22 });
		fixtures.push(fixture);
		void fixture.app.uiContext.select("⚠️ Dangerous command:\n\n  rm -rf build/\n\nAllow?", ["Yes", "No"], {
			timeout: 30_000,
		});
		await fixture.waitForText("Closes in 30s");
		const svg = terminalToSvg(fixture.terminal, { title: "pi: an extension dialog" });
		expect(svg).toContain("rm -rf build/");
		save("interactive-dialog.svg", svg);
	});

	it("/settings with a custom theme", async () => {
		const agentDir = tempDir();
		mkdirSync(join(agentDir, "themes"));
		writeFileSync(
			join(agentDir, "themes", "harbour.json"),
			JSON.stringify({ name: "harbour", accent: "#ffaf5f", userBg: "#1c3a4a", warning: "#ffd787" }),
		);
		const settingsManager = SettingsManager.create(tempDir(), agentDir);
		settingsManager.updateGlobal({ theme: "harbour" });
		const fixture = await createAppFixture({ cwd: tempDir(), agentDir, settingsManager, columns: 90, rows: 30 });
		fixtures.push(fixture);
		fixture.faux.setResponses([fauxAssistantMessage("Done: the footer shows the current model.")]);
		await fixture.type("Switch to the harbour theme\r");
		await fixture.waitForText("Done: the footer");
		await fixture.type("/settings\r");
		await fixture.waitForText("↑↓ select");
		for (let step = 0; step < 11; step++) await fixture.type("\x1b[B");
		await fixture.waitForText("→ TUI mode");
		const svg = terminalToSvg(fixture.terminal, { title: "pi: /settings" });
		expect(svg).toContain("Fullscreen scrollbar");
		// The theme's accent (#ffaf5f) draws the panel's border.
		expect(svg.toLowerCase()).toContain('fill="#ffaf5f"');
		save("interactive-settings.svg", svg);
	});

	it("the session picker", async () => {
		const cwd = tempDir();
		const agentDir = tempDir();
		const sessionDir = join(agentDir, "sessions");
		for (const [text, name] of [
			["Add a --json flag to the CLI", "json-flag"],
			["Why does the build fail on Node 20?", undefined],
			["Write tests for the parser", "parser-tests"],
		] as const) {
			const manager = SessionManager.create(cwd, sessionDir);
			manager.appendMessage(userMessage(text));
			manager.appendMessage(assistantMessage("Done."));
			if (name) manager.appendSessionInfo(name);
		}
		const fixture = await createAppFixture({ cwd, agentDir, columns: 90, rows: 24 });
		fixtures.push(fixture);
		await fixture.type("/resume\r");
		await fixture.waitForText("Resume Session");
		await fixture.type("\x13");
		await fixture.waitForText("Sort: Recent");
		const svg = terminalToSvg(fixture.terminal, { title: "pi: /resume" });
		expect(svg).toContain("parser-tests");
		save("interactive-session-picker.svg", svg);
	});

	it("find in the fullscreen transcript", async () => {
		const fixture = await createAppFixture({
			cwd: tempDir(),
			agentDir: tempDir(),
			columns: 90,
			rows: 24,
			settingsManager: SettingsManager.inMemory({ tuiMode: "fullscreen" }),
		});
		fixtures.push(fixture);
		fixture.faux.setResponses([
			fauxAssistantMessage(
				"The retry loop lives in `session-run.ts`:\n\n- it waits `baseDelayMs` before the first retry\n- each retry doubles the delay\n- Escape cancels a retry",
			),
			fauxAssistantMessage("Yes: set `retry.maxRetries` to 0 and no retry happens."),
		]);
		await fixture.type("Where is the retry logic?\r");
		await fixture.waitForText("Escape cancels");
		await fixture.type("Can I turn retries off?\r");
		await fixture.waitForText("no retry happens");
		await fixture.type("\x1b[102;6u");
		await fixture.type("retry");
		await fixture.waitUntil((screen) => /│ retry +1\/\d+ │/.test(screen));
		await fixture.type("\r");
		await fixture.waitUntil((screen) => /│ retry +2\/\d+ │/.test(screen));
		const svg = terminalToSvg(fixture.terminal, { title: "pi: find in the transcript" });
		expect(svg).toContain("Shift+Enter");
		save("interactive-fullscreen-find.svg", svg);
	});
});
