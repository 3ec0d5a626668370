import type { ExtensionContext } from "@pi/coding-agent";
import { describe, expect, it } from "vitest";
import { CODEMODE_INTRO } from "../src/description.js";
import { answerModelsCall } from "../src/script-models.js";

const chat = {
	provider: "mock",
	id: "mock-model",
	name: "Mock",
	api: "openai-completions",
	input: ["text"],
	contextWindow: 1000,
};
const ctx = {
	modelRegistry: { getAll: () => [chat, { ...chat, provider: "other", id: "x" }], getAvailable: async () => [chat] },
} as unknown as ExtensionContext;

describe("models.* in scripts", () => {
	it("lists chat models from the catalogue and honestly no classifier or image models", async () => {
		expect(await answerModelsCall(ctx, "getModelsOfType", ["classifier"])).toEqual([]);
		expect(await answerModelsCall(ctx, "getAvailableOfType", ["image"])).toEqual([]);
		expect(await answerModelsCall(ctx, "getModelOfType", ["classifier", "typesafe", "jev-latest"])).toBeUndefined();
		expect(await answerModelsCall(ctx, "getModelsOfType", ["chat", "mock"])).toEqual([{ type: "chat", ...chat }]);
		expect(await answerModelsCall(ctx, "getAvailableOfType", ["chat"])).toHaveLength(1);
		await expect(answerModelsCall(ctx, "getModelsOfType", ["llm"])).rejects.toThrow("Unknown model type");
	});

	it("running a classifier or image model is an error result, not a throw", async () => {
		const result = (await answerModelsCall(ctx, "classify", [{ provider: "typesafe", id: "jev-latest" }, {}])) as {
			stopReason: string;
			errorMessage: string;
		};
		expect(result).toMatchObject({ provider: "typesafe", model: "jev-latest", answers: {}, stopReason: "error" });
		expect(result.errorMessage).toContain("offer no classifier models");
		expect(await answerModelsCall(ctx, "generateImages", [{ provider: "p", id: "i" }, { input: [] }])).toMatchObject({
			output: [],
			stopReason: "error",
		});
	});

	it("the codemode description says so", () => {
		expect(CODEMODE_INTRO).toContain("no classifier or image models yet: those lists are empty");
	});
});
