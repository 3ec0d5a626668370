import { describe, expect, it } from "vitest";
import { createBatchedOutput } from "../../src/modes/rpc/batched-output.js";

describe("createBatchedOutput", () => {
	it("writes the records of one event-loop turn as one chunk, in order, and flushes on demand", async () => {
		const writes: string[] = [];
		const output = createBatchedOutput((text) => writes.push(text));
		output.write({ type: "a" });
		output.write({ type: "b", text: "x\u2028y" });
		expect(writes).toEqual([]);
		await new Promise((resolve) => setImmediate(resolve));
		expect(writes).toEqual(['{"type":"a"}\n{"type":"b","text":"x\u2028y"}\n']);
		output.write({ type: "c" });
		output.flush();
		expect(writes).toHaveLength(2);
		expect(writes[1]).toBe('{"type":"c"}\n');
		await new Promise((resolve) => setImmediate(resolve));
		expect(writes).toHaveLength(2);
	});
});
