import type * as acp from "@agentclientprotocol/sdk";
import { fauxAssistantMessage, fauxToolCall } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { updatesOf, useAcpPair } from "./acp-harness.js";

const { start } = useAcpPair();
describe("ACP runs", () => {
	it("ends with refusal when the vendor refused", async () => {
		const { pair: current, sessionId } = await start({ settings: { retry: { enabled: false } } });
		current.faux.setResponses([
			fauxAssistantMessage([], {
				stopReason: "error",
				errorMessage: "Anthropic stopped the response: refusal (the model declined to continue)",
			}),
		]);
		const response = await current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "x" }],
		});
		expect(response.stopReason).toBe("refusal");
	});

	it("ends with max_tokens when the reply hit the output limit", async () => {
		const { pair: current, sessionId } = await start();
		current.faux.setResponses([fauxAssistantMessage("cut", { stopReason: "length" })]);
		const response = await current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "x" }],
		});
		expect(response.stopReason).toBe("max_tokens");
	});

	it("cancels during the retry backoff", async () => {
		const { pair: current, sessionId } = await start({ settings: { retry: { enabled: true, baseDelayMs: 60_000 } } });
		current.faux.setResponses([
			fauxAssistantMessage([], { stopReason: "error", errorMessage: "529 overloaded_error: Overloaded" }),
		]);
		const session = current.runtimes[0]!.session;
		const retrying = new Promise<void>((resolve) =>
			session.subscribe((event) => {
				if (event.type === "auto_retry_start") resolve();
			}),
		);
		const prompt = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "x" }],
		});
		await retrying;
		await current.connection.agent.notify("session/cancel", { sessionId });
		expect((await prompt).stopReason).toBe("cancelled");
		expect(session.isStreaming).toBe(false);
	});

	it("cancels during a compaction after the turn", async () => {
		const { pair: current, sessionId } = await start({
			faux: { models: [{ id: "tiny", contextWindow: 2000 }], tokensPerSecond: 400 },
			settings: { compaction: { enabled: true, reserveTokens: 1900, keepRecentTokens: 1 } },
		});
		current.faux.setResponses([
			fauxAssistantMessage("a reply long enough to cross the threshold ".repeat(12)),
			fauxAssistantMessage("summary ".repeat(2000)),
		]);
		const session = current.runtimes[0]!.session;
		const compacting = new Promise<void>((resolve) =>
			session.subscribe((event) => {
				if (event.type === "compaction_start") resolve();
			}),
		);
		const prompt = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "x" }],
		});
		await compacting;
		await current.connection.agent.notify("session/cancel", { sessionId });
		expect((await prompt).stopReason).toBe("cancelled");
		expect(session.isCompacting).toBe(false);
		expect(session.isStreaming).toBe(false);
	});

	it("steers when the prompt's _meta asks for it", async () => {
		const { pair: current, sessionId } = await start({ tools: ["bash"], faux: { tokensPerSecond: 400 } });
		current.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("bash", { command: "sleep 0.3; echo one" }, "b1"), { stopReason: "toolUse" }),
			fauxAssistantMessage("after steering"),
		]);
		const session = current.runtimes[0]!.session;
		const first = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "go" }],
		});
		await current.waitForUpdate((update) => update.sessionUpdate === "tool_call");
		const steer = current.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "change course" }],
			_meta: { pi: { streamingBehavior: "steer" } },
		});
		await Promise.all([first, steer]);
		// The steering message entered before the second model call, not after the run.
		const second = current.faux.state.requests[1];
		expect(JSON.stringify(second?.context.messages.at(-1))).toContain("change course");
		expect(session.isStreaming).toBe(false);
	});

	it("runs bash in the client's terminal when it offers terminal/*", async () => {
		const terminals: acp.CreateTerminalRequest[] = [];
		const { pair: current, sessionId } = await start(
			{
				tools: ["bash"],
				terminal: (request) => {
					terminals.push(request);
					return { output: "from the editor terminal\n", exitCode: 0 };
				},
			},
			{ terminal: true },
		);
		current.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("bash", { command: "make test" }, "t1"), { stopReason: "toolUse" }),
			fauxAssistantMessage("ok"),
		]);
		await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
		expect(terminals).toHaveLength(1);
		expect(terminals[0]?.args?.at(-1)).toBe("make test");
		const updates = updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[];
		expect(updates.some((update) => update.content?.some((content) => content.type === "terminal"))).toBe(true);
		expect(JSON.stringify(updates.find((update) => update.status === "completed")?.content)).toContain(
			"from the editor terminal",
		);
	});
});
