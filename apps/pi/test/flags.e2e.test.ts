import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

interface ChatBody {
	model: string;
	messages: { role: string; content: unknown }[];
	tools?: { function: { name: string } }[];
	reasoning_effort?: string;
}

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions", { reasoning: true });
	mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

async function requestFor(args: string[]): Promise<ChatBody> {
	const result = await runPi(env, [...args, "-p", "hello"]);
	expect(result.stderr).toBe("");
	expect(result.code).toBe(0);
	return mock.requests[0]?.body as ChatBody;
}

const toolNames = (body: ChatBody) => (body.tools ?? []).map((tool) => tool.function.name).sort();

describe("flags that shape the request", () => {
	it("default tools are read, bash, edit, write", async () => {
		expect(toolNames(await requestFor([]))).toEqual(["bash", "edit", "read", "write"]);
	});

	it("--tools is an allow-list, --exclude-tools removes, --no-tools leaves none", async () => {
		expect(toolNames(await requestFor(["--tools", "read,grep"]))).toEqual(["grep", "read"]);
		mock.reset();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect(toolNames(await requestFor(["--exclude-tools", "bash,write"]))).toEqual(["edit", "read"]);
		mock.reset();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect(toolNames(await requestFor(["--no-tools"]))).toEqual([]);
	});

	it("--system-prompt replaces the prompt (text or file); --append-system-prompt adds to it", async () => {
		let body = await requestFor(["--system-prompt", "You are a terse pirate.", "--append-system-prompt", "Say arr."]);
		let system = JSON.stringify(body.messages.filter((message) => message.role !== "user"));
		expect(system).toContain("You are a terse pirate.");
		expect(system).toContain("Say arr.");
		expect(system).not.toContain("expert coding assistant");
		writeFileSync(join(env.cwd, "SYSTEM.txt"), "Prompt from a file.");
		mock.reset();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		body = await requestFor(["--system-prompt", "SYSTEM.txt"]);
		system = JSON.stringify(body.messages.filter((message) => message.role !== "user"));
		expect(system).toContain("Prompt from a file.");
	});

	it("--model provider/id:level and --thinking set the reasoning effort", async () => {
		expect((await requestFor(["--model", "mock/mock-model:high"])).reasoning_effort).toBe("high");
		mock.reset();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect((await requestFor(["--thinking", "low"])).reasoning_effort).toBe("low");
	});
});
