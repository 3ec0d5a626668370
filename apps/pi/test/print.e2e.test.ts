import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

// A 1x1 PNG.
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

function lastUserText(requestIndex = 0): string {
	return JSON.stringify((mock.requests[requestIndex]?.body as { messages: unknown[] } | undefined)?.messages.at(-1));
}

describe("pi -p (print mode)", () => {
	it("prints each text block of the final answer on its own line; thinking is not printed (Anthropic)", async () => {
		useMockProvider(env, mock, "anthropic-messages");
		mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "secret thoughts", signature: "sig" },
				{ type: "text", text: "First block" },
				{ type: "text", text: "Second block" },
			],
		});
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("First block\nSecond block\n");
		expect(mock.requests).toHaveLength(1);
	});

	it("sends the prompt over OpenAI chat completions and prints the answer", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hi from chat completions" }] });
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("Hi from chat completions\n");
		expect(lastUserText()).toContain("hello");
	});

	it("runs a tool call and prints only the final answer (no tool call, no tool output)", async () => {
		useMockProvider(env, mock, "anthropic-messages");
		mock.enqueue(
			{
				type: "reply",
				blocks: [
					{ type: "text", text: "Let me look." },
					{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "echo tool-output-marker" } },
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "Done." }] },
		);
		const result = await runPi(env, ["-p", "list"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("Done.\n");
		expect(JSON.stringify(mock.requests[1]?.body)).toContain("tool-output-marker");
	});

	it("exits 1 with the error message on stderr when the reply fails", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "error", status: 400, message: "the mock refuses" });
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain("the mock refuses");
	});

	it("prints a truncated answer, says so on stderr and exits 1 (stopReason length)", async () => {
		useMockProvider(env, mock, "anthropic-messages");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "partial answ" }], stopReason: "length" });
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("partial answ\n");
		expect(result.stderr).toBe("Response was truncated: the model reached its output token limit.\n");
	});

	it("prepends piped stdin to the message", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runPi(env, ["Review this"], { stdin: "diff --git a/x b/x\n+added line\n" });
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("ok\n");
		const text = lastUserText();
		expect(text).toContain("+added line");
		expect(text).toContain("Review this");
		expect(text.indexOf("+added line")).toBeLessThan(text.indexOf("Review this"));
	});

	it("sends piped stdin alone as the prompt when there is no message", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runPi(env, [], { stdin: "what is 2+2?" });
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("ok\n");
		expect(lastUserText()).toContain("what is 2+2?");
	});

	it("inlines an @file text file and attaches an @file image", async () => {
		useMockProvider(env, mock, "anthropic-messages", { input: ["text", "image"] });
		writeFileSync(join(env.cwd, "notes.txt"), "the notes content\n");
		writeFileSync(join(env.cwd, "pixel.png"), Buffer.from(PNG_BASE64, "base64"));
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "seen" }] });
		const result = await runPi(env, ["-p", "@notes.txt", "@pixel.png", "describe"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		const text = lastUserText();
		expect(text).toContain("the notes content");
		expect(text).toContain("describe");
		expect(text).toContain(PNG_BASE64);
		expect(text).toContain("image/png");
	});

	it("sends several positional messages in order on one session", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "answer one" }] },
			{ type: "reply", blocks: [{ type: "text", text: "answer two" }] },
		);
		const result = await runPi(env, ["-p", "first question", "second question"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("answer two\n");
		expect(mock.requests).toHaveLength(2);
		expect(lastUserText(0)).toContain("first question");
		const second = JSON.stringify((mock.requests[1]?.body as { messages: unknown[] } | undefined)?.messages);
		expect(second).toContain("first question");
		expect(second).toContain("answer one");
		expect(lastUserText(1)).toContain("second question");
	});

	it("says on stderr which project inputs an untrusted project skipped; --approve loads them", async () => {
		useMockProvider(env, mock, "openai-completions");
		writeFileSync(join(env.cwd, "AGENTS.md"), "Always answer in French.\n");
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "non" }] },
			{ type: "reply", blocks: [{ type: "text", text: "oui" }] },
		);
		const untrusted = await runPi(env, ["-p", "hello"]);
		expect(untrusted.stdout).toBe("non\n");
		expect(untrusted.stderr).toBe(
			"Note: untrusted project, not loaded: AGENTS.md (trust it with --approve, or set defaultProjectTrust in settings.json)\n",
		);
		expect(JSON.stringify(mock.requests[0]?.body)).not.toContain("Always answer in French");
		const trusted = await runPi(env, ["--approve", "-p", "hello"]);
		expect(trusted.stderr).toBe("");
		expect(JSON.stringify(mock.requests[1]?.body)).toContain("Always answer in French");
	});

	it("runs once without -p when stdout is not a terminal", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "no tty" }] });
		const result = await runPi(env, ["hello"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("no tty\n");
	});
});
