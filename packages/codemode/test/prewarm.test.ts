import type { AssistantMessage } from "@pi/ai";
import type { ExtensionAPI } from "@pi/coding-agent";
import { afterAll, describe, expect, it } from "vitest";
import { createCodemodeExtension } from "../src/codemode-extension.js";
import { runScript } from "../src/sandbox/run-script.js";
import { WorkerPool } from "../src/sandbox/worker-pool.js";

describe("starting the sandbox ahead of a script", () => {
	const pool = new WorkerPool(() => 1);
	afterAll(() => pool.close());

	it("a prewarmed worker is the one the script gets; at the limit, prewarm does nothing", async () => {
		pool.prewarm(64 * 1024 * 1024);
		pool.prewarm(64 * 1024 * 1024);
		const host = { call: async () => undefined };
		const outcome = await runScript(pool, host, {
			code: "return 'warm';",
			tools: [],
			allTools: [],
			store: {},
			memoryLimitBytes: 64 * 1024 * 1024,
		});
		expect(outcome).toMatchObject({ ok: true, output: [{ kind: "text", text: "warm" }] });
	});

	it("the extension prewarms when a codemode call starts streaming, not for other tools", async () => {
		const warmed: number[] = [];
		let onWarm: () => void = () => {};
		const firstWarm = new Promise<void>((resolve) => {
			onWarm = resolve;
		});
		const fakePool = {
			prewarm: (limit: number) => {
				warmed.push(limit);
				onWarm();
			},
		} as unknown as WorkerPool;
		const handlers: ((event: unknown) => void)[] = [];
		const pi = {
			registerTool: () => {},
			appendEntry: () => {},
			on: (name: string, handler: (event: unknown) => void) => {
				if (name === "message_update") handlers.push(handler);
			},
		} as unknown as ExtensionAPI;
		createCodemodeExtension({ pool: fakePool })(pi);
		const start = (name: string) => ({
			type: "message_update",
			assistantMessageEvent: {
				type: "toolcall_start",
				contentIndex: 0,
				partial: { content: [{ type: "toolCall", id: "c1", name, arguments: {} }] } as unknown as AssistantMessage,
			},
		});
		for (const handler of handlers) handler(start("bash"));
		for (const handler of handlers) handler(start("codemode"));
		// The bash call returned before importing anything, so the one prewarm is codemode's.
		await firstWarm;
		expect(warmed).toEqual([256 * 1024 * 1024]);
	});
});
