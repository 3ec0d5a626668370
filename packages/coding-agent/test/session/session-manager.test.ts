import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { encodeCwd, sessionFileName } from "../../src/core/session/session-paths.js";
import { assistantMessage, toolResultMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function lines(path: string): Record<string, unknown>[] {
	return readFileSync(path, "utf8")
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("session paths", () => {
	it("encodes cwds as in the spec examples", () => {
		expect(encodeCwd("/home/ada/code/app")).toBe("--home-ada-code-app--");
		expect(encodeCwd("C:\\src\\app")).toBe("--C--src-app--");
	});

	it("names files by creation time and id", () => {
		expect(sessionFileName(new Date("2025-03-01T09:15:02.123Z"), "abc")).toBe("2025-03-01T09-15-02-123Z_abc.jsonl");
	});
});

describe("SessionManager", () => {
	it("gives a new session a UUIDv7 id (time-ordered, as 1.4 makes them)", () => {
		const first = SessionManager.inMemory("/tmp").getSessionId();
		const second = SessionManager.inMemory("/tmp").getSessionId();
		expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(second.slice(0, 8) >= first.slice(0, 8)).toBe(true);
	});

	it("defers file creation until the first assistant message, then writes header and every entry in order", () => {
		const dir = tempDir();
		const session = SessionManager.create("/work/app", dir);
		session.appendModelChange("faux", "faux-1");
		session.appendMessage(userMessage("hi"));
		const file = session.getSessionFile()!;
		expect(existsSync(file)).toBe(false);
		expect(session.isPersisted()).toBe(false);
		session.appendMessage(assistantMessage("hello"));
		expect(session.isPersisted()).toBe(true);
		const written = lines(file);
		expect(written.map((line) => line.type)).toEqual(["session", "model_change", "message", "message"]);
		expect(written[0]).toMatchObject({ type: "session", version: 3, id: session.getSessionId(), cwd: "/work/app" });
		session.appendMessage(toolResultMessage("call_1", "ok"));
		expect(lines(file)).toHaveLength(5);
	});

	it("round-trips every entry type with leaf, name, labels and context", () => {
		const dir = tempDir();
		const session = SessionManager.create("/work/app", dir);
		const user = session.appendMessage(userMessage("start"));
		session.appendMessage(assistantMessage("ok"));
		session.appendModelChange("openai", "gpt-5");
		session.appendThinkingLevelChange("high");
		session.appendCustomEntry("todo-ext", { items: ["a"] });
		session.appendCustomMessageEntry("rules", "Follow the house style.", true, { source: "rules.md" });
		session.appendLabelChange(user, "before-refactor");
		session.appendSessionInfo("  Refactor auth  ");
		session.appendCompaction("## Goal", user, 1234, { readFiles: ["a.ts"], modifiedFiles: [] });
		session.appendMessage({
			role: "bashExecution",
			command: "ls",
			output: "a\n",
			exitCode: 0,
			cancelled: false,
			truncated: false,
			timestamp: Date.now(),
		});
		const reopened = SessionManager.open(session.getSessionFile()!);
		expect(reopened.getEntries()).toEqual(session.getEntries());
		expect(reopened.getLeafId()).toBe(session.getLeafId());
		expect(reopened.getSessionName()).toBe("Refactor auth");
		expect(reopened.getLabel(user)).toBe("before-refactor");
		expect(reopened.buildSessionContext()).toEqual(session.buildSessionContext());
		const context = reopened.buildSessionContext();
		expect(context.thinkingLevel).toBe("high");
		expect(context.model).toEqual({ provider: "openai", modelId: "gpt-5" });
		expect(context.messages.map((message) => message.role)).toEqual([
			"compactionSummary",
			"user",
			"assistant",
			"custom",
			"bashExecution",
		]);
	});

	it("refuses summary roles as plain messages", () => {
		const session = SessionManager.inMemory("/w");
		expect(() => session.appendMessage({ role: "branchSummary", summary: "s", fromId: "x", timestamp: 0 })).toThrow(
			/own entry type/,
		);
	});

	it("keeps every entry before a torn last line and appends after it on a fresh line", () => {
		const dir = tempDir();
		const session = SessionManager.create("/w", dir);
		session.appendMessage(userMessage("one"));
		session.appendMessage(assistantMessage("two"));
		const file = session.getSessionFile()!;
		const content = readFileSync(file, "utf8");
		writeFileSync(file, `${content}{"type":"message","id":"deadbeef","parentId":`);
		const reopened = SessionManager.open(file);
		expect(reopened.getEntries()).toHaveLength(2);
		expect(reopened.diagnostics[0]?.message).toMatch(/Skipped 1 unreadable line/);
		reopened.appendMessage(userMessage("three"));
		const rawLines = readFileSync(file, "utf8").split("\n");
		expect(rawLines.at(-3)).toBe('{"type":"message","id":"deadbeef","parentId":');
		expect(JSON.parse(rawLines.at(-2)!)).toMatchObject({ type: "message", message: { role: "user" } });
		expect(SessionManager.open(file).getEntries()).toHaveLength(3);
	});

	it("backs up a file that is not a session and starts fresh at that path", () => {
		const dir = tempDir();
		const file = join(dir, "broken.jsonl");
		writeFileSync(file, 'not json\n{"hello":1}\n');
		const session = SessionManager.open(file, undefined, "/w");
		expect(session.getEntries()).toEqual([]);
		expect(session.diagnostics[0]?.type).toBe("error");
		expect(session.diagnostics[0]?.message).toMatch(/Invalid session file: .*broken\.jsonl: .*saved as/);
		const backups = readdirSync(dir).filter((name) => name.includes(".corrupt-"));
		expect(backups).toHaveLength(1);
		expect(readFileSync(join(dir, backups[0]!), "utf8")).toBe('not json\n{"hello":1}\n');
		expect(lines(file)[0]).toMatchObject({ type: "session", version: 3 });
	});

	it("opens a missing path as a new session written at exactly that path", () => {
		const dir = tempDir();
		const file = join(dir, "mine.jsonl");
		const session = SessionManager.open(file, undefined, "/w");
		session.appendMessage(userMessage("q"));
		session.appendMessage(assistantMessage("a"));
		expect(lines(file)).toHaveLength(3);
	});

	it("builds trees with siblings in append order and orphans as roots", () => {
		const session = SessionManager.inMemory("/w");
		const root = session.appendMessage(userMessage("root"));
		const first = session.appendMessage(assistantMessage("first"));
		session.branch(root);
		const second = session.appendMessage(assistantMessage("second"));
		const tree = session.getTree();
		expect(tree).toHaveLength(1);
		expect(tree[0]!.children.map((node) => node.entry.id)).toEqual([first, second]);
		expect(session.getBranch().map((entry) => entry.id)).toEqual([root, second]);
		expect(session.getChildren(root).map((entry) => entry.id)).toEqual([first, second]);
		session.resetLeaf();
		const newRoot = session.appendMessage(userMessage("another root"));
		expect(session.getTree().map((node) => node.entry.id)).toEqual([root, newRoot]);
		expect(session.buildSessionContext().messages).toHaveLength(1);
	});

	it("returns an empty context for a null leaf", () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage("x"));
		session.resetLeaf();
		expect(session.buildSessionContext()).toEqual({ messages: [], thinkingLevel: "off", model: null });
	});

	it("records branch summaries with the abandoned leaf and includes them in context", () => {
		const session = SessionManager.inMemory("/w");
		const root = session.appendMessage(userMessage("root"));
		const abandoned = session.appendMessage(assistantMessage("detour"));
		session.branchWithSummary(root, "Explored a detour", { readFiles: [], modifiedFiles: [] });
		const leaf = session.getLeafEntry()!;
		expect(leaf).toMatchObject({ type: "branch_summary", fromId: abandoned, parentId: root });
		expect(session.buildSessionContext().messages.map((message) => message.role)).toEqual(["user", "branchSummary"]);
	});

	it("clears labels with an empty label and lets the latest name win", () => {
		const session = SessionManager.inMemory("/w");
		const id = session.appendMessage(userMessage("x"));
		session.appendLabelChange(id, "one");
		session.appendLabelChange(id, undefined);
		expect(session.getLabel(id)).toBeUndefined();
		session.appendSessionInfo("first");
		session.appendSessionInfo("   ");
		expect(session.getSessionName()).toBeUndefined();
	});

	it("continues the most recent session of a cwd, or creates one", () => {
		const dir = tempDir();
		const fresh = SessionManager.continueRecent("/w", dir);
		expect(fresh.getEntries()).toEqual([]);
		const session = SessionManager.create("/w", dir);
		session.appendMessage(userMessage("q"));
		session.appendMessage(assistantMessage("a"));
		const resumed = SessionManager.continueRecent("/w", dir);
		expect(resumed.getSessionId()).toBe(session.getSessionId());
	});

	it("lists sessions newest first with name, counts and first message", () => {
		const dir = tempDir();
		const session = SessionManager.create("/w", dir);
		session.appendMessage(userMessage("first question"));
		session.appendMessage(assistantMessage("a"));
		session.appendSessionInfo("Named");
		writeFileSync(join(dir, "garbage.jsonl"), "nope\n");
		const progress: number[] = [];
		const infos = SessionManager.list("/w", dir, (loaded) => progress.push(loaded));
		expect(infos).toHaveLength(1);
		expect(infos[0]).toMatchObject({
			id: session.getSessionId(),
			name: "Named",
			messageCount: 2,
			firstMessage: "first question",
			cwd: "/w",
		});
		expect(progress).toEqual([1, 2]);
	});
});

describe("fork and clone", () => {
	it("createBranchedSession copies the path, re-creates labels, and points parentSession at the old file", () => {
		const dir = tempDir();
		const session = SessionManager.create("/w", dir);
		const first = session.appendMessage(userMessage("one"));
		const reply = session.appendMessage(assistantMessage("two"));
		session.appendLabelChange(first, "start");
		session.appendMessage(userMessage("three"));
		const oldFile = session.getSessionFile()!;
		const oldContent = readFileSync(oldFile, "utf8");
		const newFile = session.createBranchedSession(reply)!;
		expect(newFile).not.toBe(oldFile);
		expect(readFileSync(oldFile, "utf8")).toBe(oldContent);
		const written = lines(newFile);
		expect(written[0]).toMatchObject({ type: "session", parentSession: oldFile });
		expect(written.slice(1).map((line) => line.type)).toEqual(["message", "message", "label"]);
		expect(session.getLabel(first)).toBe("start");
		expect(session.buildSessionContext().messages).toHaveLength(2);
	});

	it("defers writing a branch without an assistant message", () => {
		const dir = tempDir();
		const session = SessionManager.create("/w", dir);
		const first = session.appendMessage(userMessage("one"));
		session.appendMessage(assistantMessage("two"));
		const file = session.createBranchedSession(first)!;
		expect(existsSync(file)).toBe(false);
		const empty = session.createBranchedSession(null)!;
		expect(existsSync(empty)).toBe(false);
		expect(session.getEntries()).toEqual([]);
	});

	it("forkFrom copies a session into another cwd's directory", () => {
		const sourceDir = tempDir();
		const targetDir = tempDir();
		const source = SessionManager.create("/a", sourceDir);
		source.appendMessage(userMessage("q"));
		source.appendMessage(assistantMessage("a"));
		const forked = SessionManager.forkFrom(source.getSessionFile()!, "/b", targetDir);
		expect(forked.getHeader()).toMatchObject({ cwd: "/b", parentSession: source.getSessionFile() });
		expect(forked.getEntries()).toEqual(source.getEntries());
		expect(forked.getSessionFile()!.startsWith(targetDir)).toBe(true);
		expect(lines(forked.getSessionFile()!)).toHaveLength(3);
	});
});

describe("flat session directories", () => {
	it("list and continueRecent only see the sessions of their own cwd", () => {
		const dir = tempDir();
		const mine = SessionManager.create("/projects/a", dir);
		mine.appendMessage(userMessage("mine"));
		mine.appendMessage(assistantMessage("reply"));
		const other = SessionManager.create("/projects/b", dir);
		other.appendMessage(userMessage("other"));
		other.appendMessage(assistantMessage("reply"));
		expect(SessionManager.list("/projects/a", dir).map((info) => info.id)).toEqual([mine.getSessionId()]);
		expect(SessionManager.continueRecent("/projects/a", dir).getSessionId()).toBe(mine.getSessionId());
		expect(SessionManager.continueRecent("/projects/c", dir).getEntries()).toEqual([]);
	});
});
