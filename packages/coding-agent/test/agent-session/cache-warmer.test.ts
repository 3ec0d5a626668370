import type { AssistantMessage, Context, Model, SimpleStreamOptions, Usage } from "@pi/ai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
	CacheWarmer,
	type CacheWarmerHost,
	cacheWarmingDelayMs,
	formatCacheWarmingStatus,
	isReplayable,
	promptCacheTtlMs,
} from "../../src/core/agent-session/cache-warmer.js";
import type { CacheWarmingMode } from "../../src/core/config/settings-types.js";

/** $1000 per million written or uncached tokens, $1 per million read: a lost 1000-token cache costs ~$1. */
const model = {
	id: "lab-1",
	name: "Lab",
	api: "openai-completions",
	provider: "lab",
	baseUrl: "http://127.0.0.1:1",
	reasoning: false,
	input: ["text"],
	contextWindow: 100000,
	maxTokens: 4000,
	cost: { input: 1000, output: 1, cacheRead: 1, cacheWrite: 1000 },
	promptCache: { short: 20 },
} as Model;

const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };

const usage: Usage = {
	input: 0,
	output: 1,
	cacheRead: 1000,
	cacheWrite: 0,
	totalTokens: 1001,
	cost: { input: 0, output: 0.000001, cacheRead: 0.001, cacheWrite: 0, total: 0.001001 },
};

interface Harness {
	warmer: CacheWarmer;
	sent: SimpleStreamOptions[];
	recorded: { provider: string; model: string; note: string | undefined }[];
	setMode(mode: CacheWarmingMode): void;
	setPromptTokens(tokens: number): void;
}

function harness(initialMode: CacheWarmingMode): Harness {
	let mode = initialMode;
	let promptTokens = 1000;
	const sent: SimpleStreamOptions[] = [];
	const recorded: Harness["recorded"] = [];
	const host: CacheWarmerHost = {
		getMode: () => mode,
		send: async (_model, _context, options) => {
			sent.push(options);
			return {
				role: "assistant",
				content: [{ type: "text", text: "." }],
				api: model.api,
				provider: "lab",
				model: "lab-1",
				usage,
				stopReason: "length",
				timestamp: Date.now(),
			} as AssistantMessage;
		},
		lastPromptTokens: () => promptTokens,
		recordUsage: (provider, modelId, _usage, note) => recorded.push({ provider, model: modelId, note }),
	};
	return {
		warmer: new CacheWarmer(host),
		sent,
		recorded,
		setMode: (next) => {
			mode = next;
		},
		setPromptTokens: (tokens) => {
			promptTokens = tokens;
		},
	};
}

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe("cache warming timing and eligibility", () => {
	it("refreshes at 90% of the lifetime, at least 10 s before expiry, never for short lifetimes", () => {
		expect(cacheWarmingDelayMs(300_000)).toBe(270_000);
		expect(cacheWarmingDelayMs(20_000)).toBe(10_000);
		expect(cacheWarmingDelayMs(11_000)).toBe(1_000);
		expect(cacheWarmingDelayMs(10_000)).toBeUndefined();
	});

	it("takes the lifetime of the retention asked for; none without a declared lifetime", () => {
		expect(promptCacheTtlMs(model, undefined, {})).toBe(20_000);
		expect(promptCacheTtlMs(model, { cacheRetention: "long" }, {})).toBeUndefined();
		expect(promptCacheTtlMs({ ...model, promptCache: { long: 3600 } }, undefined, { PI_CACHE_RETENTION: "long" })).toBe(
			3_600_000,
		);
		expect(promptCacheTtlMs(model, { cacheRetention: "none" }, {})).toBeUndefined();
	});

	it("does not replay Anthropic budget thinking (the budget derives from max_tokens)", () => {
		const claude = { ...model, api: "anthropic-messages", id: "claude-sonnet-4-5" } as Model;
		expect(isReplayable(claude, { reasoning: "high" })).toBe(false);
		expect(isReplayable({ ...claude, id: "claude-sonnet-4-6" }, { reasoning: "high" })).toBe(true);
		expect(isReplayable(claude, {})).toBe(true);
	});
});

describe("CacheWarmer", () => {
	it('"streaming": re-sends the request with a one-token cap while the run lasts, then stops', async () => {
		const h = harness("streaming");
		h.warmer.start({ model, context, options: { sessionId: "s" } }, () => true);
		expect(h.warmer.status).toMatchObject({ state: "scheduled", decision: { action: "warm", phase: "streaming" } });
		expect(formatCacheWarmingStatus(h.warmer.status, Date.now())).toMatch(/^Decision in 10s \(100% continuation/);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(h.sent).toHaveLength(1);
		expect(h.sent[0]).toMatchObject({ sessionId: "s", maxTokens: 1 });
		expect(h.recorded).toEqual([{ provider: "lab", model: "lab-1", note: undefined }]);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(h.sent).toHaveLength(2);
		h.warmer.onAgentSettled();
		expect(h.warmer.status).toEqual({ state: "inactive", reason: "agent run settled" });
		await vi.advanceTimersByTimeAsync(60_000);
		expect(h.sent).toHaveLength(2);
	});

	it('"idle": goes on between runs while the savings (15% continuation) reach $0.05', async () => {
		const h = harness("idle");
		h.warmer.start({ model, context, options: {} }, () => true);
		h.warmer.onAgentSettled();
		await vi.advanceTimersByTimeAsync(10_000);
		expect(h.sent).toHaveLength(1);
		// A small prompt is not worth keeping: 15% of ~$0.1 is below the threshold.
		h.setPromptTokens(100);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(h.sent).toHaveLength(1);
		expect(h.warmer.status).toMatchObject({
			state: "inactive",
			reason: "expected savings below threshold",
			decision: { action: "stop", phase: "idle" },
		});
	});

	it('"off", a changed conversation and a mode change stop warming', async () => {
		const off = harness("off");
		off.warmer.start({ model, context, options: {} }, () => true);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(off.sent).toEqual([]);
		expect(off.warmer.status.reason).toBe("cache warming disabled");

		const changed = harness("streaming");
		let current = true;
		changed.warmer.start({ model, context, options: {} }, () => current);
		current = false;
		await vi.advanceTimersByTimeAsync(10_000);
		expect(changed.sent).toEqual([]);
		expect(changed.warmer.status.reason).toBe("conversation context changed");

		const switched = harness("idle");
		switched.warmer.start({ model, context, options: {} }, () => true);
		switched.warmer.onAgentSettled();
		switched.setMode("streaming");
		switched.warmer.onModeChanged();
		expect(switched.warmer.status.reason).toBe("agent run settled");
	});

	it("asks the decision hook (cache_warming_decision): stop ends warming, warm forces a refresh", async () => {
		const stopped = harness("streaming");
		const events: unknown[] = [];
		stopped.warmer.setDecider(async (event) => {
			events.push(event);
			return "stop";
		});
		stopped.warmer.start({ model, context, options: {} }, () => true);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(stopped.sent).toEqual([]);
		expect(events).toEqual([
			{
				type: "cache_warming_decision",
				warmCost: expect.any(Number),
				missCost: expect.closeTo(0.999, 6),
				continuationProbability: 1,
				action: "warm",
			},
		]);
		expect(stopped.warmer.status).toMatchObject({ reason: "stopped by extension", extensionOverride: true });

		const forced = harness("streaming");
		forced.setPromptTokens(10);
		forced.warmer.setDecider(async () => "warm");
		forced.warmer.start({ model, context, options: {} }, () => true);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(forced.recorded).toEqual([{ provider: "lab", model: "lab-1", note: "extension override" }]);

		const failing = harness("streaming");
		failing.warmer.setDecider(() => Promise.reject(new Error("boom")));
		failing.warmer.start({ model, context, options: {} }, () => true);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(failing.recorded).toHaveLength(1);
	});
});
