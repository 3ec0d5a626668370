import type { AgentTool } from "@pi/agent-core";
import {
	type FauxProviderHandle,
	type FauxResponse,
	fauxAssistantMessage,
	fauxProvider,
	fauxToolCall,
	Type,
} from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { AgentSession } from "../../src/core/agent-session/agent-session.js";
import { ALREADY_PROCESSING_MESSAGE } from "../../src/core/agent-session/agent-session.js";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import {
	type AgentSessionRuntime,
	createAgentSessionRuntime,
} from "../../src/core/agent-session/agent-session-runtime.js";
import { IDLE_STATE, type RunPhaseName, type RunState, transition } from "../../src/core/agent-session/run-state.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { deferred } from "../support/deferred.js";
import { useTempDirs } from "../support/temp-dir.js";

/**
 * One test per cell of the table in docs/session-lifecycle.md: every observable phase × every
 * action, and the two phases no client can observe (continuing, settling) through the transition
 * function and a listener.
 */

const tempDir = useTempDirs();

type HeldPhase = Exclude<RunPhaseName, "continuing" | "settling">;
type Action = "abort" | "abortRetry" | "abortCompaction" | "prompt" | "steer" | "followUp" | "compact" | "newSession";

interface Held {
	runtime: AgentSessionRuntime;
	session: AgentSession;
	faux: FauxProviderHandle;
	/** Events from the moment the phase was reached. */
	events: AgentSessionEvent[];
	/** The held prompt's outcome ("resolved" or its error message). */
	run: Promise<string>;
	release(): void;
}

const big = { input: 8_001, output: 0, cacheRead: 0, cacheWrite: 0 };

async function hold(phase: HeldPhase): Promise<Held> {
	const cwd = tempDir();
	const faux = fauxProvider({ models: [{ id: "small", contextWindow: 10_000 }] });
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const toolGate = deferred();
	const toolStarted = deferred();
	const summaryGate = deferred();
	const authGate = deferred();
	const authAsked = deferred();
	const wait: AgentTool = {
		name: "wait",
		label: "Wait",
		description: "waits",
		parameters: Type.Object({}),
		execute: async () => {
			toolStarted.resolve();
			await toolGate.promise;
			return { content: [{ type: "text", text: "waited" }] };
		},
	};
	const settings = SettingsManager.inMemory({
		// Long enough for the actions of a cell, short enough to end by itself once released.
		retry: { baseDelayMs: phase === "retry_backoff" ? 300 : 0 },
		compaction: { enabled: false, reserveTokens: 2_000, keepRecentTokens: 1 },
	});
	const runtime = await createAgentSessionRuntime(
		async ({ cwd: at, agentDir, sessionManager }) => {
			const services = await createAgentSessionServices({
				cwd: at,
				agentDir,
				modelRuntime,
				settingsManager: settings,
				projectTrusted: false,
			});
			const created = await createAgentSessionFromServices({
				services,
				sessionManager,
				model: faux.getModel(),
				tools: ["wait"],
				customTools: [wait],
			});
			return { ...created, services, diagnostics: services.diagnostics };
		},
		{ cwd, agentDir: tempDir(), sessionManager: SessionManager.inMemory(cwd) },
	);
	const session = runtime.session;
	const heldSummary: FauxResponse = async () => {
		await summaryGate.promise;
		return fauxAssistantMessage("## Goal\nsummary");
	};
	// Two finished turns, the second over the threshold (compaction still off).
	faux.setResponses([fauxAssistantMessage("a1"), fauxAssistantMessage("a2", { usage: big })]);
	await session.prompt("q1");
	await session.prompt("q2");
	const spare = Array.from({ length: 8 }, (_, i) => fauxAssistantMessage(`r${i}`));
	const events: AgentSessionEvent[] = [];
	const seen = deferred();
	let reached = phase === "idle";
	session.subscribe((event) => {
		if (reached) events.push(event);
	});
	const mark = () => {
		reached = true;
		seen.resolve();
	};
	let run: Promise<string> = Promise.resolve("resolved");
	const start = () => {
		run = session.prompt("p").then(
			() => "resolved",
			(error: Error) => error.message,
		);
	};
	switch (phase) {
		case "idle":
			faux.appendResponses(spare);
			break;
		case "preflight": {
			// The preflight's credential check (checkAuth) is held open: the session is in "preflight".
			const checkAuth = modelRuntime.checkAuth.bind(modelRuntime);
			let first = true;
			modelRuntime.checkAuth = async (provider) => {
				if (first) {
					first = false;
					authAsked.resolve();
					await authGate.promise;
				}
				return checkAuth(provider);
			};
			faux.appendResponses(spare);
			start();
			await authAsked.promise;
			mark();
			break;
		}
		case "compacting_before_prompt":
			session.setAutoCompactionEnabled(true);
			faux.appendResponses([heldSummary, heldSummary, ...spare]);
			session.subscribe((event) => event.type === "compaction_start" && mark());
			start();
			await seen.promise;
			break;
		case "streaming":
			faux.appendResponses([fauxAssistantMessage(fauxToolCall("wait", {})), ...spare]);
			start();
			await toolStarted.promise;
			mark();
			break;
		case "retry_backoff":
			faux.appendResponses([
				fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 service unavailable" }),
				...spare,
			]);
			session.subscribe((event) => event.type === "auto_retry_start" && mark());
			start();
			await seen.promise;
			break;
		case "compacting_after_turn":
			// Compact the big second turn first so the pre-prompt check passes, then a big reply.
			session.setAutoCompactionEnabled(false);
			faux.appendResponses([fauxAssistantMessage("big", { usage: big }), heldSummary, heldSummary, ...spare]);
			session.subscribe((event) => event.type === "agent_end" && session.setAutoCompactionEnabled(true));
			session.subscribe((event) => event.type === "compaction_start" && mark());
			start();
			await seen.promise;
			break;
	}
	expect(session.runPhase.name).toBe(phase);
	return {
		runtime,
		session,
		faux,
		events,
		get run() {
			return run;
		},
		release: () => {
			toolGate.resolve();
			summaryGate.resolve();
			authGate.resolve();
		},
	};
}

const settled = (events: AgentSessionEvent[]) =>
	events.filter(
		(event): event is Extract<AgentSessionEvent, { type: "agent_settled" }> => event.type === "agent_settled",
	);
const beforeStart = (phase: HeldPhase) => phase === "preflight" || phase === "compacting_before_prompt";
const compacting = (phase: HeldPhase) => phase === "compacting_before_prompt" || phase === "compacting_after_turn";

/** Runs the action on a held phase and checks the row of the table. */
async function cell(phase: HeldPhase, action: Action): Promise<void> {
	const held = await hold(phase);
	const { session, events } = held;
	const busy = phase !== "idle";
	switch (action) {
		case "abort": {
			const done = session.abort();
			held.release();
			await done;
			const outcome = await held.run;
			if (!busy) {
				expect(events).toEqual([]);
			} else if (beforeStart(phase)) {
				expect(outcome).toBe("Aborted before the run started");
				expect(settled(events)).toEqual([]);
				if (phase === "compacting_before_prompt")
					expect(events.find((event) => event.type === "compaction_end")).toMatchObject({ aborted: true });
			} else {
				expect(outcome).toBe("resolved");
				expect(settled(events)).toEqual([{ type: "agent_settled", aborted: true }]);
				expect(events.at(-1)?.type).toBe("agent_settled");
			}
			if (phase === "retry_backoff") {
				expect(events.find((event) => event.type === "auto_retry_end")).toMatchObject({ success: false });
				const last = session.messages.at(-1);
				expect(last?.role === "assistant" && last.stopReason).toBe("error");
			}
			break;
		}
		case "abortRetry": {
			session.abortRetry();
			held.release();
			await held.run;
			if (phase === "retry_backoff") {
				expect(events.filter((event) => event.type === "auto_retry_end")).toEqual([
					{ type: "auto_retry_end", success: false, attempt: 1, finalError: "503 service unavailable" },
				]);
				expect(settled(events)).toEqual([{ type: "agent_settled", aborted: false }]);
			} else {
				expect(events.some((event) => event.type === "auto_retry_end")).toBe(false);
				expect(settled(events)).toEqual(busy ? [{ type: "agent_settled", aborted: false }] : []);
			}
			break;
		}
		case "abortCompaction": {
			session.abortCompaction();
			held.release();
			const outcome = await held.run;
			const end = events.find((event) => event.type === "compaction_end");
			if (compacting(phase)) expect(end).toMatchObject({ aborted: true, result: null });
			else expect(end).toBeUndefined();
			// The run itself goes on.
			expect(outcome).toBe("resolved");
			expect(settled(events)).toEqual(busy ? [{ type: "agent_settled", aborted: false }] : []);
			break;
		}
		case "prompt": {
			if (busy) {
				await expect(session.prompt("again")).rejects.toThrow(ALREADY_PROCESSING_MESSAGE);
				const dispositions: string[] = [];
				await session.prompt("later", { streamingBehavior: "followUp", preflightResult: (d) => dispositions.push(d) });
				expect(dispositions).toEqual(["queued"]);
				held.release();
				await held.run;
			} else {
				const dispositions: string[] = [];
				await session.prompt("fresh", { preflightResult: (d) => dispositions.push(d) });
				expect(dispositions).toEqual(["started"]);
			}
			expect(settled(events)).toHaveLength(1);
			expect(session.pendingMessageCount).toBe(0);
			break;
		}
		case "steer":
		case "followUp": {
			expect(await session[action]("queued text")).toBe("queued");
			expect(events.find((event) => event.type === "queue_update")).toMatchObject(
				action === "steer" ? { steering: ["queued text"] } : { followUp: ["queued text"] },
			);
			held.release();
			await held.run;
			const deliveredAt = events.findIndex(
				(event) => event.type === "message_start" && JSON.stringify(event.message).includes("queued text"),
			);
			if (busy) {
				// Delivered by this run, before its one agent_settled.
				expect(deliveredAt).toBeGreaterThanOrEqual(0);
				expect(session.pendingMessageCount).toBe(0);
				expect(settled(events)).toHaveLength(1);
				expect(events.at(-1)?.type).toBe("agent_settled");
			} else {
				// Idle: it waits for the next run.
				expect(deliveredAt).toBe(-1);
				expect(session.pendingMessageCount).toBe(1);
			}
			break;
		}
		case "compact": {
			const compaction = session.compact();
			held.release();
			const result = await compaction;
			const outcome = await held.run;
			expect(result.summary.length).toBeGreaterThan(0);
			if (beforeStart(phase)) expect(outcome).toBe("Aborted before the run started");
			else expect(outcome).toBe("resolved");
			expect(settled(events)).toEqual(busy && !beforeStart(phase) ? [{ type: "agent_settled", aborted: true }] : []);
			expect(events.at(-1)).toMatchObject({ type: "compaction_end", reason: "manual", aborted: false });
			break;
		}
		case "newSession": {
			const old = session;
			const replaced = held.runtime.newSession();
			held.release();
			expect(await replaced).toEqual({ cancelled: false });
			const outcome = await held.run;
			expect(held.runtime.session).not.toBe(old);
			expect(held.runtime.session.messages).toEqual([]);
			if (beforeStart(phase)) expect(outcome).toBe("Aborted before the run started");
			expect(settled(events)).toEqual(busy && !beforeStart(phase) ? [{ type: "agent_settled", aborted: true }] : []);
			break;
		}
	}
	await held.runtime.dispose();
}

const phases: HeldPhase[] = [
	"idle",
	"preflight",
	"compacting_before_prompt",
	"streaming",
	"retry_backoff",
	"compacting_after_turn",
];
const actions: Action[] = [
	"abort",
	"abortRetry",
	"abortCompaction",
	"prompt",
	"steer",
	"followUp",
	"compact",
	"newSession",
];

describe("docs/session-lifecycle.md: every phase × action", () => {
	for (const phase of phases) {
		describe(phase, () => {
			for (const action of actions) it(action, () => cell(phase, action));
		});
	}
});

describe("docs/session-lifecycle.md: phases no client awaits in", () => {
	const continuing: RunState = [{ type: "accept" }, { type: "stream" }, { type: "continue" }].reduce(
		(state, event) => transition(state, event as Parameters<typeof transition>[1]),
		IDLE_STATE,
	);
	const settling = transition(continuing, { type: "settle" });

	for (const [name, state] of [
		["continuing", continuing],
		["settling", settling],
	] as const) {
		describe(name, () => {
			it("abort marks the run aborted: it settles with aborted true and starts nothing", () => {
				const next = transition(state, { type: "abort" });
				expect(next.aborted).toBe(true);
				expect(next.phase).toEqual(state.phase);
			});
			it("abortRetry only closes an open retry sequence", () => {
				expect(transition(state, { type: "stop_retrying" })).toBe(state);
			});
			it("abortCompaction, prompt, steer, followUp, compact and newSession act as in streaming (busy)", () => {
				expect(state.phase.name).not.toBe("idle");
			});
		});
	}

	describe("settling (acting from an auto_retry_end listener)", () => {
		/** Holds a retry backoff, cuts it with abortRetry and runs `act` while the run settles. */
		async function inSettling(act: (held: Held) => void | Promise<void>): Promise<Held> {
			const held = await hold("retry_backoff");
			let acted: Promise<void> | undefined;
			held.session.subscribe((event) => {
				if (event.type !== "auto_retry_end") return;
				expect(held.session.runPhase.name).toBe("settling");
				acted = Promise.resolve(act(held));
			});
			held.session.abortRetry();
			await held.run;
			await acted;
			return held;
		}

		it("abortRetry and abortCompaction do nothing", async () => {
			const held = await inSettling(({ session }) => {
				session.abortRetry();
				session.abortCompaction();
			});
			expect(settled(held.events)).toEqual([{ type: "agent_settled", aborted: false }]);
			await held.runtime.dispose();
		});

		it("steer and followUp queue for the next run", async () => {
			const held = await inSettling(async ({ session }) => {
				await session.steer("s2");
				await session.followUp("f2");
			});
			expect(settled(held.events)).toHaveLength(1);
			expect(held.session.pendingMessageCount).toBe(2);
			await held.runtime.dispose();
		});

		it("prompt is admitted after the run settled: it starts the next run", async () => {
			const dispositions: string[] = [];
			const held = await inSettling(({ session }) =>
				session.prompt("next", { preflightResult: (disposition) => dispositions.push(disposition) }),
			);
			expect(dispositions).toEqual(["started"]);
			expect(settled(held.events)).toEqual([
				{ type: "agent_settled", aborted: false },
				{ type: "agent_settled", aborted: false },
			]);
			await held.runtime.dispose();
		});

		it("compact waits for agent_settled, then compacts", async () => {
			let result: Promise<unknown> | undefined;
			const held = await inSettling(({ session }) => {
				result = session.compact();
			});
			await result;
			const types = held.events.map((event) => event.type);
			expect(types.indexOf("agent_settled")).toBeLessThan(types.indexOf("compaction_start"));
			expect(held.events.at(-1)).toMatchObject({ type: "compaction_end", reason: "manual", aborted: false });
			await held.runtime.dispose();
		});

		it("newSession waits for agent_settled, then replaces the session", async () => {
			let replaced: Promise<unknown> | undefined;
			const held = await inSettling(({ runtime }) => {
				replaced = runtime.newSession();
			});
			expect(await replaced).toEqual({ cancelled: false });
			expect(settled(held.events)).toHaveLength(1);
			expect(held.runtime.session).not.toBe(held.session);
			await held.runtime.dispose();
		});
	});

	it("settling: an abort from an auto_retry_end listener still settles once, aborted", async () => {
		const held = await hold("retry_backoff");
		held.session.subscribe((event) => {
			if (event.type === "auto_retry_end") {
				expect(held.session.runPhase.name).toBe("settling");
				void held.session.abort();
			}
		});
		held.session.abortRetry();
		await held.run;
		expect(settled(held.events)).toEqual([{ type: "agent_settled", aborted: true }]);
		await held.runtime.dispose();
	});

	it("continuing: never seen by listeners (agent_start of the next run already streams)", async () => {
		const held = await hold("retry_backoff");
		const phasesAtStart: string[] = [];
		held.session.subscribe((event) => event.type === "agent_start" && phasesAtStart.push(held.session.runPhase.name));
		// Retry at once instead of after the long backoff.
		held.session.setAutoRetryEnabled(true);
		held.release();
		await held.session.abort();
		await held.run;
		expect(phasesAtStart.every((name) => name === "streaming")).toBe(true);
		await held.runtime.dispose();
	});

	it("an invalid transition is a bug and throws", () => {
		expect(() => transition(IDLE_STATE, { type: "settle" })).toThrow("Invalid run transition: settle in phase idle");
	});
});
