import { describe, expect, it } from "vitest";
import { buildCodexParams } from "../../src/providers/openai-codex-request.js";
import { buildResponsesParams } from "../../src/providers/openai-responses-params.js";
import type { Context, Tool } from "../../src/types.js";
import { testModel, user } from "../support/fixtures.js";

const tool = { name: "read", description: "Read", parameters: { type: "object", properties: {} } } as unknown as Tool;
const context: Context = { messages: [user("hi")], tools: [tool] };

describe("buildResponsesParams: strict on function tools (as pi 1.4)", () => {
	it("sends no strict unless the model's compat sets supportsStrictMode", () => {
		const model = testModel({ api: "openai-responses" });
		expect(buildResponsesParams(model, context, undefined).tools?.[0]).not.toHaveProperty("strict");
		expect(
			buildResponsesParams({ ...model, compat: { supportsStrictMode: true } }, context, undefined).tools?.[0],
		).toMatchObject({ strict: false });
	});

	it("Azure and Codex default to sending it; compat false still turns it off", () => {
		const model = testModel({ api: "openai-responses" });
		expect(buildResponsesParams(model, context, undefined, true).tools?.[0]).toMatchObject({ strict: false });
		expect(
			buildResponsesParams({ ...model, compat: { supportsStrictMode: false } }, context, undefined, true).tools?.[0],
		).not.toHaveProperty("strict");
	});
});

describe("buildCodexParams: strict on function tools (as pi 1.4)", () => {
	it("sends strict: null, the server's default mode; compat false leaves it out", () => {
		const model = testModel({ api: "openai-codex-responses" });
		const sent = buildCodexParams(model, context, {}).tools?.[0];
		expect(sent).toHaveProperty("strict", null);
		expect(sent?.parameters).toEqual(tool.parameters);
		expect(
			buildCodexParams({ ...model, compat: { supportsStrictMode: false } }, context, {}).tools?.[0],
		).not.toHaveProperty("strict");
	});
});
