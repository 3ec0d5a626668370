import { fauxAssistantMessage, fauxToolCall } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { ExtensionAPI } from "../../src/core/extensions/extension-api.js";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

function echoTool(pi: ExtensionAPI, log: string[]): void {
	pi.registerTool({
		name: "echo",
		label: "Echo",
		description: "Echoes its text",
		parameters: Type.Object({ text: Type.String() }),
		promptSnippet: "repeat a text",
		async execute(_id, params, _signal, _onUpdate, ctx) {
			log.push(`echo ${params.text} in ${ctx.mode}`);
			return { content: [{ type: "text", text: `echo: ${params.text}` }], details: { length: params.text.length } };
		},
	});
}

describe("ExtensionAPI", () => {
	it("registered tools run with ctx, are active and listed in the system prompt", async () => {
		const log: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [(pi) => echoTool(pi, log)], {
			tools: undefined,
		});
		await session.bindExtensions({ mode: "json" });
		expect(session.agent.state.tools.map((tool) => tool.name)).toContain("echo");
		expect(session.agent.state.systemPrompt).toContain("- echo: repeat a text");
		faux.setResponses([fauxAssistantMessage(fauxToolCall("echo", { text: "hi" })), fauxAssistantMessage("done")]);
		await session.prompt("go");
		expect(log).toEqual(["echo hi in json"]);
	});

	it("commands run through prompt with disposition handled; a throwing one reports extension_error only", async () => {
		const calls: string[] = [];
		const { session } = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.registerCommand("hello", {
					description: "Say hello",
					handler: async (args, ctx) => {
						calls.push(`${args}|${ctx.hasUI}`);
					},
				});
				pi.registerCommand("fail", {
					handler: () => {
						throw new Error("command broke");
					},
				});
			},
		]);
		const errors: ExtensionErrorReport[] = [];
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		const dispositions: string[] = [];
		await session.prompt("/hello big world", { preflightResult: (d) => dispositions.push(d) });
		await session.prompt("/fail now", { preflightResult: (d) => dispositions.push(d) });
		expect(calls).toEqual(["big world|false"]);
		expect(dispositions).toEqual(["handled", "handled"]);
		expect(errors).toEqual([{ extensionPath: "<inline:0>", event: "command", error: "command broke" }]);
		expect(session.messages).toEqual([]);
	});

	it("session_start is emitted once, on the first bindExtensions, with the stored reason", async () => {
		const starts: string[] = [];
		const { session } = await createExtensionSession(
			tempDir(),
			[(pi) => pi.on("session_start", (event) => void starts.push(event.reason))],
			{ sessionStartEvent: { type: "session_start", reason: "resume", previousSessionFile: "/x.jsonl" } },
		);
		expect(starts).toEqual([]);
		await session.bindExtensions({ mode: "print" });
		await session.bindExtensions({ mode: "rpc" });
		expect(starts).toEqual(["resume"]);
	});

	it("appendEntry writes a custom entry; sendMessage when idle a custom_message entry", async () => {
		let api: ExtensionAPI | undefined;
		const { session } = await createExtensionSession(tempDir(), [
			(pi) => {
				api = pi;
			},
		]);
		await session.bindExtensions({});
		api!.appendEntry("state", { count: 1 });
		api!.sendMessage({ customType: "note", content: "remember this", display: true });
		const entries = session.sessionManager.getEntries().filter((entry) => entry.type.startsWith("custom"));
		expect(entries.map((entry) => entry.type)).toEqual(["custom", "custom_message"]);
		expect(session.messages.at(-1)).toMatchObject({ role: "custom", customType: "note", content: "remember this" });
	});

	it("sendUserMessage goes through the prompt pipeline with source extension", async () => {
		let api: ExtensionAPI | undefined;
		const sources: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => {
				api = pi;
				pi.on("input", (event) => {
					sources.push(event.source);
					return { action: "continue" };
				});
			},
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("ok")]);
		const settled = new Promise<void>((resolve) =>
			session.subscribe((event) => event.type === "agent_settled" && resolve()),
		);
		api!.sendUserMessage("from the extension");
		await settled;
		expect(sources).toEqual(["extension"]);
		expect(session.messages[0]).toMatchObject({ role: "user" });
	});

	it("registerFlag and getFlag: CLI values by name, coerced to the flag type, defaults otherwise", async () => {
		let api: ExtensionAPI | undefined;
		const { result } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					api = pi;
					pi.registerFlag("plan", { type: "boolean", default: false });
					pi.registerFlag("level", { type: "string", default: "low" });
				},
			],
			{ extensionFlagValues: { plan: "true", stray: true } },
		);
		expect(api!.getFlag("--plan")).toBe(true);
		expect(api!.getFlag("level")).toBe("low");
		expect(result.extensionsResult.unmatchedFlags).toEqual(["stray"]);
	});

	it("exec runs without a shell and never rejects on a non-zero exit; events is shared by all extensions", async () => {
		let first: ExtensionAPI | undefined;
		const received: unknown[] = [];
		const { session } = await createExtensionSession(tempDir(), [
			(pi) => {
				first = pi;
			},
			(pi) => {
				pi.events.on("ping", (data) => received.push(data));
			},
		]);
		await session.bindExtensions({});
		const result = await first!.exec(process.execPath, [
			"-e",
			"console.log('out'); console.error('err'); process.exit(3)",
		]);
		expect(result).toEqual({ stdout: "out\n", stderr: "err\n", code: 3, killed: false });
		first!.events.emit("ping", { n: 1 });
		expect(received).toEqual([{ n: 1 }]);
	});
});
