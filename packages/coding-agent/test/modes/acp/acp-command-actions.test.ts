import { describe, expect, it } from "vitest";
import { reloadProbe } from "../../support/reload-probe.js";
import { useAcpPair } from "./acp-harness.js";

const { start } = useAcpPair();

describe("ACP command context actions (extensions.md §1.5, §4)", () => {
	it("ctx.reload() from a command reloads the extensions: shutdown, then a fresh instance starts", async () => {
		const probe = reloadProbe();
		const { pair, sessionId } = await start({
			extensionFactories: [probe.factory],
		});
		const response = await pair.connection.agent.request("session/prompt", {
			sessionId,
			prompt: [{ type: "text", text: "/reload-me" }],
		});
		expect(response.stopReason).toBe("end_turn");
		await probe.reloaded;
		expect(probe.log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});
});
