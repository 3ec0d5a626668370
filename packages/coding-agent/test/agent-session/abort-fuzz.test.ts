import { existsSync } from "node:fs";
import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxText, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { createFauxSession } from "../support/faux-session.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

const echo: AgentTool = {
	name: "echo",
	label: "Echo",
	description: "echoes",
	parameters: Type.Object({ text: Type.String() }),
	execute: async (_id, params) => ({ content: [{ type: "text", text: (params as { text: string }).text }] }),
};

const big = { input: 8_001, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * One scripted run: a reply with text and a tool call (a steer and a follow-up are queued when the
 * tool starts), a transient error and its retry, the follow-up turn whose usage passes the
 * threshold, then the threshold compaction.
 */
async function scriptedRun(abortAt: number | undefined) {
	const dir = tempDir();
	const sessionManager = SessionManager.create("/w", dir);
	const fixture = await createFauxSession({
		sessionManager,
		customTools: [echo],
		tools: ["echo"],
		faux: { models: [{ id: "small", contextWindow: 10_000 }] },
		settings: { retry: { baseDelayMs: 0 }, compaction: { reserveTokens: 2_000, keepRecentTokens: 1 } },
	});
	const { session, faux } = fixture;
	faux.setResponses([
		fauxAssistantMessage([fauxText("let me check", { chunks: 3 }), fauxToolCall("echo", { text: "hi" })]),
		fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 service unavailable" }),
		fauxAssistantMessage(fauxText("after steer", { chunks: 2 })),
		fauxAssistantMessage(fauxText("after follow-up", { chunks: 2 }), { usage: big }),
		fauxAssistantMessage("## Goal\nsummary"),
		fauxAssistantMessage("## Original Request\nprefix"),
	]);
	const queued: string[] = [];
	let abort: { index: number; calls: number; held: string[]; done: Promise<void> } | undefined;
	const delivered: string[] = [];
	let index = 0;
	session.subscribe((event) => {
		if (event.type === "message_start" && event.message.role === "user") {
			const block = event.message.content;
			const text = typeof block === "string" ? block : block.map((part) => ("text" in part ? part.text : "")).join("");
			// The prompt itself is not a queued message.
			if (text !== "go") delivered.push(text);
		}
		if (event.type === "tool_execution_start") {
			queued.push("steer me", "follow me");
			void session.steer("steer me");
			void session.followUp("follow me");
		}
		if (index === abortAt) {
			// What the Agent still holds in its queues at the abort (a message it already took is on its way in).
			const held = [...session.agent.steeringQueue, ...session.agent.followUpQueue].map((message) =>
				message.role === "user" && Array.isArray(message.content) && message.content[0]?.type === "text"
					? message.content[0].text
					: "",
			);
			abort = { index, calls: faux.state.callCount, held, done: session.abort() };
		}
		index++;
	});
	await session.prompt("go");
	await abort?.done;
	return { ...fixture, sessionManager, queued, abort, delivered };
}

const normalized = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("abort fuzz: abort at every event index of a scripted run", () => {
	it("keeps the run's invariants wherever the abort lands", { timeout: 60_000 }, async () => {
		const reference = await scriptedRun(undefined);
		const referenceTypes = reference.types();
		// The reference run covers every part of the script.
		for (const type of ["tool_execution_end", "auto_retry_start", "auto_retry_end", "compaction_end", "queue_update"]) {
			expect(referenceTypes).toContain(type);
		}
		expect(reference.events.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		const lastIndex = referenceTypes.length - 1;
		for (let abortAt = 0; abortAt < lastIndex; abortAt++) {
			const run = await scriptedRun(abortAt);
			const where = `abort at event ${abortAt} (${referenceTypes[abortAt]})`;
			const settled = run.events.filter((event: AgentSessionEvent) => event.type === "agent_settled");
			expect(settled, where).toEqual([{ type: "agent_settled", aborted: true }]);
			expect(run.events.at(-1), where).toEqual({ type: "agent_settled", aborted: true });
			expect(run.faux.state.callCount, `${where}: no model request after the abort`).toBe(run.abort!.calls);
			// Whatever was queued at the abort is still queued; every queued text is either delivered or queued.
			const cleared = run.session.clearQueue();
			const stillQueued = [...cleared.steering, ...cleared.followUp];
			for (const text of run.abort!.held) expect(stillQueued, `${where}: still queued`).toContain(text);
			expect([...stillQueued, ...run.delivered].sort(), where).toEqual([...run.queued].sort());
			const file = run.sessionManager.getSessionFile()!;
			const fromFile = existsSync(file)
				? SessionManager.open(file).buildSessionContext().messages
				: run.sessionManager.buildSessionContext().messages;
			expect(normalized(run.session.messages), `${where}: memory equals the file`).toEqual(normalized(fromFile));
			expect(run.session.isStreaming, where).toBe(false);
			expect(run.session.runPhase, where).toEqual({ name: "idle" });
		}
	});
});
