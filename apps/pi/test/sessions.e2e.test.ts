import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

function sessionFiles(dir = join(env.agentDir, "sessions")): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
		.map((entry) => join(entry.parentPath, entry.name));
}

function headerOf(file: string): { id: string; parentSession?: string; cwd: string } {
	return JSON.parse(readFileSync(file, "utf8").split("\n")[0]!);
}

function requestText(index: number): string {
	return JSON.stringify(mock.requests[index]?.body);
}

async function firstRun(): Promise<string> {
	mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "first answer" }] });
	const result = await runPi(env, ["-p", "first question"]);
	expect(result.code).toBe(0);
	const files = sessionFiles();
	expect(files).toHaveLength(1);
	return files[0]!;
}

describe("session selection", () => {
	it("saves a new session under the agent dir by default", async () => {
		const file = await firstRun();
		expect(headerOf(file).cwd).toBe(env.cwd);
		expect(readFileSync(file, "utf8")).toContain("first answer");
	});

	it("-c continues the most recent session of the directory", async () => {
		const file = await firstRun();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "second answer" }] });
		const result = await runPi(env, ["-c", "-p", "second question"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("second answer\n");
		expect(requestText(1)).toContain("first answer");
		expect(sessionFiles()).toEqual([file]);
		expect(readFileSync(file, "utf8")).toContain("second answer");
	});

	it("pi -c -p without a message sends nothing and prints the last answer again", async () => {
		await firstRun();
		const result = await runPi(env, ["-c", "-p"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("first answer\n");
		expect(mock.requests).toHaveLength(1);
	});

	it("--session opens a session by path and by id prefix", async () => {
		const file = await firstRun();
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "by path" }] },
			{ type: "reply", blocks: [{ type: "text", text: "by id" }] },
		);
		expect((await runPi(env, ["--session", file, "-p", "again"])).stdout).toBe("by path\n");
		expect(requestText(1)).toContain("first answer");
		const id = headerOf(file).id;
		expect((await runPi(env, ["--session", id.slice(0, 8), "-p", "once more"])).stdout).toBe("by id\n");
		expect(requestText(2)).toContain("by path");
		expect(sessionFiles()).toEqual([file]);
	});

	it("--fork starts a new session with the history of the source, which stays unchanged", async () => {
		const file = await firstRun();
		const before = readFileSync(file, "utf8");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "forked answer" }] });
		const result = await runPi(env, ["--fork", file, "-p", "in the fork"]);
		expect(result.code).toBe(0);
		expect(requestText(1)).toContain("first answer");
		expect(readFileSync(file, "utf8")).toBe(before);
		const fork = sessionFiles().find((candidate) => candidate !== file);
		expect(fork).toBeDefined();
		expect(headerOf(fork!).parentSession).toBe(file);
		expect(readFileSync(fork!, "utf8")).toContain("forked answer");
	});

	it("--no-session writes nothing", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ephemeral" }] });
		const result = await runPi(env, ["--no-session", "-p", "hello"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("ephemeral\n");
		expect(sessionFiles()).toEqual([]);
	});

	it("--session-dir puts the session file in that directory", async () => {
		const dir = join(env.root, "my-sessions");
		mkdirSync(dir);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "elsewhere" }] });
		const result = await runPi(env, ["--session-dir", dir, "-p", "hello"]);
		expect(result.code).toBe(0);
		expect(sessionFiles(dir)).toHaveLength(1);
		expect(sessionFiles()).toEqual([]);
	});

	it("--name names the session", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "named" }] });
		expect((await runPi(env, ["--name", "my run", "-p", "hello"])).code).toBe(0);
		const [file] = sessionFiles();
		expect(readFileSync(file!, "utf8")).toContain('"name":"my run"');
	});
});
