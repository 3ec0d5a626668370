import { describe, expect, it } from "vitest";

describe("package", () => {
	it("builds", () => {
		expect(true).toBe(true);
	});
});
