// agent_before_settle: the before_settle phase of the run (run-state.ts), through a session on the
// faux provider. Handlers chain proposed entries and a continuation; the run continues once more
// when asked and the context can continue (pi 1.4's actionable boundary).
import { fauxAssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { IDLE_STATE, transition } from "../../src/core/agent-session/run-state.js";
import type { AgentBeforeSettleEvent } from "../../src/core/extensions/boundary-events.js";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

function snapshot(event: AgentBeforeSettleEvent) {
	return {
		outcome: event.outcome,
		entries: structuredClone(event.entries),
		continue: event.continue,
		canContinue: event.context.canContinue,
		roles: event.context.contextMessages.map((message) => message.role),
		llmRoles: event.context.llmMessages.map((message) => message.role),
	};
}

describe("agent_before_settle", () => {
	it("entries and continue chain over the handlers; the run continues once from the appended message", async () => {
		const seen: ReturnType<typeof snapshot>[] = [];
		const errors: ExtensionErrorReport[] = [];
		let calls = 0;
		const { session, faux, events } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", (event) => {
					seen.push(snapshot(event));
					if (++calls > 1) return undefined;
					return {
						entries: [
							...event.entries,
							{ type: "custom_message", customType: "nudge", content: "continue please", display: true },
							{ type: "custom", customType: "marker", data: { a: 1 } },
						],
						continue: true,
					};
				}),
			(pi) =>
				pi.on("agent_before_settle", (event) => {
					seen.push(snapshot(event));
				}),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("first"), fauxAssistantMessage("second")]);
		await session.prompt("hello");
		expect(errors).toEqual([]);
		expect(seen[0]).toEqual({
			outcome: "completed",
			entries: [],
			continue: false,
			canContinue: false,
			roles: ["user", "assistant"],
			llmRoles: ["user", "assistant"],
		});
		// The second handler sees the first one's proposal and the context it would make.
		expect(seen[1]).toMatchObject({ continue: true, canContinue: true, roles: ["user", "assistant", "custom"] });
		expect(seen[1]?.entries.map((entry) => entry.type)).toEqual(["custom_message", "custom"]);
		// After the continued request: nothing proposed, the run settles.
		expect(seen.slice(2).map((entry) => entry.continue)).toEqual([false, false]);
		expect(faux.state.requests).toHaveLength(2);
		expect(faux.state.requests[1]!.context.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"user",
		]);
		expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant", "custom", "assistant"]);
		const types = events.map((event) => event.type);
		expect(types.filter((type) => type === "agent_start")).toHaveLength(2);
		expect(types.filter((type) => type === "agent_settled")).toHaveLength(1);
		expect(types).toContain("entry_appended");
		const custom = session.sessionManager.getBranch().find((entry) => entry.type === "custom");
		expect(custom).toMatchObject({ customType: "marker", data: { a: 1 } });
		expect(session.runPhase.name).toBe("idle");
	});

	it("continue without a context that can continue is reported and settles the run", async () => {
		const errors: ExtensionErrorReport[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => pi.on("agent_before_settle", () => ({ continue: true })),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("only")]);
		await session.prompt("hello");
		expect(faux.state.requests).toHaveLength(1);
		expect(errors.map((error) => error.error)).toEqual([
			"agent_before_settle requested continuation without runnable model context",
		]);
	});

	it("entries that cannot be appended are reported; none is appended and the run does not continue", async () => {
		const errors: ExtensionErrorReport[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", () => ({
					entries: [
						{ type: "custom_message", customType: "x", content: "again", display: true },
						{ type: "context_edit", targetId: "no-such-entry", replacement: null },
					],
					continue: true,
				})),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("only")]);
		await session.prompt("hello");
		expect(faux.state.requests).toHaveLength(1);
		expect(errors).toHaveLength(1);
		expect(errors[0]?.error).toMatch(/^Invalid boundary entries: entries\[1\]: targetId no-such-entry/);
		expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("entries pushed to event.entries in place are appended too, and checked", async () => {
		const errors: ExtensionErrorReport[] = [];
		let calls = 0;
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", (event) => {
					if (++calls > 1) return undefined;
					event.entries.push({ type: "custom", customType: "pushed" });
					return undefined;
				}),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("only")]);
		await session.prompt("hello");
		expect(errors).toEqual([]);
		expect(session.sessionManager.getBranch().some((entry) => entry.type === "custom")).toBe(true);

		const bad = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", (event) => {
					event.entries.push({ type: "custom", customType: "" });
				}),
		]);
		const badErrors: ExtensionErrorReport[] = [];
		await bad.session.bindExtensions({ onError: (error) => badErrors.push(error) });
		bad.faux.setResponses([fauxAssistantMessage("only")]);
		await bad.session.prompt("hello");
		expect(badErrors.map((error) => error.error)).toEqual([
			"Invalid boundary entries: entries[0]: customType must be a non-empty string",
		]);
		expect(bad.session.sessionManager.getBranch().some((entry) => entry.type === "custom")).toBe(false);
	});

	it("a context edit and a compaction with no kept entries change what the next request sees", async () => {
		let calls = 0;
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", (event) => {
					if (++calls > 1) return undefined;
					const reply = event.context.contextEntries.at(-1)!;
					return {
						entries: [
							{ type: "context_edit", targetId: reply.id, replacement: { content: "edited reply" } },
							{ type: "custom_message", customType: "x", content: "go on", display: false },
						],
						continue: true,
					};
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("original reply"), fauxAssistantMessage("done")]);
		await session.prompt("hello");
		const second = faux.state.requests[1]!.context.messages;
		expect(second[1]).toMatchObject({ role: "assistant", content: [{ type: "text", text: "edited reply" }] });

		let compactCalls = 0;
		const compacted = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", () => {
					if (++compactCalls > 1) return undefined;
					return {
						entries: [
							{ type: "compaction", summary: "all of it", firstKeptEntryId: null },
							{ type: "custom_message", customType: "x", content: "resume", display: true },
						],
						continue: true,
					};
				}),
		]);
		await compacted.session.bindExtensions({});
		compacted.faux.setResponses([fauxAssistantMessage("long answer"), fauxAssistantMessage("resumed")]);
		await compacted.session.prompt("hello");
		const after = compacted.faux.state.requests[1]!.context.messages;
		expect(after).toHaveLength(2);
		expect(JSON.stringify(after[0])).toContain("all of it");
	});

	it("a handler's abort stops the run: entries are appended, no continuation, agent_settled reports aborted", async () => {
		const { session, faux, events } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", (_event, ctx) => {
					ctx.abort();
					return {
						entries: [{ type: "custom_message", customType: "x", content: "more", display: true }],
						continue: true,
					};
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("only")]);
		await session.prompt("hello");
		expect(faux.state.requests).toHaveLength(1);
		expect(session.messages.at(-1)).toMatchObject({ role: "custom" });
		expect(events.filter((event) => event.type === "agent_settled")).toEqual([
			{ type: "agent_settled", aborted: true },
		]);
	});

	it("a message a handler queues continues the run, and the phase is before_settle meanwhile", async () => {
		const phases: string[] = [];
		let sent = false;
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("agent_before_settle", () => {
					phases.push(session.runPhase.name);
					if (sent) return;
					sent = true;
					pi.sendUserMessage("one more thing", { deliverAs: "followUp" });
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("first"), fauxAssistantMessage("second")]);
		await session.prompt("hello");
		expect(phases).toEqual(["before_settle", "before_settle"]);
		expect(faux.state.requests).toHaveLength(2);
		expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
	});

	it("is not emitted after an aborted run", async () => {
		let fired = 0;
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.on("agent_before_settle", () => {
					fired++;
				});
				pi.on("message_start", (_event, ctx) => ctx.abort());
			},
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("never finished")]);
		await session.prompt("hello");
		expect(session.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
		expect(fired).toBe(0);
	});
});

describe("run-state: before_settle", () => {
	it("is entered when nothing automatic remains and leads to continuing or settling", () => {
		const streaming = transition(transition(IDLE_STATE, { type: "accept" }), { type: "stream" });
		const before = transition(streaming, { type: "before_settle" });
		expect(before.phase).toEqual({ name: "before_settle" });
		expect(transition(before, { type: "continue" }).phase.name).toBe("continuing");
		expect(transition(before, { type: "settle" }).phase.name).toBe("settling");
		expect(() => transition(IDLE_STATE, { type: "before_settle" })).toThrow(/Invalid run transition/);
	});
});
