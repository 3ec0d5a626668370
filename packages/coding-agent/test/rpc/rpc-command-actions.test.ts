import { describe, expect, it } from "vitest";
import { useTempDirs } from "../support/temp-dir.js";
import { useRpcHarness } from "./rpc-test-runtime.js";

const createHarness = useRpcHarness(useTempDirs());

describe("RPC command context actions (extensions.md §1.5, §4)", () => {
	it("ctx.reload() from a command reloads the extensions: shutdown, then a fresh instance starts", async () => {
		const log: string[] = [];
		let instances = 0;
		let reloaded: () => void = () => undefined;
		const reloadDone = new Promise<void>((resolve) => {
			reloaded = resolve;
		});
		const harness = await createHarness({
			extensionFactories: [
				(pi) => {
					const instance = ++instances;
					pi.on("session_start", (event) => void log.push(`start:${event.reason}:${instance}`));
					pi.on("session_shutdown", (event) => void log.push(`shutdown:${event.reason}:${instance}`));
					pi.registerCommand("reload-me", {
						handler: async (_args, ctx) => {
							await ctx.reload();
							reloaded();
						},
					});
				},
			],
		});
		await harness.send({ id: "r", type: "prompt", message: "/reload-me" });
		expect(harness.response("r")).toMatchObject({ success: true });
		await reloadDone;
		expect(log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});
});
