import type * as acp from "@agentclientprotocol/sdk";
import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { type AcpPair, updatesOf, useAcpPair } from "./acp-harness.js";

const { start } = useAcpPair();
describe("ACP permissions", () => {
	/** A tool that asks like the permission gate does: a yes/no select during its call. */
	function gatedTool(current: () => AcpPair): AgentTool {
		return {
			name: "danger",
			label: "danger",
			description: "asks first",
			parameters: Type.Object({ command: Type.String() }),
			execute: async (_id, params: { command: string }) => {
				const ui = current().runtimes[0]?.session.getExtensionBindings().uiContext;
				const answer = await ui?.select(`⚠️ Dangerous command:\n\n  ${params.command}\n\nAllow?`, ["Yes", "No"]);
				return { content: [{ type: "text", text: answer === "Yes" ? "ran" : "blocked" }], details: {} };
			},
		};
	}

	async function runGated(answer: string | "cancelled", times = 1): Promise<{ current: AcpPair; results: string[] }> {
		const { pair: current, sessionId } = await start({
			customTools: [gatedTool(() => current)],
			tools: ["danger"],
			onPermission: () =>
				answer === "cancelled"
					? { outcome: { outcome: "cancelled" } }
					: { outcome: { outcome: "selected", optionId: answer } },
		});
		const results: string[] = [];
		for (let index = 0; index < times; index++) {
			current.faux.setResponses([
				fauxAssistantMessage(fauxToolCall("danger", { command: "rm -rf /tmp/x" }, `d${index}`), {
					stopReason: "toolUse",
				}),
				fauxAssistantMessage("ok"),
			]);
			await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
			const final = (updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[]).find(
				(update) => update.toolCallId === `d${index}` && update.status,
			);
			results.push(JSON.stringify(final?.content));
		}
		return { current, results };
	}

	it("asks with allow-once, allow-always and reject, attached to the running tool call", async () => {
		const { current, results } = await runGated("allow_once");
		expect(results[0]).toContain("ran");
		expect(current.permissionRequests).toHaveLength(1);
		expect(current.permissionRequests[0]?.toolCall.toolCallId).toBe("d0");
		expect(current.permissionRequests[0]?.options.map((option) => option.kind)).toEqual([
			"allow_once",
			"allow_always",
			"reject_once",
		]);
	});

	it("blocks on reject and on a cancelled request", async () => {
		expect((await runGated("reject_once")).results[0]).toContain("blocked");
		expect((await runGated("cancelled")).results[0]).toContain("blocked");
	});

	it("remembers an always answer for the session", async () => {
		const { current, results } = await runGated("allow_always", 2);
		expect(results.every((result) => result.includes("ran"))).toBe(true);
		expect(current.permissionRequests).toHaveLength(1);
	});

	it("denies when the client cannot answer permission requests", async () => {
		const { pair: current, sessionId } = await start({ customTools: [gatedTool(() => current)], tools: ["danger"] });
		current.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("danger", { command: "sudo x" }, "d0"), { stopReason: "toolUse" }),
			fauxAssistantMessage("ok"),
		]);
		await current.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
		const final = (updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[]).find((update) => update.status);
		expect(JSON.stringify(final?.content)).toContain("blocked");
	});
});
