import { describe, expect, it } from "vitest";
import { stream, streamSimple } from "../../src/providers/openai-responses.js";
import type { Model, ThinkingLevel } from "../../src/types.js";
import { collect, mockModel, useMockLlm } from "./openai-test-support.js";

const server = useMockLlm();
const context = { messages: [{ role: "user" as const, content: "hi", timestamp: 1 }] };

async function sentBody(run: (model: Model) => ReturnType<typeof streamSimple>, overrides: Partial<Model> = {}) {
	server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
	const { result } = await collect(run(mockModel("openai-responses", server.mock.url, overrides)));
	expect(result.stopReason).toBe("stop");
	const body = server.mock.requests.at(-1)?.body as Record<string, unknown>;
	return { reasoning: body.reasoning, include: body.include };
}

describe("openai-responses streamSimple reasoning mapping (ai.md §7.2)", () => {
	const table: [ThinkingLevel | "off", string | undefined][] = [
		["off", "none"],
		["minimal", "minimal"],
		["low", "low"],
		["medium", "medium"],
		["high", "high"],
		["xhigh", "high"],
		["max", "high"],
	];
	it.each(table)("%s → effort %s on a model without xhigh", async (level, effort) => {
		const options = level === "off" ? { apiKey: "k" } : { apiKey: "k", reasoning: level };
		const sent = await sentBody((model) => streamSimple(model, context, options));
		// Off still names an effort ("none", as pi 1.4), but without a summary or encrypted reasoning.
		if (level === "off") expect(sent).toEqual({ reasoning: { effort }, include: undefined });
		else expect(sent).toEqual({ reasoning: { effort, summary: "auto" }, include: ["reasoning.encrypted_content"] });
	});

	it("sends xhigh as-is for models that support it (GPT-5.2+ or an opt-in map)", async () => {
		expect(
			(await sentBody((model) => streamSimple(model, context, { apiKey: "k", reasoning: "xhigh" }), { id: "gpt-5.2" }))
				.reasoning,
		).toEqual({
			effort: "xhigh",
			summary: "auto",
		});
		expect(
			(
				await sentBody((model) => streamSimple(model, context, { apiKey: "k", reasoning: "xhigh" }), {
					thinkingLevelMap: { xhigh: "xhigh" },
				})
			).reasoning,
		).toEqual({ effort: "xhigh", summary: "auto" });
	});

	it('thinking off: thinkingLevelMap.off replaces "none", null sends nothing, Copilot sends nothing', async () => {
		const off = (overrides: Partial<Model>) =>
			sentBody((model) => streamSimple(model, context, { apiKey: "k" }), overrides);
		expect(await off({ thinkingLevelMap: { off: "minimal" } })).toEqual({
			reasoning: { effort: "minimal" },
			include: undefined,
		});
		expect(await off({ thinkingLevelMap: { off: null } })).toEqual({ reasoning: undefined, include: undefined });
		expect(await off({ provider: "github-copilot" })).toEqual({ reasoning: undefined, include: undefined });
		expect(await off({ reasoning: false })).toEqual({ reasoning: undefined, include: undefined });
	});

	it("sends nothing for non-reasoning models", async () => {
		expect(
			await sentBody((model) => streamSimple(model, context, { apiKey: "k", reasoning: "high" }), { reasoning: false }),
		).toEqual({
			reasoning: undefined,
			include: undefined,
		});
	});

	it("stream honours reasoningSummary and thinkingLevelMap strings", async () => {
		expect(
			(
				await sentBody((model) =>
					stream(model, context, { apiKey: "k", reasoningEffort: "low", reasoningSummary: "detailed" }),
				)
			).reasoning,
		).toEqual({ effort: "low", summary: "detailed" });
		expect(
			(
				await sentBody((model) => stream(model, context, { apiKey: "k", reasoningEffort: "minimal" }), {
					thinkingLevelMap: { minimal: "none" },
				})
			).reasoning,
		).toEqual({ effort: "none", summary: "auto" });
	});
});
