import { join } from "node:path";
import { fauxAssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { AgentSessionRuntime } from "../../src/core/agent-session/agent-session-runtime.js";
import type { ExtensionCommandContext, ExtensionContext } from "../../src/core/extensions/extension-api.js";
import { StaleExtensionContextError } from "../../src/core/extensions/extension-runner.js";
import { createRuntimeCommandActions } from "../../src/core/extensions/runtime-command-actions.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionRuntime } from "./extension-test-support.js";

const tempDir = useTempDirs();

/** Binds like a headless mode: no UI, runtime command actions, rebinding after replacements. */
async function bindHeadless(runtime: AgentSessionRuntime): Promise<void> {
	const bind = () =>
		runtime.session.bindExtensions({ mode: "print", commandContextActions: createRuntimeCommandActions(runtime) });
	runtime.setRebindSession(bind);
	await bind();
}

describe("extension lifecycle", () => {
	it("session_start once per session across new, switch and fork; shutdown reasons in between", async () => {
		const agentDir = tempDir();
		const log: string[] = [];
		const targets: (string | undefined)[] = [];
		const { runtime, faux } = await createExtensionRuntime(
			agentDir,
			[
				(pi) => {
					pi.on("session_start", (event) => void log.push(`start:${event.reason}`));
					pi.on("session_shutdown", (event) => {
						log.push(`shutdown:${event.reason}`);
						if (event.reason === "resume") targets.push(event.targetSessionFile);
					});
					pi.on("session_before_switch", (event) => void log.push(`before_switch:${event.reason}`));
					pi.on("session_before_fork", (event) => void log.push(`before_fork:${event.position}`));
				},
			],
			{ sessionDir: join(agentDir, "sessions") },
		);
		await bindHeadless(runtime);
		faux.setResponses([fauxAssistantMessage("one")]);
		await runtime.session.prompt("first");
		const firstFile = runtime.session.sessionFile!;
		await runtime.newSession();
		await runtime.switchSession(firstFile);
		const leaf = runtime.session.sessionManager.getLeafId()!;
		await runtime.fork(leaf, { position: "at" });
		await runtime.dispose();
		expect(log).toEqual([
			"start:startup",
			"before_switch:new",
			"shutdown:new",
			"start:new",
			"before_switch:resume",
			"shutdown:resume",
			"start:resume",
			"before_fork:at",
			"shutdown:fork",
			"start:fork",
			"shutdown:quit",
		]);
		expect(targets).toEqual([firstFile]);
	});

	it("session_before_switch can veto a replacement", async () => {
		const { runtime } = await createExtensionRuntime(tempDir(), [
			(pi) => pi.on("session_before_switch", () => ({ cancel: true })),
		]);
		await bindHeadless(runtime);
		const before = runtime.session;
		expect(await runtime.newSession()).toEqual({ cancelled: true });
		expect(runtime.session).toBe(before);
	});

	it("ctx.newSession() from a command replaces the session with no UI bound; the old ctx is stale", async () => {
		const agentDir = tempDir();
		let held: ExtensionCommandContext | undefined;
		let startCtx: ExtensionContext | undefined;
		const starts: string[] = [];
		const { runtime } = await createExtensionRuntime(agentDir, [
			(pi) => {
				pi.on("session_start", (event, ctx) => {
					starts.push(`${event.reason}:${ctx.hasUI}`);
					startCtx = ctx;
				});
				pi.registerCommand("fresh", {
					handler: async (_args, ctx) => {
						held = ctx;
						const result = await ctx.newSession();
						expect(result).toEqual({ cancelled: false });
					},
				});
			},
		]);
		await bindHeadless(runtime);
		const first = runtime.session;
		await first.prompt("/fresh");
		expect(runtime.session).not.toBe(first);
		expect(starts).toEqual(["startup:false", "new:false"]);
		expect(() => held!.sessionManager).toThrow(StaleExtensionContextError);
		expect(() => held!.ui).toThrow(/Stale extension context/);
		await expect(held!.newSession()).rejects.toThrow(StaleExtensionContextError);
		expect(startCtx!.sessionManager).toBe(runtime.session.sessionManager);
	});

	it("without bound command actions, ctx.newSession() says how to bind them", async () => {
		const { runtime } = await createExtensionRuntime(tempDir(), [
			(pi) =>
				pi.registerCommand("fresh", {
					handler: async (_args, ctx) => {
						await ctx.newSession();
					},
				}),
		]);
		const errors: string[] = [];
		await runtime.session.bindExtensions({ onError: (error) => errors.push(error.error) });
		await runtime.session.prompt("/fresh");
		expect(errors[0]).toMatch(/commandContextActions/);
	});

	it("ctx.reload() from a command reloads with fresh extension instances: shutdown then start with reason reload", async () => {
		const log: string[] = [];
		let instances = 0;
		const { runtime } = await createExtensionRuntime(tempDir(), [
			(pi) => {
				const instance = ++instances;
				pi.on("session_start", (event) => void log.push(`start:${event.reason}:${instance}`));
				pi.on("session_shutdown", (event) => void log.push(`shutdown:${event.reason}:${instance}`));
				pi.on("resources_discover", (event) => void log.push(`discover:${event.reason}:${instance}`));
				pi.registerCommand("reload-me", { handler: (_args, ctx) => ctx.reload() });
			},
		]);
		await bindHeadless(runtime);
		const before = runtime.session;
		await before.prompt("/reload-me");
		expect(runtime.session).not.toBe(before);
		expect(log).toEqual([
			"start:startup:1",
			"discover:startup:1",
			"shutdown:reload:1",
			"start:reload:2",
			"discover:reload:2",
		]);
	});
});
