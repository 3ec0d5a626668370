import { type MockLlm, startMockLlm } from "@pi/llm-mock";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * Starts one `@pi/llm-mock` server for the enclosing `describe` and returns a getter for it. After
 * each test the queue and recorded requests are reset; after all tests the server closes.
 */
export function useMockLlm(): () => MockLlm {
	let mock: MockLlm | undefined;
	beforeAll(async () => {
		mock = await startMockLlm();
	});
	afterEach(() => {
		mock?.reset();
	});
	afterAll(async () => {
		await mock?.close();
	});
	return () => {
		if (!mock) throw new Error("mock LLM server not started (useMockLlm must run inside describe)");
		return mock;
	};
}
