import { describe, expect, it } from "vitest";
import { useTempDirs } from "../support/temp-dir.js";
import { useRpcHarness } from "./rpc-test-runtime.js";

const createHarness = useRpcHarness(useTempDirs());

describe("RPC input source (extensions.md, input event)", () => {
	it("steer and follow_up reach extensions' input handlers with source rpc", async () => {
		const seen: { text: string; source: string; streamingBehavior?: string }[] = [];
		const harness = await createHarness({
			extensionFactories: [
				(pi) => {
					pi.on("input", (event) => {
						seen.push({
							text: event.text,
							source: event.source,
							...(event.streamingBehavior ? { streamingBehavior: event.streamingBehavior } : {}),
						});
						return { action: "handled" };
					});
				},
			],
		});
		await harness.send({ id: "s", type: "steer", message: "steered" });
		await harness.send({ id: "f", type: "follow_up", message: "followed" });
		expect(harness.response("s")).toMatchObject({ success: true, data: { disposition: "handled" } });
		expect(harness.response("f")).toMatchObject({ success: true, data: { disposition: "handled" } });
		expect(seen).toEqual([
			{ text: "steered", source: "rpc", streamingBehavior: "steer" },
			{ text: "followed", source: "rpc", streamingBehavior: "followUp" },
		]);
	});
});
