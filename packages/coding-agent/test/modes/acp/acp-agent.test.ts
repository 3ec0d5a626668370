import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { textOf, updatesOf, useAcpPair } from "./acp-harness.js";

const { start, tempDir } = useAcpPair();
describe("ACP agent", () => {
	it("initializes with honest capabilities, name, version and auth methods", async () => {
		const { init } = await start();
		expect(init.protocolVersion).toBe(1);
		expect(init.agentInfo).toEqual({ name: "pi", title: "pi", version: "9.9.9" });
		expect(init.agentCapabilities?.loadSession).toBe(true);
		expect(init.agentCapabilities?.promptCapabilities).toEqual({ image: true, audio: false, embeddedContext: true });
		expect(init.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: false });
		expect(init.authMethods?.map((method) => method.id)).toEqual([
			"sign-in:anthropic",
			"sign-in:openai-codex",
			"sign-in:openai-codex:device_code",
			"sign-in:openai",
			"sign-in:github-copilot",
			"sign-in:xai",
			"sign-in:kimi-coding",
			"sign-in:meta",
			"sign-in:openrouter",
			"sign-in:radius",
			"sign-in:radius:device_code",
			// No terminal method: this client did not say it can run one.
			"env",
		]);
	});

	it("streams text and thinking as chunks and ends the turn", async () => {
		const { pair: current, sessionId, created } = await start();
		expect(created.configOptions?.map((option) => option.id)).toEqual(["model", "thinking_level"]);
		current.faux.setResponses([
			fauxAssistantMessage([fauxThinking("hmm, let me see"), fauxText("Hello there, world")]),
		]);
		const response = await current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "hi" }],
		});
		expect(response.stopReason).toBe("end_turn");
		expect(textOf(updatesOf(current, "agent_message_chunk"))).toBe("Hello there, world");
		expect(textOf(updatesOf(current, "agent_thought_chunk"))).toBe("hmm, let me see");
		expect(updatesOf(current, "agent_message_chunk").length).toBeGreaterThan(1);
		// The client's own prompt is not echoed back.
		expect(updatesOf(current, "user_message_chunk")).toEqual([]);
	});

	it("advertises prompt templates as available commands after session/new", async () => {
		const agentDir = tempDir();
		mkdirSync(join(agentDir, "prompts"));
		writeFileSync(join(agentDir, "prompts", "review.md"), "---\ndescription: Review the diff\n---\nReview $@\n");
		const { pair: current } = await start({ agentDir });
		const update = await current.waitForUpdate((candidate) => candidate.sessionUpdate === "available_commands_update");
		expect(update).toMatchObject({
			availableCommands: [{ name: "review", description: "Review the diff" }],
		});
	});

	it("maps a bash tool call to tool_call and tool_call_update with kind execute and its output", async () => {
		const { pair: current, sessionId } = await start({ tools: ["bash"] });
		current.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("bash", { command: "echo acp-works" }, "call_1"), { stopReason: "toolUse" }),
			fauxAssistantMessage("done"),
		]);
		const response = await current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "run" }],
		});
		expect(response.stopReason).toBe("end_turn");
		const [call] = updatesOf(current, "tool_call") as (acp.ToolCall & { sessionUpdate: "tool_call" })[];
		expect(call).toMatchObject({
			toolCallId: "call_1",
			kind: "execute",
			title: "echo acp-works",
			status: "in_progress",
		});
		const finals = (updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[]).filter((update) => update.status);
		expect(finals.at(-1)?.status).toBe("completed");
		expect(JSON.stringify(finals.at(-1)?.content)).toContain("acp-works");
	});

	it("shows an edit as diff content with old and new text and the file location", async () => {
		const { pair: current, sessionId, cwd } = await start({ tools: ["edit"] });
		writeFileSync(join(cwd, "a.txt"), "one\ntwo\nthree\n");
		current.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("edit", { path: "a.txt", edits: [{ oldText: "two", newText: "TWO" }] }, "e1"), {
				stopReason: "toolUse",
			}),
			fauxAssistantMessage("edited"),
		]);
		await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "edit" }] });
		const final = (updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[]).find(
			(update) => update.status === "completed",
		);
		expect(final?.content).toEqual([{ type: "diff", path: join(cwd, "a.txt"), oldText: "two", newText: "TWO" }]);
		expect(final?.locations).toEqual([{ path: join(cwd, "a.txt"), line: 2 }]);
		expect(readFileSync(join(cwd, "a.txt"), "utf8")).toBe("one\nTWO\nthree\n");
	});

	it("returns a model error as a JSON-RPC error with the vendor text, secrets redacted", async () => {
		const { pair: current, sessionId } = await start({ settings: { retry: { enabled: false } } });
		current.faux.setResponses([
			fauxAssistantMessage([], {
				stopReason: "error",
				errorMessage: "400 invalid key sk-abcdefghijklmnopqrstuvwx for model",
			}),
		]);
		const failure = await current.connection.agent
			.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] })
			.catch((error: unknown) => error as { code: number; message: string });
		expect(failure).toMatchObject({ code: -32603 });
		expect((failure as { message: string }).message).toContain("400 invalid key [redacted] for model");
	});

	it("cancels a streaming prompt: it resolves cancelled and the process keeps serving", async () => {
		const { pair: current, sessionId } = await start({ faux: { tokensPerSecond: 20 } });
		current.faux.setResponses([
			fauxAssistantMessage("a b c d e f g h i j k l m n o p q r s t u v w x y z ".repeat(20)),
		]);
		const prompt = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "long" }],
		});
		await current.waitForUpdate((update) => update.sessionUpdate === "agent_message_chunk");
		await current.connection.agent.notify("session/cancel", { sessionId });
		expect((await prompt).stopReason).toBe("cancelled");
		current.faux.setResponses([fauxAssistantMessage("again")]);
		const next = await current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "x" }],
		});
		expect(next.stopReason).toBe("end_turn");
	});

	it("queues a prompt sent while one runs as a follow-up and answers both", async () => {
		const { pair: current, sessionId } = await start({ faux: { tokensPerSecond: 200 } });
		current.faux.setResponses([
			fauxAssistantMessage("first reply is a bit longer than usual"),
			fauxAssistantMessage("second"),
		]);
		const first = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "one" }],
		});
		await current.waitForUpdate((update) => update.sessionUpdate === "agent_message_chunk");
		const second = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "two" }],
		});
		const [a, b] = await Promise.all([first, second]);
		expect(a.stopReason).toBe("end_turn");
		expect(b.stopReason).toBe("end_turn");
		expect(textOf(updatesOf(current, "user_message_chunk"))).toBe("two");
		expect(textOf(updatesOf(current, "agent_message_chunk"))).toContain("second");
		expect(current.extNotifications.some((note) => note.method === "_pi/queue_update")).toBe(true);
	});

	it("switches model and thinking level through config options", async () => {
		const { pair: current, sessionId } = await start({
			faux: { models: [{ id: "faux-1" }, { id: "faux-think", reasoning: true }] },
		});
		const result = await current.connection.agent.request("session/set_config_option", {
			sessionId,
			configId: "model",
			value: "faux/faux-think",
		});
		expect(result.configOptions.find((option) => option.id === "model")).toMatchObject({
			currentValue: "faux/faux-think",
		});
		const thinking = await current.connection.agent.request("session/set_config_option", {
			sessionId,
			configId: "thinking_level",
			value: "high",
		});
		expect(thinking.configOptions.find((option) => option.id === "thinking_level")).toMatchObject({
			currentValue: "high",
		});
		const bad = await current.connection.agent
			.request("session/set_config_option", { sessionId, configId: "model", value: "nope/nope" })
			.catch((error: unknown) => error as { code: number; message: string });
		expect(bad).toMatchObject({ code: -32602 });
		await current.connection.agent.request("session/set_mode", { sessionId, modeId: "low" });
		expect(current.runtimes[0]?.session.thinkingLevel).toBe("low");
		const update = await current.waitForUpdate(
			(candidate) =>
				candidate.sessionUpdate === "config_option_update" &&
				candidate.configOptions.some((option) => option.id === "thinking_level" && option.currentValue === "low"),
		);
		expect(update.sessionUpdate).toBe("config_option_update");
	});

	it("routes read and write through the client's fs capability", async () => {
		const files = new Map<string, string>();
		const {
			pair: current,
			sessionId,
			cwd,
		} = await start({ tools: ["read", "write"], fs: files }, { fs: { readTextFile: true, writeTextFile: true } });
		files.set(join(cwd, "buffer.txt"), "unsaved editor buffer\n");
		current.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("read", { path: "buffer.txt" }, "r1"), { stopReason: "toolUse" }),
			fauxAssistantMessage(fauxToolCall("write", { path: "out.txt", content: "from pi\n" }, "w1"), {
				stopReason: "toolUse",
			}),
			fauxAssistantMessage("ok"),
		]);
		await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
		const readResult = (updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[]).find(
			(update) => update.toolCallId === "r1" && update.status,
		);
		expect(JSON.stringify(readResult?.content)).toContain("unsaved editor buffer");
		expect(files.get(join(cwd, "out.txt"))).toBe("from pi\n");
	});

	it("replays a stored session on session/load", async () => {
		const { pair: current, sessionId, cwd } = await start();
		current.faux.setResponses([fauxAssistantMessage("remembered answer")]);
		await current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "remember me" }],
		});
		await current.connection.agent.request("session/close", { sessionId });
		current.updates.length = 0;
		await current.connection.agent.request("session/load", { sessionId, cwd, mcpServers: [] });
		expect(textOf(updatesOf(current, "user_message_chunk"))).toBe("remember me");
		expect(textOf(updatesOf(current, "agent_message_chunk"))).toBe("remembered answer");
		const listed = await current.connection.agent.request("session/list", { cwd });
		expect(listed.sessions.map((session) => session.sessionId)).toContain(sessionId);
	});

	it("resumes a stored session without replaying it; the history reaches the model", async () => {
		const { pair: current, sessionId, cwd } = await start();
		current.faux.setResponses([fauxAssistantMessage("first answer")]);
		await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "first" }] });
		await current.connection.agent.request("session/close", { sessionId });
		current.updates.length = 0;
		await current.connection.agent.request("session/resume", { sessionId, cwd });
		expect(updatesOf(current, "agent_message_chunk")).toEqual([]);
		current.faux.setResponses([fauxAssistantMessage("second answer")]);
		await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "second" }] });
		expect(JSON.stringify(current.faux.state.requests.at(-1)?.context.messages)).toContain("first answer");
	});

	it("answers an unknown session, and loading one that was never stored, with resource not found", async () => {
		const { pair: current, cwd } = await start();
		const failure = await current.connection.agent
			.request("session/prompt", { sessionId: "nope", prompt: [{ type: "text", text: "x" }] })
			.catch((error: unknown) => error as { code: number });
		expect(failure).toMatchObject({ code: -32002, data: { sessionId: "nope" } });
		const load = await current.connection.agent
			.request("session/load", { sessionId: "never-stored", cwd, mcpServers: [] })
			.catch((error: unknown) => error as { code: number });
		expect(load).toMatchObject({ code: -32002 });
	});
});
