import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import type { Settings } from "../../../src/core/config/settings-types.js";
import { SessionManager } from "../../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../../support/messages.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

async function setup(settings?: Settings): Promise<AppFixture> {
	const fixture = await createAppFixture({
		cwd: tempDir(),
		agentDir: tempDir(),
		...(settings ? { settingsManager: SettingsManager.inMemory({ retry: { baseDelayMs: 0 }, ...settings }) } : {}),
	});
	fixtures.push(fixture);
	await fixture.waitForText("0.0%/128k");
	return fixture;
}

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

describe("built-in commands", () => {
	it("/copy writes the last answer as OSC 52; /export writes HTML", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("copy me")]);
		await fixture.type("hi\r");
		await fixture.waitForText("copy me");
		fixture.terminal.takeWrites();
		await fixture.type("/copy\r");
		await fixture.waitForText("Copied last agent message to clipboard");
		expect(fixture.terminal.takeWrites()).toContain(`\x1b]52;c;${Buffer.from("copy me").toString("base64")}\x07`);
		const file = join(fixture.cwd, "out.html");
		await fixture.type(`/export ${file}\r`);
		await fixture.waitForText("Session exported to");
		expect(readFileSync(file, "utf8")).toContain("copy me");
	});

	it("/new starts an empty session; /clone copies the current one", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("first reply")]);
		await fixture.type("before new\r");
		await fixture.waitForText("first reply");
		const first = fixture.app.session.sessionFile;
		await fixture.type("/clone\r");
		await fixture.waitForText("Cloned the session.");
		expect(fixture.app.session.sessionFile).not.toBe(first);
		expect(fixture.app.session.messages).toHaveLength(2);
		expect(fixture.screen()).toContain("before new");
		await fixture.type("/new\r");
		await fixture.waitForText("✓ New session started");
		expect(fixture.app.session.messages).toHaveLength(0);
		expect(fixture.screen()).not.toContain("before new");
		expect(first && existsSync(first)).toBe(true);
	});

	it("/login stores a key typed hidden; /logout removes it", async () => {
		const fixture = await setup();
		await fixture.type("/login\r");
		await fixture.waitForText("Log in: sign in with a subscription, or store an API key");
		expect(fixture.screen()).toContain("Sign in: Anthropic (Claude Pro/Max)");
		await fixture.type("API key: faux");
		await fixture.type("\r");
		await fixture.waitForText("API key for faux");
		await fixture.type("sk-test-123\r");
		await fixture.waitForText("Stored an API key for faux.");
		expect(fixture.screen()).not.toContain("sk-test-123");
		expect(fixture.app.session.modelRuntime.authStorage.get("faux")).toEqual({ type: "api_key", key: "sk-test-123" });
		await fixture.type("/logout\r");
		await fixture.waitForText("Log out");
		await fixture.type("\r");
		await fixture.waitForText("Signed out of faux");
		expect(fixture.app.session.modelRuntime.authStorage.get("faux")).toBeUndefined();
	});

	it("/compact refuses a session that fits in keepRecentTokens (pi 1.4's message)", async () => {
		const fixture = await setup();
		fixture.faux.setResponses([fauxAssistantMessage("one")]);
		await fixture.type("first\r");
		await fixture.waitForText("one");
		await fixture.type("/compact\r");
		await fixture.waitForText("Compaction failed: Nothing to compact (session too small)");
		expect(fixture.faux.state.requests).toHaveLength(1);
	});

	it("/compact summarises the history; an unknown /command goes to the agent", async () => {
		// Only the last exchange fits in keepRecentTokens, so the first one is summarised.
		const fixture = await setup({ compaction: { keepRecentTokens: 2 } });
		fixture.faux.setResponses([
			fauxAssistantMessage("one"),
			fauxAssistantMessage("two"),
			fauxAssistantMessage("## Summary\nearlier talk"),
			fauxAssistantMessage("got it"),
		]);
		await fixture.type("first\r");
		await fixture.waitForText("one");
		await fixture.type("second\r");
		await fixture.waitForText("two");
		await fixture.type("/compact keep it short\r");
		await fixture.waitForText("Compacted");
		await fixture.type("/unknowncmd now\r");
		await fixture.waitForText("got it");
		const last = fixture.faux.state.requests.at(-1)?.context.messages.at(-1);
		expect(JSON.stringify(last)).toContain("/unknowncmd now");
	});

	it("/quit ends the app with exit code 0", async () => {
		const fixture = await setup();
		await fixture.type("/quit\r");
		expect(await fixture.exit).toBe(0);
	});

	it("--session of another project asks whether to fork it here", async () => {
		const other = tempDir();
		const here = tempDir();
		const agentDir = tempDir();
		const original = SessionManager.create(other, join(agentDir, "sessions-other"));
		original.appendMessage(userMessage("from the other project"));
		original.appendMessage(assistantMessage("answered there"));
		const sourceFile = original.getSessionFile()!;
		original.close();
		const fixture = await createAppFixture({
			cwd: other,
			agentDir,
			launchCwd: here,
			sessionManager: SessionManager.open(sourceFile),
		});
		fixtures.push(fixture);
		await fixture.waitForText(`This session belongs to ${other}`);
		await fixture.type("\r");
		await fixture.waitForText(`Forked into ${here}`);
		expect(fixture.app.session.sessionManager.getCwd()).toBe(here);
		expect(fixture.app.session.sessionFile).not.toBe(sourceFile);
		expect(fixture.screen()).toContain("from the other project");
	});

	it("@ file search leaves out what .gitignore ignores", async () => {
		const cwd = tempDir();
		mkdirSync(join(cwd, "src"));
		mkdirSync(join(cwd, "dist"));
		writeFileSync(join(cwd, "src", "widget.ts"), "");
		writeFileSync(join(cwd, "dist", "widget.js"), "");
		writeFileSync(join(cwd, ".gitignore"), "dist/\n");
		const fixture = await createAppFixture({ cwd, agentDir: tempDir() });
		fixtures.push(fixture);
		await fixture.waitForText("0.0%/128k");
		await fixture.type("look at @widg");
		await fixture.waitForText("widget.ts  src/");
		expect(fixture.screen()).not.toContain("widget.js");
		expect(fixture.screen()).not.toContain("dist/");
	});

	it("an initial message is sent at start; -r opens the session picker after it", async () => {
		const cwd = tempDir();
		const agentDir = tempDir();
		const fixture = await createAppFixture({
			cwd,
			agentDir,
			initialMessage: "hello from argv",
			showResumePicker: true,
		});
		fixtures.push(fixture);
		fixture.faux.setResponses([fauxAssistantMessage("argv answered")]);
		await fixture.waitForText("Resume Session");
		expect(fixture.screen()).toContain("hello from argv");
	});
});
