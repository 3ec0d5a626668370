import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { ExtensionAPI } from "../../src/core/extensions/extension-api.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();
const EXAMPLES = join(import.meta.dirname, "..", "..", "examples", "extensions");

describe("registrations", () => {
	it("a command may take a built-in's name (it runs outside the TUI); a name two register is kept as /name:1, /name:2", async () => {
		const ran: string[] = [];
		const { session, result } = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.registerCommand("quit", { handler: () => void ran.push("quit") });
				pi.registerCommand("deploy", { handler: () => void ran.push("first") });
			},
			(pi) => pi.registerCommand("deploy", { handler: () => void ran.push("second") }),
		]);
		await session.bindExtensions({});
		await session.prompt("/deploy:2");
		await session.prompt("/deploy:1");
		await session.prompt("/quit");
		expect(ran).toEqual(["second", "first", "quit"]);
		const runner = result.extensionsResult.runner!;
		expect(runner.diagnostics).toEqual([]);
		expect(runner.getCommandInfos().map((command) => command.name)).toEqual(["quit", "deploy:1", "deploy:2"]);
	});

	it("a tool registered in session_start is active at once; setActiveTools chooses the active set", async () => {
		let api: ExtensionAPI | undefined;
		const { session, faux } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					api = pi;
					pi.on("session_start", () => {
						pi.registerTool({
							name: "late",
							label: "Late",
							description: "Registered after load",
							parameters: Type.Object({}),
							execute: async () => ({ content: [{ type: "text", text: "late ran" }] }),
						});
					});
				},
				// An allowlist that names the late tool: tools it leaves out are not registered.
			],
			{ tools: ["read", "late"] },
		);
		await session.bindExtensions({});
		expect(api!.getActiveTools()).toContain("late");
		faux.setResponses([fauxAssistantMessage(fauxToolCall("late", {})), fauxAssistantMessage("done")]);
		await session.prompt("go");
		expect(session.messages.some((message) => message.role === "toolResult" && !message.isError)).toBe(true);
		api!.setActiveTools(["read", "nope"]);
		expect(api!.getActiveTools()).toEqual(["read"]);
		expect(session.agent.state.systemPrompt).toContain("- read:");
		expect(session.agent.state.systemPrompt).not.toContain("- late:");
	});

	it("providers registered by a factory are queued until the model runtime exists", async () => {
		const { session } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.registerProvider("my-proxy", {
					baseUrl: "http://127.0.0.1:9/v1",
					api: "openai-completions",
					apiKey: "test-key",
					models: [{ id: "proxy-model", name: "Proxy model", contextWindow: 8000, maxTokens: 1000 }],
				}),
		]);
		expect(session.modelRuntime.getModel("my-proxy", "proxy-model")?.baseUrl).toBe("http://127.0.0.1:9/v1");
	});

	it("the session_before_switch guard example refuses to leave a busy session without a UI", async () => {
		const { session, faux, result } = await createExtensionSession(tempDir(), [], {
			extensionPaths: [join(EXAMPLES, "confirm-session-switch.ts")],
		});
		await session.bindExtensions({});
		expect(result.extensionsResult.errors).toEqual([]);
		expect(
			await session.extensionRunner.emitSessionBeforeChange({ type: "session_before_switch", reason: "new" }),
		).toEqual({ cancel: false });
		let release!: () => void;
		faux.setResponses([
			async () => {
				await new Promise<void>((resolve) => {
					release = resolve;
				});
				return fauxAssistantMessage("done");
			},
		]);
		const run = session.prompt("work");
		await new Promise((resolve) => setImmediate(resolve));
		expect(
			await session.extensionRunner.emitSessionBeforeChange({ type: "session_before_switch", reason: "new" }),
		).toEqual({ cancel: true });
		release();
		await run;
	});

	it("a tool named like a built-in replaces it silently; the same tool name from two extensions is a conflict (pi 1.4's load error)", async () => {
		const tool = (text: string) => ({
			name: "bash",
			label: "bash",
			description: text,
			parameters: Type.Object({}),
			execute: async () => ({ content: [{ type: "text" as const, text }] }),
		});
		const { session, result } = await createExtensionSession(
			tempDir(),
			[(pi) => pi.registerTool(tool("first")), (pi) => pi.registerTool(tool("second"))],
			{ tools: ["bash"] },
		);
		expect(session.agent.state.tools).toHaveLength(1);
		expect(result.extensionsResult.runner!.diagnostics).toEqual([]);
		expect(result.extensionsResult.errors).toEqual([
			{ path: "<inline:1>", error: 'Tool "bash" conflicts with <inline:0>' },
		]);
	});
});
