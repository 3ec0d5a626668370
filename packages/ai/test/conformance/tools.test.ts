import { describe, expect, it } from "vitest";
import type { Context, ToolCall } from "../../src/types.js";
import { APIS_UNDER_TEST } from "./apis/index.js";
import { checkInvariants } from "./support/check-invariants.js";
import { API_KEY, askContext, GIF_1X1, PNG_1X1 } from "./support/fixtures.js";
import { useMockLlm } from "./support/mock-server.js";
import { collapseDeltas, runStream } from "./support/run-stream.js";

const WRITE_ARGS = { path: "docs/日本語.md", content: "héllo wörld 🎉 — ✓" };

describe.each(APIS_UNDER_TEST)("conformance: tools and images — $api", (api) => {
	const mock = useMockLlm();

	it("streams a tool call whose arguments are split inside UTF-8 sequences", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", name: "write", arguments: WRITE_ARGS, deltas: 5 }],
			splitEveryBytes: 3,
		});
		const run = await runStream(
			api.streamSimple(api.makeModel(mock().url), askContext("Write it"), { apiKey: API_KEY }),
		);

		expect(run.thrown).toBeUndefined();
		const types = run.events.map((event) => event.type);
		expect(collapseDeltas(types)).toEqual(["start", "toolcall_start", "toolcall_delta+", "toolcall_end", "done"]);
		const deltaCount = types.filter((type) => type === "toolcall_delta").length;
		if (api.capabilities.streamsToolArguments) expect(deltaCount).toBeGreaterThan(1);
		else expect(deltaCount).toBe(1);
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.stopReason).toBe("toolUse");
		const call = run.result.content[0] as ToolCall;
		expect(call).toMatchObject({ type: "toolCall", name: "write", arguments: WRITE_ARGS });
		expect(call.id).toBeTruthy();
		const end = run.events.find((event) => event.type === "toolcall_end");
		expect(end?.type === "toolcall_end" ? end.toolCall : undefined).toMatchObject({
			id: call.id,
			arguments: WRITE_ARGS,
		});
	});

	it("streams parallel tool calls as separate blocks with distinct ids", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [
				{ type: "text", text: "Reading both." },
				{ type: "toolCall", name: "read", arguments: { path: "a.txt" } },
				{ type: "toolCall", name: "read", arguments: { path: "b.txt" } },
			],
		});
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("Read"), { apiKey: API_KEY }));

		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.stopReason).toBe("toolUse");
		expect(run.result.content).toMatchObject([
			{ type: "text", text: "Reading both." },
			{ type: "toolCall", name: "read", arguments: { path: "a.txt" } },
			{ type: "toolCall", name: "read", arguments: { path: "b.txt" } },
		]);
		const ids = run.result.content.flatMap((block) => (block.type === "toolCall" ? [block.id] : []));
		expect(new Set(ids).size).toBe(2);
		expect(run.events.filter((event) => event.type === "toolcall_end").map((event) => event.contentIndex)).toEqual([
			1, 2,
		]);
	});

	it('ends with stopReason "toolUse" whenever the content has a tool call, whatever the vendor reported', async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", name: "read", arguments: { path: "a.txt" } }],
			stopReason: "stop",
		});
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("Read"), { apiKey: API_KEY }));

		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.stopReason).toBe("toolUse");
		expect(run.events.at(-1)).toMatchObject({ type: "done", reason: "toolUse" });
	});

	it("sends the tool calls and their results (text, error) back on the next turn", async () => {
		mock().enqueue(
			{
				type: "reply",
				blocks: [
					{ type: "toolCall", name: "read", arguments: { path: "a.txt" } },
					{ type: "toolCall", name: "read", arguments: { path: "missing.txt" } },
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "a.txt says hello." }] },
		);
		const model = api.makeModel(mock().url);
		const context = askContext("Read both files");
		const first = await runStream(api.streamSimple(model, context, { apiKey: API_KEY }));
		const [callA, callB] = first.result.content.filter((block): block is ToolCall => block.type === "toolCall");
		context.messages.push(
			first.result,
			{
				role: "toolResult",
				toolCallId: callA!.id,
				toolName: "read",
				content: [{ type: "text", text: "hello" }],
				isError: false,
				timestamp: 3,
			},
			{
				role: "toolResult",
				toolCallId: callB!.id,
				toolName: "read",
				content: [{ type: "text", text: "ENOENT: no such file" }],
				isError: true,
				timestamp: 4,
			},
		);
		const second = await runStream(api.streamSimple(model, context, { apiKey: API_KEY }));

		expect(second.result.stopReason).toBe("stop");
		const body = mock().requests[1]!.body;
		expect(api.toolCallsOf(body)).toMatchObject([
			{ name: "read", arguments: { path: "a.txt" } },
			{ name: "read", arguments: { path: "missing.txt" } },
		]);
		const results = api.toolResultsOf(body);
		expect(results.map((result) => result.text)).toEqual(["hello", "ENOENT: no such file"]);
		expect(results[1]?.isError ?? true).toBe(true);
		if (api.capabilities.sendsToolCallIds) {
			const callIds = api.toolCallsOf(body).map((call) => call.id);
			expect(callIds).toEqual([callA!.id, callB!.id].map((id) => expect.stringContaining(id.split("|")[0]!)));
			expect(results.map((result) => result.toolCallId)).toEqual(callIds);
		}
	});

	it("sends images from user content and from tool results", async () => {
		mock().enqueue({ type: "reply", blocks: [{ type: "text", text: "A dot." }] });
		const model = api.makeModel(mock().url);
		const context: Context = {
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "What is in this image?" },
						{ type: "image", data: PNG_1X1, mimeType: "image/png" },
					],
					timestamp: 1,
				},
				{
					role: "assistant",
					content: [{ type: "toolCall", id: "call_screenshot_1", name: "read", arguments: { path: "shot.gif" } }],
					api: model.api,
					provider: model.provider,
					model: model.id,
					usage: {
						input: 0,
						output: 0,
						cacheRead: 0,
						cacheWrite: 0,
						totalTokens: 0,
						cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
					},
					stopReason: "toolUse",
					timestamp: 2,
				},
				{
					role: "toolResult",
					toolCallId: "call_screenshot_1",
					toolName: "read",
					content: [
						{ type: "text", text: "Read image file" },
						{ type: "image", data: GIF_1X1, mimeType: "image/gif" },
					],
					isError: false,
					timestamp: 3,
				},
			],
		};
		const run = await runStream(api.streamSimple(model, context, { apiKey: API_KEY }));

		expect(run.result.stopReason).toBe("stop");
		const body = mock().requests[0]!.body;
		const images = api.imagesOf(body).map((image) => image.data);
		expect(images).toEqual([PNG_1X1, GIF_1X1]);
		expect(api.userTextsOf(body)[0]).toBe("What is in this image?");
		expect(api.toolResultsOf(body).map((result) => result.text)).toEqual(["Read image file"]);
	});

	it("replaces images with a placeholder for models without image input", async () => {
		mock().enqueue({ type: "reply", blocks: [{ type: "text", text: "Cannot see." }] });
		const model = api.makeModel(mock().url, { input: ["text"] });
		const context: Context = {
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "Look:" },
						{ type: "image", data: PNG_1X1, mimeType: "image/png" },
					],
					timestamp: 1,
				},
			],
		};
		const run = await runStream(api.streamSimple(model, context, { apiKey: API_KEY }));
		expect(run.result.stopReason).toBe("stop");
		const body = mock().requests[0]!.body;
		expect(api.imagesOf(body)).toEqual([]);
		expect(api.userTextsOf(body)[0]).toContain("image omitted");
	});
});
