// pi 1.4's prompt-cache warming through the built binary (issue 24): a model that declares its
// provider's cache lifetime (`promptCache`, providers.md) gets its request re-sent with a one-token cap
// shortly before the cache entry expires, recorded as a `usage` entry of kind `cache_warm` in 1.4's
// session format and counted in the stats. The files are written from 1.4's documented formats.
import { readFileSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockBlock, type MockLlm, type MockUsage, type RecordedRequest, startMockLlm } from "@pi/llm-mock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectRpc } from "./rpc-support.js";
import { createPiTestEnv, type PiTestEnv, runPi } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;
const warmRequests: ((request: RecordedRequest) => void)[] = [];

interface ChatBody {
	messages: unknown[];
	max_tokens?: number;
	max_completion_tokens?: number;
}

const bodyOf = (request: RecordedRequest | undefined) => (request?.body ?? { messages: [] }) as ChatBody;

const outputCap = (request: RecordedRequest | undefined) => {
	const body = bodyOf(request);
	return body.max_completion_tokens ?? body.max_tokens;
};

/**
 * 11 s of cache lifetime: the refresh is due after 1 s (at least 10 s before expiry). A lost cache of
 * 1000 tokens costs ~$1 at these prices, so warming pays even at 1.4's 15% idle continuation estimate.
 */
function writeHome(cacheWarming: string): void {
	env.writeModelsJson({
		providers: {
			lab: {
				baseUrl: `${mock.url}/v1`,
				api: "openai-completions",
				apiKey: "sk-lab",
				models: [
					{
						id: "lab-1",
						cost: { input: 1000, output: 1, cacheRead: 1, cacheWrite: 1000 },
						promptCache: { short: 11 },
					},
				],
			},
		},
	});
	env.writeSettings({ defaultProvider: "lab", defaultModel: "lab-1", cacheWarming });
}

const reply = (blocks: MockBlock[], usage: MockUsage) => mock.enqueue({ type: "reply", blocks, usage });

/** Resolves once `file` satisfies `done` (checked on every change of its directory). */
function waitForFile(file: string, done: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
	return new Promise((resolve, reject) => {
		const read = () => {
			try {
				return readFileSync(file, "utf8");
			} catch {
				return "";
			}
		};
		const watcher = watch(join(file, ".."), () => {
			const text = read();
			if (done(text)) finish(() => resolve(text));
		});
		const timer = setTimeout(() => finish(() => reject(new Error(`timed out; ${file}:\n${read()}`))), timeoutMs);
		const finish = (then: () => void) => {
			clearTimeout(timer);
			watcher.close();
			then();
		};
		const text = read();
		if (done(text)) finish(() => resolve(text));
	});
}

beforeEach(async () => {
	env = createPiTestEnv();
	warmRequests.length = 0;
	mock = await startMockLlm({
		onRequest: (request) => {
			if (outputCap(request) === 1) for (const listener of warmRequests.splice(0)) listener(request);
		},
	});
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

describe("pi 1.4's cache warming", () => {
	it('"idle": between runs the last request is re-sent with a one-token cap and recorded as cache_warm usage', async () => {
		writeHome("idle");
		reply([{ type: "text", text: "ok" }], { input: 1000, output: 5 });
		reply([{ type: "text", text: "." }], { input: 0, output: 1, cacheRead: 1000 });
		const rpc = connectRpc(env, []);
		try {
			const state = await rpc.request({ type: "get_state" });
			const file = (state.data as { sessionFile: string }).sessionFile;
			await rpc.request({ type: "prompt", message: "hi" });
			await rpc.waitFor((record) => record.type === "agent_settled");
			const text = await waitForFile(file, (content) => content.includes('"cache_warm"'));
			const [real, warm] = mock.requests;
			expect(outputCap(warm)).toBe(1);
			expect(bodyOf(warm).messages).toEqual(bodyOf(real).messages);
			const entries = text
				.trim()
				.split("\n")
				.map((line) => JSON.parse(line) as Record<string, unknown>);
			const assistant = entries.findLast((entry) => entry.type === "message");
			const usage = entries.find((entry) => entry.type === "usage");
			// 1.4's UsageEntry, field for field, hanging off the reply it kept warm.
			expect(Object.keys(usage ?? {})).toEqual([
				"type",
				"id",
				"parentId",
				"timestamp",
				"kind",
				"provider",
				"model",
				"usage",
			]);
			expect(usage).toMatchObject({
				parentId: assistant?.id,
				kind: "cache_warm",
				provider: "lab",
				model: "lab-1",
				usage: { input: 0, output: 1, cacheRead: 1000, cost: { total: expect.closeTo(0.001001, 9) } },
			});
			const stats = await rpc.request({ type: "get_session_stats" });
			expect(stats.data).toMatchObject({ cost: expect.closeTo(1.000005 + 0.001001, 9), assistantMessages: 1 });
			expect(rpc.schemaFailures).toEqual([]);
		} finally {
			await rpc.close();
		}
	});

	it('"streaming" (the default): a run that lasts past the refresh time keeps the cache warm', async () => {
		writeHome("streaming");
		const marker = join(env.cwd, "warmed");
		// The tool call ends only once the warm request has reached the server: no guessing at timing.
		warmRequests.push(() => writeFileSync(marker, ""));
		reply([{ type: "toolCall", name: "bash", arguments: { command: "while [ ! -e warmed ]; do sleep 0.05; done" } }], {
			input: 1000,
			output: 5,
		});
		reply([{ type: "text", text: "." }], { input: 0, output: 1, cacheRead: 1000 });
		reply([{ type: "text", text: "done" }], { input: 10, output: 1, cacheRead: 1000 });
		const result = await runPi(env, ["-p", "wait"]);
		expect(result.stderr).toBe("");
		expect(result).toMatchObject({ code: 0, stdout: "done\n" });
		expect(mock.requests.map(outputCap)).toEqual([expect.any(Number), 1, expect.any(Number)]);
		expect(bodyOf(mock.requests[0]).messages).toEqual(bodyOf(mock.requests[1]).messages);
	});

	it('"off": a setting 1.4 documents, read without a warning', async () => {
		writeHome("off");
		reply([{ type: "text", text: "ok" }], { input: 1000, output: 5 });
		const result = await runPi(env, ["-p", "hi"]);
		expect(result).toMatchObject({ code: 0, stdout: "ok\n", stderr: "" });
	});
});
