import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

describe("pi -p (print mode)", () => {
	it("prints each text block of the final answer on its own line; thinking and tool calls are not printed (Anthropic)", async () => {
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
		const body = mock.requests[0]?.body as { messages: { role: string; content: unknown }[] };
		expect(JSON.stringify(body.messages.at(-1))).toContain("hello");
	});
});
