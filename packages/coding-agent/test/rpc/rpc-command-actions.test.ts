import { describe, expect, it } from "vitest";
import { reloadProbe } from "../support/reload-probe.js";
import { useTempDirs } from "../support/temp-dir.js";
import { useRpcHarness } from "./rpc-test-runtime.js";

const createHarness = useRpcHarness(useTempDirs());

describe("RPC command context actions (extensions.md §1.5, §4)", () => {
	it("ctx.reload() from a command reloads the extensions: shutdown, then a fresh instance starts", async () => {
		const probe = reloadProbe();
		const harness = await createHarness({
			extensionFactories: [probe.factory],
		});
		await harness.send({ id: "r", type: "prompt", message: "/reload-me" });
		expect(harness.response("r")).toMatchObject({ success: true });
		await probe.reloaded;
		expect(probe.log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});
});
