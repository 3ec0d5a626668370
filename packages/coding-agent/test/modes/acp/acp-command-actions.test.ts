import { describe, expect, it } from "vitest";
import { useAcpPair } from "./acp-harness.js";

const { start } = useAcpPair();

describe("ACP command context actions (extensions.md §1.5, §4)", () => {
	it("ctx.reload() from a command reloads the extensions: shutdown, then a fresh instance starts", async () => {
		const log: string[] = [];
		let instances = 0;
		let reloaded: () => void = () => undefined;
		const reloadDone = new Promise<void>((resolve) => {
			reloaded = resolve;
		});
		const { pair, sessionId } = await start({
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
		const response = await pair.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "/reload-me" }],
		});
		expect(response.stopReason).toBe("end_turn");
		await reloadDone;
		expect(log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});
});
