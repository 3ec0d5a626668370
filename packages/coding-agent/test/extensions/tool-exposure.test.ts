import { fauxAssistantMessage, fauxToolCall } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { ExecutedToolResult, ExtensionAPI, ToolExposure } from "../../src/core/extensions/extension-api.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

function register(pi: ExtensionAPI, name: string, exposure: ToolExposure | undefined, log: string[] = []): void {
	pi.registerTool({
		name,
		label: name,
		description: `The ${name} tool`,
		parameters: Type.Object({ text: Type.String() }),
		...(exposure ? { exposure } : {}),
		async execute(id, params) {
			log.push(`${name}:${id}:${params.text}`);
			return { content: [{ type: "text", text: `${name} says ${params.text}` }], details: undefined };
		},
	});
}

/** A model-only tool that runs `calls` through ctx.executeTool and reports what came back. */
function caller(pi: ExtensionAPI, calls: { name: string; args: Record<string, unknown> }[], out: ExecutedToolResult[]) {
	pi.registerTool({
		name: "caller",
		label: "caller",
		description: "Calls other tools",
		parameters: Type.Object({}),
		exposure: "model-only",
		async execute(_id, _params, signal, _onUpdate, ctx) {
			for (const call of calls) out.push(await ctx.executeTool(call.name, call.args, { signal }));
			return { content: [{ type: "text", text: ctx.tools.map((tool) => tool.name).join(",") }], details: undefined };
		},
	});
}

describe("tool exposure", () => {
	it("only direct and model-only tools activate on registration; defaultActive overrides", async () => {
		const { session, result } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					for (const exposure of ["direct", "model-only", "codemode", "deferred", "hidden"] as const)
						register(pi, `t_${exposure.replace("-", "_")}`, exposure);
					pi.registerTool({
						name: "off",
						label: "off",
						description: "registered inactive",
						parameters: Type.Object({}),
						defaultActive: false,
						execute: async () => ({ content: [], details: undefined }),
					});
				},
			],
			{ tools: undefined },
		);
		await session.bindExtensions({});
		expect(session.agent.state.tools.map((tool) => tool.name)).toEqual([
			"read",
			"bash",
			"edit",
			"write",
			"t_direct",
			"t_model_only",
		]);
		const all = result.extensionsResult.runner?.context.tools.map((tool) => `${tool.name}:${tool.exposure}`);
		// ctx.tools: the callable ones (active direct, codemode, deferred); never model-only or hidden.
		expect(all).toEqual([
			"read:direct",
			"bash:direct",
			"edit:direct",
			"write:direct",
			"t_direct:direct",
			"t_codemode:codemode",
			"t_deferred:deferred",
		]);
	});

	it("a +name change in tools turns an inactive tool on next to the defaults; -name removes one", async () => {
		const { session } = await createExtensionSession(tempDir(), [(pi) => register(pi, "t_codemode", "codemode")], {
			tools: ["+t_codemode", "-write"],
		});
		expect(session.agent.state.tools.map((tool) => tool.name)).toEqual(["read", "bash", "edit", "t_codemode"]);
	});

	describe("selection vs exposure (as pi 1.4, apps/pi/test/parity/codemode-parity.mjs sel-*)", () => {
		const everyExposure = (pi: ExtensionAPI) => {
			register(pi, "e_direct", "direct");
			pi.registerTool({
				name: "e_off",
				label: "e_off",
				description: "direct, registered inactive",
				parameters: Type.Object({}),
				defaultActive: false,
				execute: async () => ({ content: [], details: undefined }),
			});
			register(pi, "e_model", "model-only");
			register(pi, "e_code", "codemode");
			register(pi, "e_defer", "deferred");
			register(pi, "e_hidden", "hidden");
		};
		const active = async (options: { tools?: string[]; noTools?: "all" | "builtin" }, defaultTools?: string[]) => {
			const dir = tempDir();
			const settingsManager = SettingsManager.inMemory({
				retry: { enabled: false },
				...(defaultTools ? { defaultTools } : {}),
			});
			const { session } = await createExtensionSession(dir, [everyExposure], {
				tools: undefined,
				settingsManager,
				...options,
			});
			return session.agent.state.tools.map((tool) => tool.name);
		};

		it("a * pattern declares matching direct and model-only tools (also inactive ones), never codemode, deferred or hidden", async () => {
			expect(await active({ tools: ["e_*"] })).toEqual(["e_direct", "e_off", "e_model"]);
			expect(await active({ tools: ["read", "e_*"] })).toEqual(["read", "e_direct", "e_off", "e_model"]);
		});

		it("exact names declare codemode and deferred tools, never hidden ones", async () => {
			expect(await active({ tools: ["read", "e_code", "e_defer", "e_hidden", "e_off"] })).toEqual([
				"read",
				"e_code",
				"e_defer",
				"e_off",
			]);
			expect(await active({ tools: ["+e_code", "+e_defer", "+e_hidden"] })).toEqual([
				"read",
				"bash",
				"edit",
				"write",
				"e_code",
				"e_defer",
				"e_direct",
				"e_model",
			]);
		});

		it("-name does not remove an extension tool that activates on registration", async () => {
			expect(await active({ tools: ["-e_direct", "-read", "+e_code"] })).toEqual([
				"bash",
				"edit",
				"write",
				"e_code",
				"e_direct",
				"e_model",
			]);
		});

		it("defaultTools takes exact names: * is no pattern there", async () => {
			expect(await active({}, ["*"])).toEqual(["e_direct", "e_model"]);
			expect(await active({}, ["read", "e_*", "e_code"])).toEqual(["read", "e_code", "e_direct", "e_model"]);
			expect(await active({}, ["+e_*"])).toEqual(["read", "bash", "edit", "write", "e_direct", "e_model"]);
		});
	});

	it("nested calls run with parentToolCallId, validation, handlers and exposure rules", async () => {
		const out: ExecutedToolResult[] = [];
		const log: string[] = [];
		const seenByHandlers: string[] = [];
		const { session, faux, events } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					register(pi, "inner", "codemode", log);
					register(pi, "only_model", "model-only", log);
					register(pi, "off_direct", undefined, log);
					// Registered (the allowlist names it) but inactive, so not callable.
					pi.on("session_start", () => pi.setActiveTools(["caller"]));
					caller(
						pi,
						[
							{ name: "inner", args: { text: "a" } },
							{ name: "inner", args: {} },
							{ name: "inner", args: { text: "blocked" } },
							{ name: "only_model", args: { text: "x" } },
							{ name: "nope", args: {} },
							{ name: "off_direct", args: { text: "y" } },
						],
						out,
					);
					pi.on("tool_call", (event) => {
						seenByHandlers.push(`${event.toolName}:${event.toolCallId}`);
						if (event.input.text === "blocked") return { block: true, reason: "not this one" };
						return undefined;
					});
					pi.on("tool_result", (event) =>
						event.toolName === "inner" ? { content: [{ type: "text", text: "redacted" }] } : undefined,
					);
				},
			],
			// 1.4: tools an allowlist leaves out are not registered, so it names every tool used.
			{ tools: ["caller", "inner", "only_model", "off_direct"] },
		);
		await session.bindExtensions({});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("caller", {}, { id: "call_9" })),
			fauxAssistantMessage("done"),
		]);
		await session.prompt("go");
		expect(log).toEqual(["inner:call_9/1:a"]);
		expect(
			out.map((result) => [result.toolCallId, result.isError, (result.content[0] as { text: string }).text]),
		).toEqual([
			["call_9/1", false, "redacted"],
			["call_9/2", true, expect.stringContaining("text")],
			["call_9/3", true, "not this one"],
			["call_9/4", true, "Tool only_model cannot be called from other tools (exposure model-only)"],
			["call_9/5", true, "Tool nope not found"],
			["call_9/6", true, "Tool off_direct is not active, so other tools cannot call it"],
		]);
		expect(seenByHandlers).toEqual(["caller:call_9", "inner:call_9/1", "inner:call_9/3"]);
		const nested = events.filter(
			(event): event is Extract<AgentSessionEvent, { type: "tool_execution_start" | "tool_execution_end" }> =>
				(event.type === "tool_execution_start" || event.type === "tool_execution_end") && event.toolCallId !== "call_9",
		);
		expect(nested.map((event) => `${event.type}:${event.toolCallId}:${event.parentToolCallId}`).slice(0, 2)).toEqual([
			"tool_execution_start:call_9/1:call_9",
			"tool_execution_end:call_9/1:call_9",
		]);
		// Nested calls add nothing to the transcript.
		expect(session.messages.filter((message) => message.role === "toolResult")).toHaveLength(1);
	});

	it("prepareLoadout replaces descriptions and hides declarations that stay callable", async () => {
		const out: ExecutedToolResult[] = [];
		const { session, faux } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					register(pi, "visible", undefined);
					caller(pi, [{ name: "visible", args: { text: "still callable" } }], out);
					pi.registerTool({
						name: "orchestrator",
						label: "orchestrator",
						description: "orchestrates",
						parameters: Type.Object({}),
						exposure: "model-only",
						prepareLoadout: (loadout) => ({
							descriptions: { orchestrator: `knows ${loadout.callable.join(" ")}` },
							hiddenDeclarations: ["visible"],
						}),
						execute: async () => ({ content: [], details: undefined }),
					});
				},
			],
			{ tools: ["visible", "caller", "orchestrator"] },
		);
		await session.bindExtensions({});
		const declared = session.agent.state.tools.map((tool) => `${tool.name}=${tool.description}`);
		expect(declared).toEqual(["caller=Calls other tools", "orchestrator=knows visible"]);
		faux.setResponses([fauxAssistantMessage(fauxToolCall("caller", {})), fauxAssistantMessage("done")]);
		await session.prompt("go");
		expect(out[0]?.isError).toBe(false);
	});
});
