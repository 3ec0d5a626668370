import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxToolCall } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import type { ExtensionAPI } from "../../src/core/extensions/extension-api.js";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

function recordingTool(log: Record<string, unknown>[]): AgentTool {
	return {
		name: "record",
		label: "Record",
		description: "Records its input",
		parameters: Type.Object({ value: Type.String() }),
		async execute(_id, raw) {
			const params = raw as { value: string };
			log.push(params);
			return { content: [{ type: "text", text: `recorded ${params.value}` }], details: { original: true } };
		},
	};
}

function toolEnds(events: AgentSessionEvent[]) {
	return events.flatMap((event) => (event.type === "tool_execution_end" ? [event] : []));
}

function toolResultText(events: AgentSessionEvent[]): string[] {
	return toolEnds(events).map((event) =>
		event.result.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
	);
}

async function sessionWithTool(factories: ((pi: ExtensionAPI) => void)[]) {
	const calls: Record<string, unknown>[] = [];
	const fixture = await createExtensionSession(tempDir(), factories, {
		customTools: [recordingTool(calls)],
		tools: ["record"],
	});
	const errors: ExtensionErrorReport[] = [];
	await fixture.session.bindExtensions({ onError: (error) => errors.push(error) });
	fixture.faux.setResponses([
		fauxAssistantMessage(fauxToolCall("record", { value: "x" })),
		fauxAssistantMessage("done"),
	]);
	return { ...fixture, calls, errors };
}

describe("tool_call", () => {
	it("a block becomes an error tool result carrying the reason; the tool does not run", async () => {
		const { session, events, calls } = await sessionWithTool([
			(pi) => pi.on("tool_call", () => ({ block: true, reason: "not today" })),
		]);
		await session.prompt("go");
		expect(calls).toEqual([]);
		expect(toolEnds(events).map((event) => event.isError)).toEqual([true]);
		expect(toolResultText(events)).toEqual(["not today"]);
	});

	it("a throwing handler blocks with 'Extension error: <message>' and reports extension_error", async () => {
		const { session, events, calls, errors } = await sessionWithTool([
			(pi) =>
				pi.on("tool_call", () => {
					throw new Error("gate crashed");
				}),
		]);
		await session.prompt("go");
		expect(calls).toEqual([]);
		expect(toolResultText(events)).toEqual(["Extension error: gate crashed"]);
		expect(errors).toEqual([{ extensionPath: "<inline:0>", event: "tool_call", error: "gate crashed" }]);
	});

	it("handlers mutate the input in place, later handlers and the tool see it; the first block stops", async () => {
		const seen: unknown[] = [];
		const { session, calls } = await sessionWithTool([
			(pi) =>
				pi.on("tool_call", (event) => {
					event.input.value = "rewritten";
				}),
			(pi) => pi.on("tool_call", (event) => void seen.push(event.input.value)),
		]);
		await session.prompt("go");
		expect(seen).toEqual(["rewritten"]);
		expect(calls).toEqual([{ value: "rewritten" }]);

		const order: string[] = [];
		const blocked = await sessionWithTool([
			(pi) =>
				pi.on("tool_call", () => {
					order.push("first");
					return { block: true, reason: "first" };
				}),
			(pi) => pi.on("tool_call", () => void order.push("second")),
		]);
		await blocked.session.prompt("go");
		expect(order).toEqual(["first"]);
	});
});

describe("tool event order", () => {
	it("tool_execution_start → tool_call (the assistant message already stored) → tool_result → tool_execution_end", async () => {
		const order: string[] = [];
		const { session } = await sessionWithTool([
			(pi) => {
				pi.on("tool_execution_start", () => void order.push("tool_execution_start"));
				pi.on("tool_call", (_event, ctx) => {
					const last = ctx.sessionManager.getLeafEntry();
					order.push(`tool_call:${last?.type === "message" ? last.message.role : "?"}`);
				});
				pi.on("tool_result", () => void order.push("tool_result"));
				pi.on("tool_execution_end", () => void order.push("tool_execution_end"));
			},
		]);
		await session.prompt("go");
		expect(order).toEqual(["tool_execution_start", "tool_call:assistant", "tool_result", "tool_execution_end"]);
	});
});

describe("tool_result", () => {
	it("is middleware: each handler sees the latest result and patches it", async () => {
		const seen: string[] = [];
		const { session, events } = await sessionWithTool([
			(pi) => pi.on("tool_result", () => ({ content: [{ type: "text", text: "patched once" }] })),
			(pi) =>
				pi.on("tool_result", (event) => {
					seen.push(event.content.map((block) => (block.type === "text" ? block.text : "")).join(""));
					return { isError: true, details: { patched: true } };
				}),
		]);
		await session.prompt("go");
		expect(seen).toEqual(["patched once"]);
		const end = toolEnds(events)[0]!;
		expect(end.isError).toBe(true);
		expect(end.result.details).toEqual({ patched: true });
		expect(toolResultText(events)).toEqual(["patched once"]);
	});
});

describe("context, before_provider_request, before_agent_start", () => {
	it("context handlers chain over a deep copy; the model gets the result", async () => {
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("context", (event) => ({
					messages: [...event.messages, { role: "user", content: "injected", timestamp: 0 }],
				})),
			(pi) =>
				pi.on("context", (event) => {
					expect(event.messages.length).toBe(2);
					return undefined;
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("hello");
		const sent = faux.state.requests[0]!.context.messages;
		expect(sent.map((message) => message.role)).toEqual(["user", "user"]);
		expect(session.messages.length).toBe(2);
	});

	it("before_provider_request chains payload replacements; undefined keeps", async () => {
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => pi.on("before_provider_request", (event) => ({ ...(event.payload as object), a: 1 })),
			(pi) => pi.on("before_provider_request", () => undefined),
			(pi) => pi.on("before_provider_request", (event) => ({ ...(event.payload as object), b: 2 })),
		]);
		await session.bindExtensions({});
		expect(await session.agent.onPayload!({ original: true }, faux.getModel())).toEqual({ original: true, a: 1, b: 2 });
	});

	it("before_agent_start injects messages and chains the system prompt for this run", async () => {
		const prompts: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("before_agent_start", (event) => ({
					systemPrompt: `${event.systemPrompt}\nFIRST`,
					message: { customType: "memo", content: "remember", display: false },
				})),
			(pi) =>
				pi.on("before_agent_start", (event, ctx) => {
					prompts.push(event.messageType === "user" ? event.prompt : "");
					return { systemPrompt: `${event.systemPrompt}\nSECOND ${ctx.mode}` };
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("hello");
		expect(prompts).toEqual(["hello"]);
		expect(faux.state.requests[0]!.context.systemPrompt).toMatch(/\nFIRST\nSECOND print$/);
		expect(session.messages.map((message) => message.role)).toEqual(["user", "custom", "assistant"]);
		const types = session.sessionManager.getEntries().map((entry) => entry.type);
		expect(types.filter((type) => type === "custom_message")).toHaveLength(1);
	});

	it("before_agent_start reports messageType: user for prompts, custom (with the message) for sendMessage's triggerTurn", async () => {
		const seen: string[] = [];
		let send: ExtensionAPI["sendMessage"] | undefined;
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => {
				send = pi.sendMessage.bind(pi);
				pi.on("before_agent_start", (event) => {
					seen.push(event.messageType === "user" ? `user:${event.prompt}` : `custom:${event.message.customType}`);
					if (event.messageType !== "custom") return undefined;
					return { message: { customType: "extra", content: "more", display: false } };
				});
			},
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
		await session.prompt("hello");
		const settled = new Promise<void>((resolve) =>
			session.subscribe((event) => event.type === "agent_settled" && resolve()),
		);
		send?.({ customType: "kick", content: "go", display: true }, { triggerTurn: true });
		await settled;
		expect(seen).toEqual(["user:hello", "custom:kick"]);
		const customs = session.messages.flatMap((message) => (message.role === "custom" ? [message.customType] : []));
		expect(customs).toEqual(["kick", "extra"]);
		expect(faux.state.requests).toHaveLength(2);
	});
});

describe("before_agent_start additions across a tool set change", () => {
	it("what handlers appended stays in the prompt when a tool activates another mid-run", async () => {
		const { session, faux } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					// `record` is allowed (named in the allowlist) but starts inactive.
					pi.on("session_start", () => pi.setActiveTools(["loader"]));
					pi.on("before_agent_start", (event) => ({
						systemPrompt: `${event.systemPrompt}\n\n<extra>\nkept\n</extra>`,
					}));
					pi.registerTool({
						name: "loader",
						label: "Loader",
						description: "Activates record",
						parameters: Type.Object({}),
						async execute() {
							pi.setActiveTools([...pi.getActiveTools(), "record"]);
							return { content: [{ type: "text", text: "loaded" }] };
						},
					});
				},
			],
			{ customTools: [recordingTool([])], tools: ["loader", "record"] },
		);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage(fauxToolCall("loader", {})), fauxAssistantMessage("done")]);
		await session.prompt("go");
		expect(faux.state.requests[0]!.context.tools?.map((tool) => tool.name)).toEqual(["loader"]);
		const second = faux.state.requests[1]!.context;
		expect(second.tools?.map((tool) => tool.name)).toContain("record");
		expect(second.systemPrompt).toMatch(/<extra>\nkept\n<\/extra>$/);
	});
});

describe("input", () => {
	it("transforms chain, the first handled stops, and the event carries source and streaming behaviour", async () => {
		const seen: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("input", (event) => {
					seen.push(`${event.text}|${event.source}|${event.streamingBehavior ?? "-"}`);
					if (event.text === "eat me") return { action: "handled" };
					return { action: "transform", text: `${event.text}!` };
				}),
			(pi) =>
				pi.on("input", (event) => {
					seen.push(`second:${event.text}`);
					return { action: "continue" };
				}),
		]);
		await session.bindExtensions({});
		const dispositions: string[] = [];
		await session.prompt("eat me", { source: "rpc", preflightResult: (d) => dispositions.push(d) });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("missing", {})), fauxAssistantMessage("ok")]);
		await session.prompt("hi");
		expect(await session.steer("later", [], "rpc")).toBe("queued");
		expect(dispositions).toEqual(["handled"]);
		expect(seen).toEqual(["eat me|rpc|-", "hi|interactive|-", "second:hi!", "later|rpc|steer", "second:later!"]);
		expect(session.messages[0]).toMatchObject({ role: "user", content: [{ type: "text", text: "hi!" }] });
	});
});

describe("notifications", () => {
	it("model_select, thinking_level_select, session_info_changed and loop events arrive in order", async () => {
		const seen: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.on("model_select", (event) => void seen.push(`model:${event.model.id}:${event.source}`));
				pi.on("thinking_level_select", (event) => void seen.push(`level:${event.previousLevel}->${event.level}`));
				pi.on("session_info_changed", (event) => void seen.push(`name:${event.name}`));
				pi.on("agent_start", () => void seen.push("agent_start"));
				pi.on("turn_start", (event) => void seen.push(`turn_start:${event.turnIndex}`));
				pi.on("turn_end", (event) => void seen.push(`turn_end:${event.turnIndex}`));
				pi.on("agent_end", () => void seen.push("agent_end"));
				pi.on("agent_settled", () => void seen.push("agent_settled"));
			},
		]);
		await session.bindExtensions({});
		session.setSessionName("my run");
		session.setModel(faux.getModel());
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("hi");
		await Promise.resolve();
		expect(seen).toEqual(["name:my run", "agent_start", "turn_start:0", "turn_end:0", "agent_end", "agent_settled"]);
	});
});

describe("messages", () => {
	it("sendMessage with nextTurn is injected after the next prompt; triggerTurn starts a run", async () => {
		let api: ExtensionAPI | undefined;
		const { session, faux, events } = await createExtensionSession(tempDir(), [
			(pi) => {
				api = pi;
			},
		]);
		await session.bindExtensions({});
		api!.sendMessage({ customType: "held", content: "for later", display: true }, { deliverAs: "nextTurn" });
		expect(session.messages).toEqual([]);
		faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
		await session.prompt("first");
		expect(session.messages.map((message) => message.role)).toEqual(["user", "custom", "assistant"]);
		const settled = new Promise<void>((resolve) =>
			session.subscribe((event) => event.type === "agent_settled" && resolve()),
		);
		api!.sendMessage({ customType: "poke", content: "go on", display: true }, { triggerTurn: true });
		await settled;
		expect(session.messages.map((message) => message.role)).toEqual([
			"user",
			"custom",
			"assistant",
			"custom",
			"assistant",
		]);
		expect(events.some((event) => event.type === "message_end" && event.message.role === "custom")).toBe(true);
	});
});
