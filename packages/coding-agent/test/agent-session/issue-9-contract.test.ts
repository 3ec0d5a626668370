import type { AgentTool, ThinkingLevel } from "@pi/agent-core";
import { type FauxResponse, fauxAssistantMessage, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { AgentSessionEvent, PromptDisposition } from "../../src/core/agent-session/agent-session-events.js";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { type ExtensionRunnerSeam, noopExtensionRunner } from "../../src/core/extensions/extension-runner-seam.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { deferred } from "../support/deferred.js";
import { createFauxSession } from "../support/faux-session.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

/** A reply whose usage says the context is over a 10k window minus 2k reserve. */
const bigReply = (text: string) =>
	fauxAssistantMessage(text, { usage: { input: 8_001, output: 0, cacheRead: 0, cacheWrite: 0 } });

/** A summary reply held until `gate` resolves. */
function heldSummary(gate: Promise<void>): FauxResponse {
	return async () => {
		await gate;
		return fauxAssistantMessage("## Goal\nsummary");
	};
}

/** A reply that never comes: it waits for the request's abort (a stalled stream). */
const stalled: FauxResponse = async (_context, options) => {
	await new Promise<void>((resolve) => options?.signal?.addEventListener("abort", () => resolve(), { once: true }));
	return fauxAssistantMessage("too late");
};

const smallWindow = {
	faux: { models: [{ id: "small", contextWindow: 10_000 }] },
	settings: { retry: { baseDelayMs: 0 }, compaction: { reserveTokens: 2_000, keepRecentTokens: 1 } },
};

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

const settledEvents = (events: AgentSessionEvent[]) => events.filter((event) => event.type === "agent_settled");

describe("issue 9: abort, compaction and retry made exact", () => {
	it("1. abort during a threshold compaction cancels it and leaves a late queued message queued", async () => {
		const { session, faux, events, waitFor } = await createFauxSession(smallWindow);
		const release = deferred();
		faux.setResponses([bigReply("above"), heldSummary(release.promise), heldSummary(release.promise)]);
		const run = session.prompt("one");
		await waitFor((event) => event.type === "compaction_start");
		expect(session.runPhase).toEqual({ name: "compacting_after_turn", reason: "threshold" });
		await session.followUp("later");
		const calls = faux.state.callCount;
		const aborted = session.abort();
		release.resolve();
		await aborted;
		await run;
		expect(events.find((event) => event.type === "compaction_end")).toMatchObject({ aborted: true });
		expect(faux.state.callCount).toBe(calls);
		expect(session.pendingMessageCount).toBe(1);
		expect(session.getLastAssistantText()).toBe("above");
		expect(settledEvents(events)).toEqual([{ type: "agent_settled", aborted: true }]);
		expect(events.at(-1)).toEqual({ type: "agent_settled", aborted: true });
	});

	it("2. abort during the compaction before a prompt rejects the prompt before 'started'", async () => {
		const { session, faux, events, waitFor } = await createFauxSession(smallWindow);
		session.setAutoCompactionEnabled(false);
		faux.setResponses([bigReply("above")]);
		await session.prompt("one");
		session.setAutoCompactionEnabled(true);
		const release = deferred();
		faux.appendResponses([heldSummary(release.promise), heldSummary(release.promise), fauxAssistantMessage("x")]);
		const dispositions: PromptDisposition[] = [];
		const prompt = session.prompt("two", { preflightResult: (disposition) => dispositions.push(disposition) });
		await waitFor((event) => event.type === "compaction_start");
		expect(session.runPhase.name).toBe("compacting_before_prompt");
		const aborted = session.abort();
		release.resolve();
		await expect(prompt).rejects.toThrow("Aborted before the run started");
		await aborted;
		expect(dispositions).toEqual([]);
		expect(faux.state.requests.some((request) => JSON.stringify(request.context.messages).includes("two"))).toBe(false);
		expect(session.isStreaming).toBe(false);
		expect(settledEvents(events)).toHaveLength(1);
	});

	it("3. a throwing extension command reports 'handled' once, resolves, and reports the error", async () => {
		const { session } = await createFauxSession();
		const runner: ExtensionRunnerSeam = {
			...noopExtensionRunner,
			getCommand: (name) =>
				name === "boom"
					? {
							name: "boom",
							extensionPath: "/ext/boom.ts",
							handler: () => {
								throw new Error("kaput");
							},
						}
					: undefined,
		};
		(session as unknown as { extensionRunner: ExtensionRunnerSeam }).extensionRunner = runner;
		const errors: ExtensionErrorReport[] = [];
		await session.bindExtensions({ onError: (report) => errors.push(report) });
		const dispositions: PromptDisposition[] = [];
		await expect(
			session.prompt("/boom now", { preflightResult: (disposition) => dispositions.push(disposition) }),
		).resolves.toBeUndefined();
		expect(dispositions).toEqual(["handled"]);
		expect(errors).toEqual([{ extensionPath: "/ext/boom.ts", event: "command", error: "kaput" }]);
	});

	it("2b. an abort from a before_agent_start handler stops the prompt before 'started'", async () => {
		const { session, faux } = await createFauxSession();
		const runner: ExtensionRunnerSeam = {
			...noopExtensionRunner,
			emitBeforeAgentStart: async () => {
				void session.abort();
				return [];
			},
		};
		(session as unknown as { extensionRunner: ExtensionRunnerSeam }).extensionRunner = runner;
		faux.setResponses([fauxAssistantMessage("never")]);
		const dispositions: PromptDisposition[] = [];
		await expect(session.prompt("go", { preflightResult: (d) => dispositions.push(d) })).rejects.toThrow(
			"Aborted before the run started",
		);
		expect(dispositions).toEqual([]);
		expect(faux.state.callCount).toBe(0);
		expect(session.isStreaming).toBe(false);
	});

	it("4. abortRetry during the backoff ends the run with the final error, in memory as in the file", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create("/w", dir);
		const { session, faux, events, waitFor } = await createFauxSession({
			sessionManager,
			settings: { retry: { baseDelayMs: 600_000 } },
		});
		faux.setResponses([
			fauxAssistantMessage("first answer"),
			fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 service unavailable" }),
		]);
		await session.prompt("one");
		const run = session.prompt("two");
		await waitFor((event) => event.type === "auto_retry_start");
		expect(session.runPhase.name).toBe("retry_backoff");
		expect(session.isRetrying).toBe(true);
		session.abortRetry();
		await run;
		const last = session.messages.at(-1);
		expect(last?.role === "assistant" && last.errorMessage).toBe("503 service unavailable");
		expect(session.getLastAssistantText()).toBeUndefined();
		expect(session.messages).toEqual(
			SessionManager.open(sessionManager.getSessionFile()!).buildSessionContext().messages,
		);
		expect(events.slice(-2)).toEqual([
			{ type: "auto_retry_end", success: false, attempt: 1, finalError: "503 service unavailable" },
			{ type: "agent_settled", aborted: false },
		]);
		expect(session.isRetrying).toBe(false);
	});

	it("5. auto-retry waits what the server asked for (retry-after), capped at maxAgentDelayMs", async () => {
		const { session, faux, events, waitFor } = await createFauxSession({
			settings: { retry: { baseDelayMs: 0, maxAgentDelayMs: 60_000 } },
		});
		faux.setResponses([
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "429 rate_limit_error: slow down (server requested a retry delay of 5s)",
			}),
		]);
		const run = session.prompt("hi");
		await waitFor((event) => event.type === "auto_retry_start");
		await session.abort();
		await run;
		expect(events.find((event) => event.type === "auto_retry_start")).toMatchObject({ delayMs: 5_000 });

		const capped = await createFauxSession({ settings: { retry: { baseDelayMs: 0, maxAgentDelayMs: 2_000 } } });
		capped.faux.setResponses([
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "429 too many requests (server requested a retry delay of 30s)",
			}),
		]);
		const cappedRun = capped.session.prompt("hi");
		await capped.waitFor((event) => event.type === "auto_retry_start");
		await capped.session.abort();
		await cappedRun;
		expect(capped.events.find((event) => event.type === "auto_retry_start")).toMatchObject({ delayMs: 2_000 });
	});

	it("6. context usage stays unknown after reopening a compacted session", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create("/w", dir);
		// keepRecentTokens 2 keeps only q2/a2, so q1/a1 are summarised (a session that fits is refused).
		const { session, faux } = await createFauxSession({
			sessionManager,
			settings: { compaction: { keepRecentTokens: 2 } },
		});
		faux.setResponses([fauxAssistantMessage("a1"), fauxAssistantMessage("a2"), fauxAssistantMessage("## Goal\nsum")]);
		await session.prompt("q1");
		await session.prompt("q2");
		await session.compact();
		expect(session.getContextUsage()?.tokens).toBeNull();
		const reopened = await createFauxSession({ sessionManager: SessionManager.open(sessionManager.getSessionFile()!) });
		expect(reopened.session.getContextUsage()).toMatchObject({ tokens: null, percent: null });
		reopened.faux.setResponses([fauxAssistantMessage("a3")]);
		await reopened.session.prompt("q3");
		expect(reopened.session.getContextUsage()?.tokens).toBeGreaterThan(0);
	});

	it("7. a stalled compaction summary ends with the idle timeout instead of hanging", { timeout: 5_000 }, async () => {
		const { session, faux } = await createFauxSession({
			settings: {
				httpIdleTimeoutMs: 50,
				retry: { baseDelayMs: 0, maxRetries: 0 },
				compaction: { keepRecentTokens: 2 },
			},
		});
		faux.setResponses([fauxAssistantMessage("a1"), fauxAssistantMessage("a2"), stalled]);
		await session.prompt("q1");
		await session.prompt("q2");
		await expect(session.compact()).rejects.toThrow(/idle timeout/);
	});

	it("7b. a stalled branch summary ends with the idle timeout instead of hanging", { timeout: 5_000 }, async () => {
		const { session, faux } = await createFauxSession({
			settings: {
				httpIdleTimeoutMs: 50,
				retry: { baseDelayMs: 0, maxRetries: 0 },
				compaction: { keepRecentTokens: 2 },
			},
		});
		faux.setResponses([fauxAssistantMessage("a1"), fauxAssistantMessage("a2"), stalled]);
		await session.prompt("q1");
		const firstUser = session.sessionManager.getEntries().find((entry) => entry.type === "message")!;
		await session.prompt("q2");
		await expect(session.navigateTree(firstUser.id, { summarize: true })).rejects.toThrow(/idle timeout/);
	});

	it("8. setThinkingLevel rejects unknown levels", async () => {
		const { session, faux } = await createFauxSession({ faux: { models: [{ id: "thinker", reasoning: true }] } });
		session.setModel(faux.getModel("thinker")!);
		session.setThinkingLevel("low");
		expect(() => session.setThinkingLevel("bogus" as ThinkingLevel)).toThrow("Invalid thinking level: bogus");
		expect(session.thinkingLevel).toBe("low");
	});

	it("11b. in steering mode 'all', queue_update drops every message the agent took", async () => {
		const { tool, gate, started } = gateTool();
		const { session, faux, events } = await createFauxSession({ customTools: [tool], tools: ["wait"] });
		session.setSteeringMode("all");
		faux.setResponses([fauxAssistantMessage(fauxToolCall("wait", {})), fauxAssistantMessage("done")]);
		const run = session.prompt("go");
		await started.promise;
		await session.steer("s1");
		await session.steer("s2");
		gate.resolve();
		await run;
		const updates = events.flatMap((event) => (event.type === "queue_update" ? [event.steering] : []));
		expect(updates).toEqual([["s1"], ["s1", "s2"], []]);
		expect(session.pendingMessageCount).toBe(0);
	});
});
