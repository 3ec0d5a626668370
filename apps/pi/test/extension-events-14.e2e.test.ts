// pi 1.4's request and settlement events through the built `pi -p`, against the mock provider:
// before_provider_headers reaches the HTTP request, context_with_system the request body, and
// agent_before_settle continues the run once with the message it appends.
import { writeFileSync } from "node:fs";
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

const EXTENSION = `export default function (pi) {
	pi.on("before_provider_headers", (event) => {
		event.headers["X-Trace"] = "trace-1";
	});
	pi.on("context_with_system", (event) => {
		const [system, ...rest] = event.messages;
		return { messages: [{ ...system, content: system.content + "\\nSYSTEM-EDITED" }, ...rest] };
	});
	let nudged = false;
	pi.on("agent_before_settle", (event) => {
		if (nudged) return undefined;
		nudged = true;
		return {
			entries: [...event.entries, { type: "custom_message", customType: "nudge", content: "keep going", display: true }],
			continue: true,
		};
	});
}
`;

describe("pi 1.4's request and settlement events in the built pi", () => {
	it("headers, the system prompt and one continuation reach the provider", async () => {
		const extension = join(env.root, "events.js");
		writeFileSync(extension, EXTENSION);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "first" }] });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "second" }] });
		const result = await runPi(env, ["-e", extension, "-p", "hello"]);
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout.trim()).toBe("second");
		expect(mock.requests).toHaveLength(2);
		for (const request of mock.requests) expect(request.headers["x-trace"]).toBe("trace-1");
		const body = mock.requests[1]?.body as { messages: { role: string; content: unknown }[] };
		expect(body.messages[0]?.role).toBe("system");
		expect(String(body.messages[0]?.content)).toMatch(/SYSTEM-EDITED$/);
		expect(JSON.stringify(body.messages.at(-1))).toContain("keep going");
	});
});
