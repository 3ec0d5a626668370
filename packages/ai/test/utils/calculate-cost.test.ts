import { describe, expect, it } from "vitest";
import { calculateCost, contextTokens, emptyUsage } from "../../src/utils/calculate-cost.js";

describe("calculateCost", () => {
	it("prices each category per million tokens and sums the total", () => {
		const usage = { ...emptyUsage(), input: 1_000_000, output: 500_000, cacheRead: 2_000_000, cacheWrite: 100_000 };
		const cost = calculateCost({ cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } }, usage);
		expect(cost.input).toBeCloseTo(3);
		expect(cost.output).toBeCloseTo(7.5);
		expect(cost.cacheRead).toBeCloseTo(0.6);
		expect(cost.cacheWrite).toBeCloseTo(0.375);
		expect(cost.total).toBeCloseTo(11.475);
		expect(usage.cost).toBe(cost);
	});

	it("is zero for free models", () => {
		const usage = { ...emptyUsage(), input: 10, output: 10 };
		expect(calculateCost({ cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }, usage).total).toBe(0);
	});
});

describe("contextTokens", () => {
	it("prefers the vendor total and falls back to the sum", () => {
		expect(contextTokens({ ...emptyUsage(), input: 1, output: 2, totalTokens: 50 })).toBe(50);
		expect(contextTokens({ ...emptyUsage(), input: 1, output: 2, cacheRead: 3, cacheWrite: 4 })).toBe(10);
	});
});

describe("calculateCost with price tiers", () => {
	const tiered = {
		cost: {
			input: 1,
			output: 2,
			cacheRead: 0.1,
			cacheWrite: 1,
			tiers: [
				{ inputTokensAbove: 200_000, input: 4, output: 8, cacheRead: 0.4, cacheWrite: 4 },
				{ inputTokensAbove: 100_000, input: 2, output: 4, cacheRead: 0.2, cacheWrite: 2 },
			],
		},
	};

	it("prices the whole request at the highest tier its input (with cache) exceeds", () => {
		const middle = calculateCost(tiered, { ...emptyUsage(), input: 50_000, cacheRead: 100_000, output: 1_000_000 });
		expect(middle.input).toBeCloseTo(0.1);
		expect(middle.cacheRead).toBeCloseTo(0.02);
		expect(middle.output).toBeCloseTo(4);
		const top = calculateCost(tiered, { ...emptyUsage(), input: 1_000_000, output: 0 });
		expect(top.input).toBeCloseTo(4);
	});

	it("uses the base prices at or below every threshold", () => {
		expect(calculateCost(tiered, { ...emptyUsage(), input: 100_000 }).input).toBeCloseTo(0.1);
	});
});
