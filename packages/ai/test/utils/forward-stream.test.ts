import { describe, expect, it } from "vitest";
import { AssistantMessageEventStream } from "../../src/event-stream.js";
import { createModels } from "../../src/models-collection.js";
import { createProvider, keylessAuth } from "../../src/provider.js";
import type { AssistantMessage, Model } from "../../src/types.js";
import { forwardStream } from "../../src/utils/forward-stream.js";
import { assistant, testModel } from "../support/fixtures.js";
import { collect } from "../support/stream-invariants.js";

/** A collection whose one provider answers every request with `produce`. */
function modelsAnswering(produce: (model: Model) => AssistantMessageEventStream) {
	const model = testModel({ provider: "third-party", api: "third-party-api" });
	const models = createModels();
	models.setProvider(
		createProvider({
			id: "third-party",
			auth: { apiKey: keylessAuth() },
			models: [model],
			api: { stream: produce, streamSimple: produce },
		}),
	);
	return { models, model: models.getModel("third-party", model.id)! };
}

describe("forwardStream", () => {
	it("passes on a lone terminal error (a request that failed before the vendor accepted it, ai.md §3.2 rule 1)", async () => {
		const failed: AssistantMessage = assistant([], { stopReason: "error", errorMessage: "401 unauthorized" });
		const { models, model } = modelsAnswering(() => {
			const stream = new AssistantMessageEventStream();
			stream.push({ type: "error", reason: "error", error: failed });
			return stream;
		});
		const { events, result } = await collect(models.stream(model, { messages: [] }));
		expect(events.map((event) => event.type)).toEqual(["error"]);
		expect(result).toBe(failed);
	});

	it("forwards nothing a provider pushes after its terminal event (rule 2)", async () => {
		const done = assistant([{ type: "text", text: "hi" }]);
		const { models, model } = modelsAnswering(() => {
			const stream = new AssistantMessageEventStream();
			queueMicrotask(() => {
				stream.push({ type: "start", partial: { ...done, content: [], stopReason: "pending" } });
				stream.push({ type: "done", reason: "stop", message: done });
				stream.push({ type: "text_start", contentIndex: 0, partial: done });
				stream.push({ type: "error", reason: "error", error: done });
			});
			return stream;
		});
		const { events, result } = await collect(models.stream(model, { messages: [] }));
		expect(events.map((event) => event.type)).toEqual(["start", "done"]);
		expect(result).toBe(done);
	});

	it("ends the target with an error when the source ends without a terminal event", async () => {
		const source = new AssistantMessageEventStream();
		const target = new AssistantMessageEventStream();
		forwardStream(source, target, testModel({ provider: "broken" }));
		source.push({ type: "start", partial: assistant([], { stopReason: "pending" }) });
		source.end();
		const { events, result } = await collect(target);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(result.errorMessage).toBe('Provider stream for "broken" ended without a terminal event');
	});
});
