import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxText, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { ALREADY_PROCESSING_MESSAGE } from "../../src/core/agent-session/agent-session.js";
import type { PromptDisposition } from "../../src/core/agent-session/agent-session-events.js";
import { type ExtensionRunnerSeam, noopExtensionRunner } from "../../src/core/extensions/extension-runner-seam.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { deferred } from "../support/deferred.js";
import { createFauxSession } from "../support/faux-session.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

/** A tool that waits until released, to hold a run in its tool phase. */
function gateTool() {
	const gate = deferred();
	const started = deferred();
	const tool: AgentTool = {
		name: "wait",
		label: "Wait",
		description: "waits",
		parameters: Type.Object({}),
		execute: async () => {
			started.resolve();
			await gate.promise;
			return { content: [{ type: "text", text: "waited" }] };
		},
	};
	return { tool, gate, started };
}

describe("AgentSession prompt dispositions", () => {
	it("starts a run, persists every message and settles once", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create("/w", dir);
		const { session, faux, types } = await createFauxSession({ sessionManager });
		faux.setResponses([fauxAssistantMessage("Hello there")]);
		const dispositions: PromptDisposition[] = [];
		await session.prompt("Hi", { preflightResult: (disposition) => dispositions.push(disposition) });
		expect(dispositions).toEqual(["started"]);
		expect(types().filter((type) => type !== "message_update")).toEqual([
			"agent_start",
			"turn_start",
			"message_start",
			"message_end",
			"message_start",
			"message_end",
			"turn_end",
			"agent_end",
			"agent_settled",
		]);
		expect(types().filter((type) => type === "message_update").length).toBeGreaterThanOrEqual(3);
		expect(session.isStreaming).toBe(false);
		const reopened = SessionManager.open(sessionManager.getSessionFile()!);
		expect(reopened.buildSessionContext().messages.map((message) => message.role)).toEqual(["user", "assistant"]);
		expect(session.getLastAssistantText()).toBe("Hello there");
	});

	it("rejects a prompt while streaming without streamingBehavior, and queues with it", async () => {
		const { tool, gate, started } = gateTool();
		const { session, faux, events } = await createFauxSession({ customTools: [tool], tools: ["wait"] });
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("wait", {})),
			fauxAssistantMessage("after steer"),
			fauxAssistantMessage("after follow-up"),
		]);
		const run = session.prompt("go");
		await started.promise;
		expect(session.isStreaming).toBe(true);
		await expect(session.prompt("again")).rejects.toThrow(ALREADY_PROCESSING_MESSAGE);
		const dispositions: PromptDisposition[] = [];
		await session.prompt("steer me", { streamingBehavior: "steer", preflightResult: (d) => dispositions.push(d) });
		await session.prompt("later", { streamingBehavior: "followUp", preflightResult: (d) => dispositions.push(d) });
		expect(dispositions).toEqual(["queued", "queued"]);
		const queueUpdates = events.filter((event) => event.type === "queue_update");
		expect(queueUpdates.at(-1)).toEqual({ type: "queue_update", steering: ["steer me"], followUp: ["later"] });
		expect(session.pendingMessageCount).toBe(2);
		gate.resolve();
		await run;
		const updates = events.filter((event) => event.type === "queue_update");
		expect(updates.map((event) => (event.type === "queue_update" ? [event.steering, event.followUp] : []))).toEqual([
			[["steer me"], []],
			[["steer me"], ["later"]],
			[[], ["later"]],
			[[], []],
		]);
		// Each dequeue is announced right before the injected message's message_start.
		const steerUpdate = events.findIndex(
			(event) => event.type === "queue_update" && event.steering.length === 0 && event.followUp.length === 1,
		);
		const next = events[steerUpdate + 1];
		expect(next?.type === "message_start" && next.message.role === "user").toBe(true);
		expect(events.filter((event) => event.type === "agent_settled")).toHaveLength(1);
		expect(session.getLastAssistantText()).toBe("after follow-up");
	});

	it("handles extension commands immediately and input handlers that consume input", async () => {
		const calls: string[] = [];
		const runner: ExtensionRunnerSeam = {
			...noopExtensionRunner,
			getCommand: (name) =>
				name === "hello" ? { name: "hello", handler: (args) => void calls.push(args) } : undefined,
			getCommands: () => [],
			hasInputHandlers: () => true,
			emitInput: async (text) =>
				text === "swallow"
					? { action: "handled" }
					: text === "rewrite"
						? { action: "transform", text: "rewritten" }
						: { action: "continue" },
		};
		const { session, faux } = await createFauxSession();
		(session as unknown as { extensionRunner: ExtensionRunnerSeam }).extensionRunner = runner;
		const dispositions: PromptDisposition[] = [];
		await session.prompt("/hello world", { preflightResult: (d) => dispositions.push(d) });
		await session.prompt("swallow", { preflightResult: (d) => dispositions.push(d) });
		expect(dispositions).toEqual(["handled", "handled"]);
		expect(calls).toEqual(["world"]);
		await expect(session.steer("/hello x")).rejects.toThrow(
			'Extension command "/hello" cannot be queued. Use prompt() or execute the command when not streaming.',
		);
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("rewrite");
		const request = faux.state.requests[0]!.context.messages[0]!;
		expect(request.content).toEqual([{ type: "text", text: "rewritten" }]);
	});

	it("refuses to start without a model or credentials", async () => {
		const { session } = await createFauxSession();
		session.agent.state.model = { ...session.model!, provider: "nobody" };
		await expect(session.prompt("x")).rejects.toThrow(/^No API key found for nobody\./);
		expect(session.isStreaming).toBe(false);
	});
});

describe("AgentSession automatic retry", () => {
	it("retries a transient error and settles after the successful retry", async () => {
		const { session, faux, types, events } = await createFauxSession();
		faux.setResponses([
			fauxAssistantMessage("", { stopReason: "error", errorMessage: "529 overloaded_error: Overloaded" }),
			fauxAssistantMessage("recovered"),
		]);
		await session.prompt("hi");
		const sequence = types().filter((type) =>
			["agent_start", "agent_end", "auto_retry_start", "auto_retry_end", "agent_settled"].includes(type),
		);
		expect(sequence).toEqual([
			"agent_start",
			"agent_end",
			"auto_retry_start",
			"agent_start",
			"agent_end",
			"auto_retry_end",
			"agent_settled",
		]);
		expect(events.find((event) => event.type === "agent_end")).toMatchObject({ willRetry: true });
		expect(events.find((event) => event.type === "auto_retry_start")).toMatchObject({
			attempt: 1,
			maxAttempts: 3,
			errorMessage: "529 overloaded_error: Overloaded",
		});
		expect(events.find((event) => event.type === "auto_retry_end")).toEqual({
			type: "auto_retry_end",
			success: true,
			attempt: 1,
		});
		// The failed reply left the model's context but stays in the session file.
		expect(faux.state.requests[1]!.context.messages.map((message) => message.role)).toEqual(["user"]);
		expect(session.sessionManager.getEntries().filter((entry) => entry.type === "message")).toHaveLength(3);
	});

	it("gives up after maxRetries with the final error", async () => {
		const { session, faux, events } = await createFauxSession({
			settings: { retry: { baseDelayMs: 0, maxRetries: 2 } },
		});
		const overloaded = () => fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 service unavailable" });
		faux.setResponses([overloaded(), overloaded(), overloaded()]);
		await session.prompt("hi");
		expect(events.filter((event) => event.type === "auto_retry_start")).toHaveLength(2);
		expect(events.find((event) => event.type === "auto_retry_end")).toEqual({
			type: "auto_retry_end",
			success: false,
			attempt: 2,
			finalError: "503 service unavailable",
		});
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
	});

	it("settles as aborted when aborted during the retry delay", async () => {
		const { session, faux, events, waitFor } = await createFauxSession({
			settings: { retry: { baseDelayMs: 600_000 } },
		});
		faux.setResponses([
			fauxAssistantMessage("", { stopReason: "error", errorMessage: "429 rate_limit_error: slow down" }),
		]);
		const run = session.prompt("hi");
		await waitFor((event) => event.type === "auto_retry_start");
		await session.abort();
		await run;
		expect(events.slice(-2)).toEqual([
			{ type: "auto_retry_end", success: false, attempt: 1, finalError: "429 rate_limit_error: slow down" },
			{ type: "agent_settled", aborted: true },
		]);
		expect(faux.state.callCount).toBe(1);
	});

	it("does not retry context overflow errors as transient", async () => {
		const { session, faux, events } = await createFauxSession({ settings: { compaction: { enabled: false } } });
		faux.setResponses([
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "500 prompt is too long: 300000 tokens > 200000 maximum",
			}),
		]);
		await session.prompt("hi");
		expect(events.some((event) => event.type === "auto_retry_start")).toBe(false);
	});
});

describe("AgentSession overflow and threshold compaction", () => {
	it("compacts on overflow, retries once, and settles", async () => {
		const { session, faux, types, events } = await createFauxSession({
			settings: { compaction: { keepRecentTokens: 1 } },
		});
		faux.setResponses([
			fauxAssistantMessage("first answer"),
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "400 prompt is too long: 210000 tokens > 200000 maximum",
			}),
			fauxAssistantMessage("## Goal\nsummary"),
			fauxAssistantMessage("answer after compaction"),
		]);
		await session.prompt("one");
		events.length = 0;
		await session.prompt("two");
		expect(types().filter((type) => !type.startsWith("message") && !type.startsWith("turn"))).toEqual([
			"agent_start",
			"agent_end",
			"compaction_start",
			"compaction_end",
			"agent_start",
			"agent_end",
			"agent_settled",
		]);
		const end = events.find((event) => event.type === "compaction_end");
		expect(end).toMatchObject({ reason: "overflow", aborted: false, willRetry: true });
		expect(session.getLastAssistantText()).toBe("answer after compaction");
		expect(session.messages[0]!.role).toBe("compactionSummary");
		expect(session.getContextUsage()?.tokens).not.toBeNull();
	});

	it("gives up when the retry overflows again", async () => {
		const { session, faux, events } = await createFauxSession({ settings: { compaction: { keepRecentTokens: 1 } } });
		const overflow = () =>
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "400 prompt is too long: 210000 tokens > 200000 maximum",
			});
		faux.setResponses([fauxAssistantMessage("first"), overflow(), fauxAssistantMessage("summary"), overflow()]);
		await session.prompt("one");
		events.length = 0;
		await session.prompt("two");
		const ends = events.filter((event) => event.type === "compaction_end");
		expect(ends).toHaveLength(2);
		expect(ends[1]).toMatchObject({
			reason: "overflow",
			result: null,
			willRetry: false,
			errorMessage: expect.stringMatching(/recovery failed after one compact-and-retry attempt/),
		});
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
	});

	it("compacts on threshold after a reply whose usage passes contextWindow − reserveTokens", async () => {
		const { session, faux, events } = await createFauxSession({
			faux: { models: [{ id: "small", contextWindow: 10_000 }] },
			settings: { compaction: { reserveTokens: 2_000, keepRecentTokens: 1 } },
		});
		faux.setResponses([
			fauxAssistantMessage("below", { usage: { input: 8_000, output: 0, cacheRead: 0, cacheWrite: 0 } }),
			fauxAssistantMessage("above", { usage: { input: 8_001, output: 0, cacheRead: 0, cacheWrite: 0 } }),
			// The cut lands inside the last turn: one history summary and one turn-prefix summary.
			fauxAssistantMessage("## Goal\nthreshold summary"),
			fauxAssistantMessage("## Original Request\ntwo"),
		]);
		await session.prompt("one");
		expect(events.some((event) => event.type === "compaction_start")).toBe(false);
		await session.prompt("two");
		const start = events.findIndex((event) => event.type === "compaction_start");
		expect(events[start]).toEqual({ type: "compaction_start", reason: "threshold" });
		expect(events.find((event) => event.type === "compaction_end")).toMatchObject({
			reason: "threshold",
			willRetry: false,
			aborted: false,
		});
		expect(events.slice(start - 1, start)[0]?.type).toBe("agent_end");
		expect(session.getContextUsage()).toEqual({ tokens: null, contextWindow: 10_000, percent: null });
	});

	it("compacts between two turns of one long run once the tool results pass the threshold (pi 1.4)", async () => {
		const tool: AgentTool = {
			name: "look",
			label: "Look",
			description: "looks",
			parameters: Type.Object({}),
			execute: async () => ({ content: [{ type: "text", text: "seen" }] }),
		};
		const { session, faux, events } = await createFauxSession({
			faux: { models: [{ id: "small", contextWindow: 10_000 }] },
			settings: { compaction: { reserveTokens: 2_000, keepRecentTokens: 1 } },
			customTools: [tool],
			tools: ["look"],
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("look", {}), {
				usage: { input: 8_500, output: 0, cacheRead: 0, cacheWrite: 0 },
			}),
			fauxAssistantMessage("## Goal\nmid-run summary"),
			fauxAssistantMessage("## Original Request\nlook"),
			fauxAssistantMessage("done after compaction"),
		]);
		await session.prompt("look around");
		const types = events.map((event) => event.type);
		const start = types.indexOf("compaction_start");
		expect(start).toBeGreaterThan(-1);
		// Inside the run: after the tool result, before the next reply and before agent_end.
		expect(types.indexOf("tool_execution_end")).toBeLessThan(start);
		expect(types.indexOf("agent_end")).toBeGreaterThan(start);
		expect(types.filter((type) => type === "agent_start")).toHaveLength(1);
		expect(types.filter((type) => type === "compaction_start")).toHaveLength(1);
		expect(events[start]).toEqual({ type: "compaction_start", reason: "threshold" });
		const lastRequest = faux.state.requests.at(-1)!;
		expect(JSON.stringify(lastRequest.context.messages)).toContain("mid-run summary");
		expect(session.getLastAssistantText()).toBe("done after compaction");
		expect(session.messages[0]!.role).toBe("compactionSummary");
	});

	it("manual compaction returns the result and refuses a second one", async () => {
		const { session, faux } = await createFauxSession({ settings: { compaction: { keepRecentTokens: 2 } } });
		faux.setResponses([
			fauxAssistantMessage("a1"),
			fauxAssistantMessage("a2"),
			fauxAssistantMessage("## Goal\nmanual"),
		]);
		await session.prompt("q1");
		await session.prompt("q2");
		const result = await session.compact("focus");
		expect(result.summary).toContain("manual");
		expect(result.tokensBefore).toBeGreaterThan(0);
		const request = faux.state.requests.at(-1)!;
		expect(JSON.stringify(request.context.messages)).toContain("Additional focus: focus");
		await expect(session.compact()).rejects.toThrow("Already compacted");
	});
});

describe("AgentSession abort, model and bash", () => {
	it("aborts a streaming reply and settles as aborted", async () => {
		const { session, faux, waitFor, events } = await createFauxSession({ faux: { tokensPerSecond: 5 } });
		faux.setResponses([fauxAssistantMessage(fauxText("a long reply that streams slowly", { chunks: 20 }))]);
		const run = session.prompt("go");
		await waitFor((event) => event.type === "message_update");
		await session.abort();
		await run;
		const last = session.messages.at(-1);
		expect(last?.role === "assistant" && last.stopReason).toBe("aborted");
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: true });
	});

	it("records model and thinking changes and clamps levels", async () => {
		const { session, faux } = await createFauxSession({
			faux: { models: [{ id: "plain" }, { id: "thinker", reasoning: true }] },
		});
		session.setThinkingLevel("high");
		expect(session.thinkingLevel).toBe("off");
		session.setModel(faux.getModel("thinker")!);
		session.setThinkingLevel("max");
		expect(session.thinkingLevel).toBe("high");
		expect(session.getAvailableThinkingLevels()).toEqual(["off", "minimal", "low", "medium", "high"]);
		const entries = session.sessionManager.getEntries().map((entry) => entry.type);
		expect(entries).toContain("model_change");
		expect(session.sessionManager.buildSessionContext()).toMatchObject({
			thinkingLevel: "high",
			model: { provider: "faux", modelId: "thinker" },
		});
		const cycled = await session.cycleModel();
		expect(cycled?.model.id).toBe("plain");
		expect(session.cycleThinkingLevel()).toBeUndefined();
	});

	it("runs user bash, streams its output and puts it into the next prompt's context", async () => {
		const { session, faux, events } = await createFauxSession();
		const result = await session.executeBash("echo hello; exit 3", { id: "req-1" });
		expect(result).toEqual({ output: "hello\n", exitCode: 3, cancelled: false, truncated: false });
		expect(
			events.some(
				(event) => event.type === "bash_execution_update" && event.id === "req-1" && event.delta.includes("hello"),
			),
		).toBe(true);
		await session.executeBash("echo secret", { excludeFromContext: true });
		faux.setResponses([fauxAssistantMessage("seen")]);
		await session.prompt("what happened?");
		const sent = faux.state.requests[0]!.context.messages;
		expect(sent).toHaveLength(2);
		expect(JSON.stringify(sent[0])).toContain("Ran `echo hello; exit 3`");
		expect(JSON.stringify(sent[0])).toContain("Command exited with code 3");
		expect(JSON.stringify(sent)).not.toContain("secret");
	});

	it("reports stats, names sessions, and clears queues", async () => {
		const { session, faux } = await createFauxSession();
		faux.setResponses([
			fauxAssistantMessage([fauxText("a"), fauxToolCall("nothing", {})]),
			fauxAssistantMessage("done"),
		]);
		await session.prompt("q");
		const stats = session.getSessionStats();
		expect(stats).toMatchObject({
			userMessages: 1,
			assistantMessages: 2,
			toolCalls: 1,
			toolResults: 1,
			totalMessages: 4,
		});
		expect(stats.tokens.total).toBeGreaterThan(0);
		expect(() => session.setSessionName("   ")).toThrow("Session name cannot be empty");
		session.setSessionName("  Named ");
		expect(session.sessionName).toBe("Named");
		await session.steer("s1");
		await session.followUp("f1");
		expect(session.clearQueue()).toEqual({ steering: ["s1"], followUp: ["f1"] });
		expect(session.pendingMessageCount).toBe(0);
	});
});

describe("AgentSession compaction and prompts", () => {
	it("waits for a running manual compaction before starting a prompt, and refuses a second compaction", async () => {
		const { session, faux, events } = await createFauxSession({ settings: { compaction: { keepRecentTokens: 2 } } });
		const release = deferred();
		faux.setResponses([
			fauxAssistantMessage("a1"),
			fauxAssistantMessage("a2"),
			async () => {
				await release.promise;
				return fauxAssistantMessage("## Goal\nsummary");
			},
			fauxAssistantMessage("after compaction"),
		]);
		await session.prompt("q1");
		await session.prompt("q2");
		const compaction = session.compact();
		expect(session.isCompacting).toBe(true);
		await expect(session.compact()).rejects.toThrow("A compaction is already running");
		const prompt = session.prompt("q3");
		release.resolve();
		await compaction;
		await prompt;
		const order = events
			.map((event) => event.type)
			.filter((type) => type === "compaction_end" || type === "agent_start");
		expect(order.slice(-2)).toEqual(["compaction_end", "agent_start"]);
		expect(session.getLastAssistantText()).toBe("after compaction");
	});
});

describe("AgentSession.reload", () => {
	it("picks up new prompt templates and context files", async () => {
		const { mkdirSync, writeFileSync } = await import("node:fs");
		const { join } = await import("node:path");
		const { SettingsManager } = await import("../../src/core/config/settings-manager.js");
		const { DefaultResourceLoader } = await import("../../src/core/sdk.js");
		const agentDir = tempDir();
		const cwd = tempDir();
		const settings = SettingsManager.inMemory();
		const { session, faux } = await createFauxSession({
			cwd,
			resourceLoader: new DefaultResourceLoader({ cwd, agentDir, settings, projectTrusted: true }),
		});
		expect(session.promptTemplates).toEqual([]);
		mkdirSync(join(agentDir, "prompts"));
		writeFileSync(join(agentDir, "prompts", "greet.md"), "Say hello to $1");
		writeFileSync(join(cwd, "AGENTS.md"), "Always answer in French.");
		await session.reload();
		expect(session.promptTemplates.map((template) => template.name)).toEqual(["greet"]);
		expect(session.state.systemPrompt).toContain("Always answer in French.");
		faux.setResponses([fauxAssistantMessage("Bonjour")]);
		await session.prompt("/greet Ada");
		expect(faux.state.requests[0]!.context.messages[0]!.content).toEqual([{ type: "text", text: "Say hello to Ada" }]);
		expect(faux.state.requests[0]!.context.systemPrompt).toContain("Always answer in French.");
	});
});

describe("AgentSession abort and disabled compaction edge cases", () => {
	it("an abort during a prompt's preflight stops that prompt before any model call", async () => {
		const { session, faux, waitFor } = await createFauxSession({ settings: { compaction: { keepRecentTokens: 2 } } });
		const release = deferred();
		faux.setResponses([
			fauxAssistantMessage("a1"),
			fauxAssistantMessage("a2"),
			async () => {
				await release.promise;
				return fauxAssistantMessage("summary");
			},
		]);
		await session.prompt("q1");
		await session.prompt("q2");
		const compaction = session.compact();
		await waitFor((event) => event.type === "compaction_start");
		const prompt = session.prompt("q3");
		// Let the prompt get through expansion and into its preflight (waiting for the compaction).
		for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
		expect(session.isStreaming).toBe(true);
		const aborted = session.abort();
		release.resolve();
		await expect(prompt).rejects.toThrow("Aborted before the run started");
		await expect(compaction).rejects.toThrow("Compaction cancelled");
		await aborted;
		expect(session.isStreaming).toBe(false);
		expect(faux.state.requests.some((request) => JSON.stringify(request.context.messages).includes("q3"))).toBe(false);
	});

	it("ends a retry sequence with auto_retry_end when the retried run is aborted", async () => {
		const { session, faux, events, waitFor } = await createFauxSession({ faux: { tokensPerSecond: 5 } });
		faux.setResponses([
			fauxAssistantMessage("", { stopReason: "error", errorMessage: "529 overloaded_error: Overloaded" }),
			fauxAssistantMessage(fauxText("a slow retried answer", { chunks: 20 })),
		]);
		const run = session.prompt("hi");
		await waitFor((event) => event.type === "auto_retry_start");
		await waitFor((event) => event.type === "message_update");
		await session.abort();
		await run;
		expect(events.slice(-2)).toEqual([
			{ type: "auto_retry_end", success: false, attempt: 1, finalError: "529 overloaded_error: Overloaded" },
			{ type: "agent_settled", aborted: true },
		]);
	});

	it("does not compact on overflow when auto-compaction is disabled", async () => {
		const { session, faux, events } = await createFauxSession({ settings: { compaction: { enabled: false } } });
		faux.setResponses([
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "400 prompt is too long: 210000 tokens > 200000 maximum",
			}),
		]);
		await session.prompt("hi");
		expect(events.some((event) => event.type === "compaction_start" || event.type === "compaction_end")).toBe(false);
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
	});
});
