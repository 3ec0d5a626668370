import type { Model, ModelCost, ModelCostTier, Usage } from "../types.js";

/** The prices for a request with `inputTokens` in all: the highest tier it exceeds, else the base prices. */
function priceFor(cost: ModelCost, inputTokens: number): Omit<ModelCostTier, "inputTokensAbove"> {
	let chosen: ModelCostTier | undefined;
	for (const tier of cost.tiers ?? []) {
		if (
			inputTokens > tier.inputTokensAbove &&
			(chosen === undefined || tier.inputTokensAbove > chosen.inputTokensAbove)
		)
			chosen = tier;
	}
	return chosen ?? cost;
}

/**
 * Fills `usage.cost` from the model's prices (USD per million tokens) and returns it.
 * `cost.total` is the sum of the four categories.
 */
export function calculateCost(model: Pick<Model, "cost">, usage: Usage): Usage["cost"] {
	const perToken = 1 / 1_000_000;
	const prices = priceFor(model.cost, usage.input + usage.cacheRead + usage.cacheWrite);
	usage.cost.input = usage.input * prices.input * perToken;
	usage.cost.output = usage.output * prices.output * perToken;
	usage.cost.cacheRead = usage.cacheRead * prices.cacheRead * perToken;
	usage.cost.cacheWrite = usage.cacheWrite * prices.cacheWrite * perToken;
	usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
	return usage.cost;
}

/** A zeroed usage record. */
export function emptyUsage(): Usage {
	return {
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
}

/** Context size used by compaction: the vendor total, else the sum of the four counters. */
export function contextTokens(usage: Usage): number {
	return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}
