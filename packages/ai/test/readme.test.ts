import { describe, expect, it } from "vitest";
import {
	type AssistantMessageEvent,
	createModels,
	createProvider,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	fauxThinking,
	fauxToolCall,
	keylessAuth,
	StringEnum,
	type Tool,
	Type,
	validateToolCall,
} from "../src/index.js";

// Mirrors the README examples, so the documented API keeps compiling and behaving as written.
describe("README examples", () => {
	it("faux provider script", async () => {
		const faux = fauxProvider();
		const models = createModels();
		models.setProvider(faux.provider);
		faux.setResponses([
			fauxAssistantMessage([fauxThinking("check the file"), fauxToolCall("read_file", { path: "a.ts" })]),
			(context) => fauxAssistantMessage(`I saw ${context.messages.length} messages`),
			fauxAssistantMessage("", {
				stopReason: "error",
				errorMessage: "prompt is too long: 300000 tokens > 200000 maximum",
			}),
			fauxAssistantMessage(fauxText("x".repeat(500), { chunks: 50 })),
		]);
		const first = await models.complete(faux.getModel(), { messages: [] });
		expect(first.stopReason).toBe("toolUse");
		expect(first.content[1]).toMatchObject({ type: "toolCall", id: "faux_call_1" });
		expect((await models.complete(faux.getModel(), { messages: [first] })).content[0]).toEqual({
			type: "text",
			text: "I saw 1 messages",
		});
		expect((await models.complete(faux.getModel(), { messages: [] })).stopReason).toBe("error");
		const events: AssistantMessageEvent["type"][] = [];
		for await (const event of models.stream(faux.getModel(), { messages: [] })) events.push(event.type);
		expect(events.filter((type) => type === "text_delta")).toHaveLength(50);
		expect(faux.state.callCount).toBe(4);
	});

	it("tool validation", () => {
		const readFile: Tool = {
			name: "read_file",
			description: "Read a UTF-8 file",
			parameters: Type.Object({ path: Type.String(), encoding: Type.Optional(StringEnum(["utf8", "base64"])) }),
		};
		const args = validateToolCall([readFile], {
			type: "toolCall",
			id: "1",
			name: "read_file",
			arguments: { path: "a", encoding: "utf8" },
		});
		expect(args).toEqual({ path: "a", encoding: "utf8" });
	});

	it("a keyless custom provider", async () => {
		const models = createModels();
		models.setProvider(
			createProvider({
				id: "ollama",
				baseUrl: "http://localhost:11434/v1",
				auth: { apiKey: keylessAuth("Ollama", "ollama") },
				models: [
					{
						id: "qwen3:8b",
						name: "Qwen3 8B",
						api: "openai-completions",
						reasoning: true,
						input: ["text"],
						cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
						contextWindow: 32768,
						maxTokens: 8192,
						compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
					},
				],
			}),
		);
		expect(await models.getAuth("ollama")).toEqual({ auth: { apiKey: "ollama" }, source: "keyless" });
		expect(models.getModel("ollama", "qwen3:8b")?.baseUrl).toBe("http://localhost:11434/v1");
	});
});
