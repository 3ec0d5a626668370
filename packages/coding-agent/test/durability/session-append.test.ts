import { readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionWriteError } from "../../src/core/session/session-file.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";
import { useFaultyFileSystem } from "./support/faulty-fs.js";

const tempDir = useTempDirs();
const faults = useFaultyFileSystem();

function persistedSession(dir: string): SessionManager {
	const session = SessionManager.create("/work/app", dir);
	session.appendMessage(userMessage("hi"));
	session.appendMessage(assistantMessage("hello"));
	return session;
}

/** Every entry's parent is in the file and the chain from the leaf reaches the root. */
function expectIntactChain(session: SessionManager): void {
	const ids = new Set(session.getEntries().map((entry) => entry.id));
	for (const entry of session.getEntries()) if (entry.parentId !== null) expect(ids.has(entry.parentId)).toBe(true);
	expect(session.getBranch()[0]?.parentId).toBeNull();
}

describe("a session append on a full disk", () => {
	it("throws SessionWriteError, keeps memory at what is on disk, and the next append starts its own line", () => {
		const dir = tempDir();
		const session = persistedSession(dir);
		const file = session.getSessionFile()!;
		const leafBefore = session.getLeafId();
		// 8,192 of a 20,001-byte entry fit: a short write, then ENOSPC.
		faults({ freeBytes: 8192, affects: (path) => path === file });
		const big = assistantMessage("x".repeat(20_001));
		expect(() => session.appendMessage(big)).toThrow(SessionWriteError);
		expect(() => session.appendMessage(big)).toThrow(/No space left on device/);
		expect(session.getEntries()).toHaveLength(2);
		expect(session.getLeafId()).toBe(leafBefore);
		expect(readFileSync(file, "utf8").endsWith("\n")).toBe(false);

		faults({});
		const after = session.appendMessage(userMessage("after the disk was freed"));
		const reloaded = SessionManager.open(file);
		expect(reloaded.getEntries().map((entry) => entry.id)).toEqual([...session.getEntries().map((entry) => entry.id)]);
		expect(reloaded.getEntry(after)?.parentId).toBe(leafBefore);
		expect(reloaded.diagnostics.map((diagnostic) => diagnostic.message).join()).toMatch(/Skipped 1 unreadable line/);
		expectIntactChain(reloaded);
	});

	it("completes a short write that raised nothing", () => {
		const dir = tempDir();
		const session = persistedSession(dir);
		faults({ maxBytesPerWrite: 1000 });
		session.appendMessage(assistantMessage("y".repeat(20_001)));
		const reloaded = SessionManager.open(session.getSessionFile()!);
		expect(reloaded.getEntries()).toHaveLength(3);
		expect(reloaded.diagnostics).toEqual([]);
	});

	it("a failed first write leaves the session unpersisted and in memory as before", () => {
		const dir = tempDir();
		const session = SessionManager.create("/work/app", dir);
		session.appendMessage(userMessage("hi"));
		faults({ freeBytes: 10 });
		expect(() => session.appendMessage(assistantMessage("hello"))).toThrow(SessionWriteError);
		expect(session.isPersisted()).toBe(false);
		expect(session.getEntries()).toHaveLength(1);
		faults({});
		session.appendMessage(assistantMessage("hello again"));
		expect(SessionManager.open(session.getSessionFile()!).getEntries()).toHaveLength(2);
	});
});

describe("two writers creating the same new session file", () => {
	it("keeps every entry of both (no rename replaces the other's file)", () => {
		const file = join(tempDir(), "shared.jsonl");
		const first = SessionManager.open(file, undefined, "/w");
		const second = SessionManager.open(file, undefined, "/w");
		first.appendMessage(userMessage("first: hi"));
		second.appendMessage(userMessage("second: hi"));
		first.appendMessage(assistantMessage("first: reply"));
		second.appendMessage(assistantMessage("second: reply"));
		first.appendMessage(userMessage("first: more"));
		second.appendMessage(userMessage("second: more"));
		const texts = SessionManager.open(file)
			.getEntries()
			.map((entry) => (entry.type === "message" ? JSON.stringify(entry.message) : ""));
		for (const expected of [
			"first: hi",
			"first: reply",
			"first: more",
			"second: hi",
			"second: reply",
			"second: more",
		]) {
			expect(texts.some((text) => text.includes(expected))).toBe(true);
		}
	});
});

describe("session file permissions", () => {
	it.skipIf(process.platform === "win32")("creates session files 0600 in 0700 directories", () => {
		const dir = join(tempDir(), "nested", "sessions");
		const session = persistedSession(dir);
		expect(statSync(session.getSessionFile()!).mode & 0o777).toBe(0o600);
		expect(statSync(dir).mode & 0o777).toBe(0o700);
	});
});

describe("a crash at any byte of an append", () => {
	it("loses no complete entry, and the next append is readable", () => {
		const dir = tempDir();
		const session = persistedSession(dir);
		for (let index = 0; index < 3; index++) session.appendMessage(userMessage(`entry ${index} ${"é".repeat(40)}`));
		const file = session.getSessionFile()!;
		const full = readFileSync(file);
		const lastLineStart = full.lastIndexOf(0x0a, full.length - 2) + 1;
		const complete = session.getEntries().length - 1;
		// Every byte position inside the last line is a kill point.
		for (let cut = lastLineStart; cut < full.length; cut++) {
			writeFileSync(file, full);
			truncateSync(file, cut);
			// Cut just before the final "\n", the last entry is whole: it must survive too.
			const survivors = cut === full.length - 1 ? complete + 1 : complete;
			const reopened = SessionManager.open(file);
			expect(reopened.getEntries()).toHaveLength(survivors);
			const added = reopened.appendMessage(userMessage("after the crash"));
			const again = SessionManager.open(file);
			expect(again.getEntries()).toHaveLength(survivors + 1);
			expect(again.getEntry(added)?.parentId).toBe(reopened.getEntries()[survivors - 1]?.id);
			reopened.close();
		}
	});
});
