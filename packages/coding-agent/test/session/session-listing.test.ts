import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listAllSessions, readSessionInfo } from "../../src/core/session/session-listing.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function writeSession(path: string, header: Record<string, unknown>, entries: Record<string, unknown>[] = []): void {
	writeFileSync(path, [header, ...entries].map((line) => `${JSON.stringify(line)}\n`).join(""));
}

const header = (id: string, timestamp = "2025-03-01T09:00:00.000Z") => ({
	type: "session",
	version: 3,
	id,
	timestamp,
	cwd: "/w",
});

const message = (id: string, role: "user" | "assistant" | "toolResult", timestamp: number, text = "hi") => ({
	type: "message",
	id,
	parentId: null,
	timestamp: "2025-03-01T09:00:00.000Z",
	message:
		role === "user"
			? { role, content: [{ type: "text", text }], timestamp }
			: role === "assistant"
				? { ...assistantMessage(text), timestamp }
				: { role, toolCallId: "t", toolName: "bash", content: [], isError: false, timestamp },
});

describe("SessionInfo", () => {
	it("has every field, with modified = the newest user/assistant message time", () => {
		const dir = tempDir();
		const path = join(dir, "s.jsonl");
		writeSession(path, { ...header("id-1"), parentSession: "/old/file.jsonl" }, [
			message("a1", "user", 1_000, "first question"),
			message("a2", "assistant", 5_000),
			// A later tool result does not count for `modified`.
			message("a3", "toolResult", 9_000),
			{ type: "session_info", id: "a4", parentId: "a3", timestamp: "2025-03-02T00:00:00.000Z", name: " Named " },
		]);
		expect(readSessionInfo(path)).toEqual({
			path,
			id: "id-1",
			cwd: "/w",
			name: "Named",
			parentSessionPath: "/old/file.jsonl",
			created: new Date("2025-03-01T09:00:00.000Z"),
			modified: new Date(5_000),
			messageCount: 3,
			firstMessage: "first question",
		});
	});

	it("falls back to the header time, then to the file mtime, and says (no messages)", () => {
		const dir = tempDir();
		const withHeaderTime = join(dir, "a.jsonl");
		writeSession(withHeaderTime, header("a", "2025-01-02T03:04:05.000Z"));
		expect(readSessionInfo(withHeaderTime)).toMatchObject({
			modified: new Date("2025-01-02T03:04:05.000Z"),
			messageCount: 0,
			firstMessage: "(no messages)",
		});
		const withoutTime = join(dir, "b.jsonl");
		writeSession(withoutTime, header("b", "not a time"));
		const mtime = new Date("2024-06-01T00:00:00.000Z");
		utimesSync(withoutTime, mtime, mtime);
		expect(readSessionInfo(withoutTime)).toMatchObject({ created: mtime, modified: mtime });
	});
});

describe("listAll", () => {
	it("lists valid sessions of every project directory and of extra flat directories, newest first", () => {
		const agentDir = tempDir();
		const flat = tempDir();
		const older = SessionManager.create("/a", join(agentDir, "sessions", "--a--"));
		older.appendMessage({ ...userMessage("old"), timestamp: 1_000 });
		older.appendMessage({ ...assistantMessage("x"), timestamp: 2_000 });
		const newer = SessionManager.create("/b", join(agentDir, "sessions", "--b--"));
		newer.appendMessage({ ...userMessage("new"), timestamp: 3_000 });
		newer.appendMessage({ ...assistantMessage("y"), timestamp: 4_000 });
		const flatSession = SessionManager.create("/c", flat);
		flatSession.appendMessage({ ...userMessage("flat"), timestamp: 5_000 });
		flatSession.appendMessage({ ...assistantMessage("z"), timestamp: 6_000 });
		mkdirSync(join(agentDir, "sessions", "--junk--"));
		writeFileSync(join(agentDir, "sessions", "--junk--", "junk.jsonl"), "not a session\n");
		const progress: [number, number][] = [];
		const infos = listAllSessions((loaded, total) => progress.push([loaded, total]), agentDir, [flat]);
		expect(infos.map((info) => info.firstMessage)).toEqual(["flat", "new", "old"]);
		expect(progress.at(-1)).toEqual([4, 4]);
		expect(listAllSessions(undefined, tempDir())).toEqual([]);
	});
});
