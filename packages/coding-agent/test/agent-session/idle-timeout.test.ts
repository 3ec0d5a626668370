import { type AssistantMessage, AssistantMessageEventStream, emptyUsage, type Model } from "@pi/ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MESSAGE, withIdleTimeout } from "../../src/core/agent-session/idle-timeout.js";
import { isTransientError } from "../../src/core/agent-session/transient-errors.js";
import { withoutImages } from "../../src/core/messages.js";

const model = { id: "m", provider: "p", api: "faux" } as Model;

function partial(): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: "faux",
		provider: "p",
		model: "m",
		usage: emptyUsage(),
		stopReason: "pending",
		timestamp: 0,
	};
}

/** A provider that sends `start` and then nothing until its signal aborts. */
function stallingStream(_model: Model, _context: unknown, options?: { signal?: AbortSignal }) {
	const stream = new AssistantMessageEventStream();
	stream.push({ type: "start", partial: partial() });
	options?.signal?.addEventListener("abort", () => {
		stream.push({
			type: "error",
			reason: "aborted",
			error: { ...partial(), stopReason: "aborted", errorMessage: "Request was aborted" },
		});
	});
	return stream;
}

afterEach(() => {
	vi.useRealTimers();
});

describe("withIdleTimeout", () => {
	it("turns a silent provider into a transient 'terminated: idle timeout' error", async () => {
		vi.useFakeTimers();
		const stream = await withIdleTimeout(stallingStream, 1_000)(model, { messages: [] }, {});
		await vi.advanceTimersByTimeAsync(999);
		await vi.advanceTimersByTimeAsync(2);
		const result = await stream.result();
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toBe(IDLE_TIMEOUT_MESSAGE);
		expect(isTransientError(result)).toBe(true);
	});

	it("keeps a user abort an abort", async () => {
		vi.useFakeTimers();
		const controller = new AbortController();
		const stream = await withIdleTimeout(stallingStream, 1_000)(model, { messages: [] }, { signal: controller.signal });
		controller.abort();
		const result = await stream.result();
		expect(result.stopReason).toBe("aborted");
	});

	it("is a no-op when disabled", () => {
		const fn = () => new AssistantMessageEventStream();
		expect(withIdleTimeout(fn, 0)).toBe(fn);
	});
});

describe("withoutImages (images.blockImages)", () => {
	it("drops image blocks from user and tool-result messages", () => {
		const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
		const out = withoutImages([
			{ role: "user", content: [{ type: "text", text: "look" }, image], timestamp: 0 },
			{ role: "toolResult", toolCallId: "1", toolName: "read", content: [image], isError: false, timestamp: 0 },
		]);
		expect(out[0]!.content).toEqual([{ type: "text", text: "look" }]);
		expect(out[1]!.content).toEqual([{ type: "text", text: "(image omitted)" }]);
	});
});
