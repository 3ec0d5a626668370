import { existsSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import { SessionManager } from "../../../src/core/session/session-manager.js";
import { orderSessions, searchSessions } from "../../../src/modes/interactive/session-picker-order.js";
import { assistantMessage, userMessage } from "../../support/messages.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

function saveSession(cwd: string, sessionDir: string, text: string, name?: string): string {
	const manager = SessionManager.create(cwd, sessionDir);
	manager.appendMessage(userMessage(text));
	manager.appendMessage(assistantMessage(`answer to ${text}`));
	if (name) manager.appendSessionInfo(name);
	return manager.getSessionFile()!;
}

describe("the session picker (/resume)", () => {
	it("renames, filters named ones, cycles the sort, shows paths and deletes after asking, never the active one", async () => {
		const cwd = tempDir();
		const agentDir = tempDir();
		const sessionDir = join(agentDir, "sessions");
		const other = saveSession(cwd, sessionDir, "older work");
		saveSession(cwd, sessionDir, "named work", "keeper");
		const fixture = await createAppFixture({ cwd, agentDir, columns: 120, rows: 30 });
		fixtures.push(fixture);
		fixture.faux.setResponses([fauxAssistantMessage("current answer")]);
		await fixture.type("current work\r");
		await fixture.waitForText("current answer");
		await fixture.type("/resume\r");
		await fixture.waitForText("Resume Session (Current Folder)");
		expect(fixture.screen()).toContain("Sort: Threaded");
		for (const text of ["older work", "keeper", "current work"]) expect(fixture.screen()).toContain(text);
		// Sort cycle: threaded → recent → fuzzy → threaded.
		await fixture.type("\x13");
		await fixture.waitForText("Sort: Recent");
		await fixture.type("\x13");
		await fixture.waitForText("Sort: Fuzzy");
		await fixture.type("\x13");
		await fixture.waitForText("Sort: Threaded");
		// Named only.
		await fixture.type("\x0e");
		await fixture.waitForText("Name: Named");
		expect(fixture.screen()).not.toContain("older work");
		await fixture.type("\x0e");
		await fixture.waitForText("Name: All");
		// Path display.
		await fixture.type("\x10");
		await fixture.waitForText("path (on)");
		await fixture.type("\x10");
		// The active session cannot be deleted.
		await fixture.type("current");
		await fixture.waitUntil((screen) => !screen.includes("older work"));
		await fixture.type("\x04");
		await fixture.waitForText("Cannot delete the currently active session");
		expect(existsSync(fixture.app.session.sessionFile!)).toBe(true);
		for (let index = 0; index < 7; index++) await fixture.type("\x7f");
		// Rename another session.
		await fixture.type("older");
		await fixture.waitUntil((screen) => !screen.includes("keeper"));
		await fixture.type("\x12");
		await fixture.waitForText("Rename Session");
		await fixture.type("renamed older\r");
		await fixture.waitForText("Session renamed: renamed older");
		expect(SessionManager.list(cwd, sessionDir).find((info) => info.path === other)?.name).toBe("renamed older");
		// Delete it: asked first; Escape keeps it, Enter deletes it.
		await fixture.type("\x04");
		await fixture.waitForText("Delete session?");
		await fixture.type("\x1b");
		await fixture.waitUntil((screen) => !screen.includes("Delete session?"));
		expect(existsSync(other)).toBe(true);
		await fixture.type("\x04");
		await fixture.waitForText("Delete session?");
		await fixture.type("\r");
		await fixture.waitForText("Session deleted");
		expect(existsSync(other)).toBe(false);
	});

	it("orders threaded (forks under their parent), recent, and fuzzy by match", () => {
		const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
		const info = (path: string, minutes: number, firstMessage: string, parentSessionPath?: string) => ({
			path,
			id: path,
			cwd: "/p",
			created: at(minutes),
			modified: at(minutes),
			messageCount: 2,
			firstMessage,
			...(parentSessionPath ? { parentSessionPath } : {}),
		});
		const sessions = [info("a", 1, "alpha root"), info("b", 3, "beta"), info("c", 2, "alpha fork", "a")];
		expect(orderSessions(sessions, "threaded").map((entry) => [entry.info.path, entry.depth])).toEqual([
			["b", 0],
			["a", 0],
			["c", 1],
		]);
		expect(orderSessions(sessions, "recent").map((entry) => entry.info.path)).toEqual(["b", "c", "a"]);
		const threaded = orderSessions(sessions, "threaded");
		expect(searchSessions(threaded, "alpha", "threaded").map((entry) => entry.info.path)).toEqual(["a", "c"]);
		expect(searchSessions(threaded, "fork", "fuzzy").map((entry) => entry.info.path)).toEqual(["c"]);
	});
});

describe("fullscreen mode", () => {
	async function fullscreen(): Promise<AppFixture> {
		const fixture = await createAppFixture({
			cwd: tempDir(),
			agentDir: tempDir(),
			rows: 16,
			settingsManager: SettingsManager.inMemory({ tuiMode: "fullscreen", retry: { baseDelayMs: 0 } }),
		});
		fixtures.push(fixture);
		fixture.faux.setResponses(
			["one", "two", "three"].map((word) =>
				fauxAssistantMessage(Array.from({ length: 12 }, (_, index) => `${word} line ${index}`).join("\n\n")),
			),
		);
		for (const word of ["one", "two", "three"]) {
			await fixture.type(`prompt ${word}\r`);
			await fixture.waitForText(`${word} line 11`);
		}
		return fixture;
	}

	it("turns SGR mouse reporting on, scrolls with the wheel, shows a scrollbar and a jump to the latest", async () => {
		const fixture = await fullscreen();
		expect(fixture.app.tui.mouseReportingActive).toBe(true);
		expect(fixture.screen()).toMatch(/[│┃]$/m);
		await fixture.type("\x1b[<64;5;5M");
		await fixture.waitForText("Jump to latest message · Ctrl+End");
		expect(fixture.screen()).not.toContain("three line 11");
		await fixture.type("\x1b[<65;5;5M");
		await fixture.waitUntil((screen) => !screen.includes("Jump to latest") && screen.includes("three line 11"));
		// Ctrl+Home goes to the top, Ctrl+End back to the end.
		await fixture.type("\x1b[1;5H");
		await fixture.waitForText("pi v1.2.3");
		await fixture.type("\x1b[1;5F");
		await fixture.waitForText("three line 11");
		fixture.terminal.takeWrites();
		fixture.app.quit(0);
		expect(fixture.terminal.takeWrites()).toContain("\x1b[?1000l");
	});

	it("finds in the transcript with a counter, steps through matches and jumps between prompts", async () => {
		const fixture = await fullscreen();
		await fixture.type("\x1b[102;6u");
		await fixture.waitForText("Find:");
		await fixture.type("line 3");
		await fixture.waitForText("3/3");
		await fixture.type("\r");
		await fixture.waitForText("1/3");
		expect(fixture.screen()).toContain("one line 3");
		await fixture.type("\x1b[13;2u");
		await fixture.waitForText("3/3");
		await fixture.type("\x1b");
		await fixture.waitUntil((screen) => !screen.includes("Find:"));
		// Typing goes to the editor again.
		await fixture.type("x");
		expect(fixture.app.editor.getText()).toBe("x");
		await fixture.type("\x1b[1;5F");
		await fixture.type("\x1b[1;6A");
		await fixture.waitUntil((screen) => screen.split("\n")[1]?.includes("prompt three") === true);
		await fixture.type("\x1b[1;6A");
		await fixture.waitUntil((screen) => screen.split("\n")[1]?.includes("prompt two") === true);
		await fixture.type("\x1b[1;6B");
		await fixture.waitUntil((screen) => screen.split("\n")[1]?.includes("prompt three") === true);
	});
});
