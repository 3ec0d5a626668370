// The examples of sdk.md §8.1–§8.5, run nearly verbatim against @pi/llm-mock speaking the
// Anthropic wire format, with PI_CODING_AGENT_DIR pointing at a temp agent directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockLlm, startMockLlm } from "@pi/llm-mock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	type AgentSession,
	type CreateAgentSessionRuntimeFactory,
	createAgentSession,
	createAgentSessionFromServices,
	createAgentSessionRuntime,
	createAgentSessionServices,
	getAgentDir,
	ModelRuntime,
	SessionManager,
} from "../src/index.js";
import { deferred } from "./support/deferred.js";
import { useTempDirs } from "./support/temp-dir.js";

const tempDir = useTempDirs();
let mock: MockLlm;
let savedEnv: NodeJS.ProcessEnv;
let cwd: string;

const PROVIDER_KEYS = [
	"ANTHROPIC_API_KEY",
	"ANTHROPIC_OAUTH_TOKEN",
	"OPENAI_API_KEY",
	"GEMINI_API_KEY",
	"OPENROUTER_API_KEY",
	"XAI_API_KEY",
	"GROQ_API_KEY",
	"CEREBRAS_API_KEY",
	"MISTRAL_API_KEY",
];

beforeEach(async () => {
	mock = await startMockLlm();
	savedEnv = { ...process.env };
	for (const key of PROVIDER_KEYS) delete process.env[key];
	const agentDir = tempDir("pi-sdk-agent-");
	cwd = tempDir("pi-sdk-cwd-");
	process.env.PI_CODING_AGENT_DIR = agentDir;
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: {
				anthropic: {
					baseUrl: mock.url,
					models: [
						{
							id: "claude-sonnet-4-20250514",
							name: "Claude Sonnet 4",
							reasoning: true,
							input: ["text", "image"],
							contextWindow: 200000,
							maxTokens: 16384,
						},
					],
				},
			},
		}),
	);
	writeFileSync(join(agentDir, "auth.json"), JSON.stringify({ anthropic: { type: "api_key", key: "sk-ant-test" } }), {
		mode: 0o600,
	});
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({
			defaultProvider: "anthropic",
			defaultModel: "claude-sonnet-4-20250514",
			retry: { baseDelayMs: 0 },
		}),
	);
});

afterEach(async () => {
	process.env = savedEnv;
	await mock.close();
});

function reply(text: string, deltas = 3) {
	return { type: "reply" as const, blocks: [{ type: "text" as const, text, deltas }] };
}

describe("sdk.md §8 examples", () => {
	it("§8.1 smallest useful host", async () => {
		mock.enqueue(reply("The README describes pi."));
		let printed = "";
		const { session } = await createAgentSession({ cwd, sessionManager: SessionManager.inMemory() });
		await session.bindExtensions({});
		const stop = session.subscribe((event) => {
			if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") {
				printed += event.assistantMessageEvent.delta;
			}
		});
		try {
			await session.prompt("Summarize the README in this directory.");
			const last = session.messages.at(-1);
			expect(last?.role === "assistant" && last.stopReason).toBe("stop");
		} finally {
			stop();
			session.dispose();
		}
		expect(printed).toBe("The README describes pi.");
		// @anthropic-ai/sdk 1.14 sends the key as a bearer token.
		expect(mock.requests[0]!.headers.authorization).toBe("Bearer sk-ant-test");
		expect(mock.requests[0]!.path).toBe("/v1/messages");
	});

	it("§8.2 continue the latest session with a fixed model", async () => {
		const first = SessionManager.create(cwd);
		mock.enqueue(reply("first answer"), reply("second answer"));
		const { session: earlier } = await createAgentSession({ cwd, sessionManager: first });
		await earlier.prompt("first question");
		earlier.dispose();

		const modelRuntime = await ModelRuntime.create();
		const model = modelRuntime.getModel("anthropic", "claude-sonnet-4-20250514");
		const { session, modelFallbackMessage } = await createAgentSession({
			cwd,
			modelRuntime,
			model,
			thinkingLevel: "high",
			tools: ["read", "grep", "find", "ls"],
			sessionManager: SessionManager.continueRecent(cwd),
		});
		expect(modelFallbackMessage).toBeUndefined();
		expect(session.agent.state.tools.map((tool) => tool.name)).toEqual(["read", "grep", "find", "ls"]);
		expect(session.thinkingLevel).toBe("high");
		expect(session.messages).toHaveLength(2);
		await session.prompt("second question");
		const body = mock.requests[1]!.body as { messages: unknown[]; thinking?: unknown; tools: { name: string }[] };
		expect(body.messages).toHaveLength(3);
		expect(body.thinking).toBeDefined();
		expect(body.tools.map((tool) => tool.name)).toEqual(["read", "grep", "find", "ls"]);
		session.dispose();
	});

	it("§8.3 steering while a run streams", async () => {
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "text", text: "Refactoring the parser module now.", deltas: 8 }],
				chunkDelayMs: 5,
			},
			reply("Kept the API."),
			reply("Changelog updated."),
		);
		const { session } = await createAgentSession({ cwd, sessionManager: SessionManager.inMemory() });
		const streaming = deferred();
		session.subscribe((event) => {
			if (event.type === "message_update") streaming.resolve();
		});
		const run = session.prompt("Refactor the parser module.");
		const steered = streaming.promise.then(async () => {
			const d = await session.steer("Keep the public API unchanged.");
			expect(d).toBe("queued");
			await session.prompt("Then update the changelog.", { streamingBehavior: "followUp" });
		});
		await run;
		await steered;
		expect(session.getLastAssistantText()).toBe("Changelog updated.");
		const lastBody = mock.requests.at(-1)!.body as { messages: { role: string }[] };
		expect(lastBody.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"user",
			"assistant",
			"user",
		]);
		session.dispose();
	});

	it("§8.4 backpressure barrier", async () => {
		mock.enqueue(reply("one two three", 3));
		const { session } = await createAgentSession({ cwd, sessionManager: SessionManager.inMemory() });
		const rendered: string[] = [];
		session.subscribe((e) => {
			rendered.push(e.type);
		});
		const gate = deferred();
		let waiting = 0;
		session.agent.subscribe(async (event) => {
			if (event.type === "message_end" && event.message.role === "user") {
				waiting++;
				await gate.promise;
			}
		});
		const run = session.prompt("count");
		await new Promise((resolve) => setImmediate(resolve));
		expect(waiting).toBe(1);
		expect(mock.requests).toHaveLength(0);
		gate.resolve();
		await run;
		expect(mock.requests).toHaveLength(1);
		expect(rendered.at(-1)).toBe("agent_settled");
		session.dispose();
	});

	it("§8.5 runtime with session replacement and rebinding", async () => {
		mock.enqueue(reply("hello from the first session"));
		const factory: CreateAgentSessionRuntimeFactory = async ({ cwd, agentDir, sessionManager, sessionStartEvent }) => {
			const services = await createAgentSessionServices({ cwd, agentDir });
			const created = await createAgentSessionFromServices({ services, sessionManager, sessionStartEvent });
			return { ...created, services, diagnostics: services.diagnostics };
		};
		mkdirSync(cwd, { recursive: true });
		const runtime = await createAgentSessionRuntime(factory, {
			cwd,
			agentDir: getAgentDir(),
			sessionManager: SessionManager.create(cwd),
		});
		const queueRenders: string[][] = [];
		let unsubscribe: (() => void) | undefined;
		const bound: AgentSession[] = [];
		async function attach(): Promise<void> {
			unsubscribe?.();
			const session = runtime.session;
			await session.bindExtensions({ mode: "tui" });
			bound.push(session);
			unsubscribe = session.subscribe((event) => {
				if (event.type === "queue_update") queueRenders.push([...event.steering, ...event.followUp]);
			});
		}
		runtime.setRebindSession(attach);
		await attach();
		await runtime.session.prompt("hi");
		const firstFile = runtime.session.sessionFile!;

		const { cancelled } = await runtime.newSession();
		expect(cancelled).toBe(false);
		await runtime.switchSession(firstFile);
		expect(runtime.session.getLastAssistantText()).toBe("hello from the first session");
		const leaf = runtime.session.sessionManager.getLeafId();
		if (leaf) await runtime.fork(leaf, { position: "at" });
		expect(runtime.session.sessionFile).not.toBe(firstFile);
		expect(runtime.session.messages).toHaveLength(2);
		expect(bound).toHaveLength(4);
		expect(bound.at(-1)!.getExtensionBindings().mode).toBe("tui");
		await runtime.dispose();
	});
});
