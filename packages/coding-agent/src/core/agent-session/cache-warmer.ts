import {
	type AssistantMessage,
	type Context,
	calculateCost,
	type Model,
	type SimpleStreamOptions,
	supportsAdaptiveThinking,
	type Usage,
} from "@pi/ai";
import type { CacheWarmingMode } from "../config/settings-types.js";

/**
 * Prompt-cache warming as pi 1.4 documents it (the `cacheWarming` setting and models' "Prompt Cache
 * Lifetimes"; our providers.md): after each request of the session, when the model declares how long the provider
 * keeps its prompt cache (`promptCache.short`/`long`, seconds), the same request is sent again with a
 * one-token output cap shortly before the entry would expire, as long as that is expected to save
 * at least $0.05. Each refresh is recorded as a `usage` entry of kind `cache_warm` (counted in the
 * session's totals, never part of the context). `"streaming"` warms only while a run is active;
 * `"idle"` also between runs (for at most 30 minutes after the request); `"off"` never.
 */

/** Refresh no later than this before the entry would expire (and at 90% of its lifetime). */
const EXPIRY_MARGIN_MS = 10_000;
/** Warming during a run never goes on longer than this after the request that started it. */
const STREAMING_HORIZON_MS = 60 * 60_000;
/** Between runs the chance of a next request fades; stop after half an hour. */
const IDLE_HORIZON_MS = 30 * 60_000;
/** A refresh is worth sending only when it is expected to save at least this many dollars. */
const MINIMUM_EXPECTED_SAVINGS = 0.05;
/** How likely a real request arrives before expiry while pi sits idle (pi 1.4's measured constant). */
const IDLE_CONTINUATION_PROBABILITY = 0.15;

export type CacheWarmingAction = "warm" | "stop";

/** What one warm-or-stop decision was based on (shown by `/session`). */
export interface CacheWarmingDecision {
	/** `"streaming"` while the run that sent the request is still active. */
	phase: "streaming" | "idle";
	/** Price of a refresh: the prompt read from the cache plus one output token. */
	warmCost: number;
	/** What the next real request would cost extra if the cache entry expired. */
	missCost: number;
	/** Estimated chance that a real request comes before the entry expires. */
	continuationProbability: number;
	/** `continuationProbability * missCost - warmCost`. */
	expectedSavings: number;
	/** False when the prompt size or the model's prices are unknown. */
	economicsAvailable: boolean;
	/** `"warm"` when `expectedSavings` reaches $0.05. */
	action: CacheWarmingAction;
}

/**
 * pi 1.4's extension event `cache_warming_decision`, fired before each refresh with pi's decision
 * filled in; a handler may answer another action (the last answer wins).
 */
export interface CacheWarmingDecisionEvent
	extends Pick<CacheWarmingDecision, "warmCost" | "missCost" | "continuationProbability" | "action"> {
	type: "cache_warming_decision";
}

/**
 * Asked before each refresh: the action to take instead of pi's, or undefined to keep it. A
 * rejection keeps pi's decision. `"stop"` ends warming until the next real request.
 */
export type CacheWarmingDecider = (event: CacheWarmingDecisionEvent) => Promise<CacheWarmingAction | undefined>;

/** Where warming stands. */
export interface CacheWarmingStatus {
	/** `"scheduled"`: a refresh is due at `nextWarmAt`; `"refreshing"`: a refresh is in flight. */
	state: "inactive" | "scheduled" | "refreshing";
	/** Why nothing is scheduled. */
	reason?: string;
	nextWarmAt?: number;
	/** The decision pending, or the one that stopped warming. */
	decision?: CacheWarmingDecision;
	/** An extension changed the decision. */
	extensionOverride?: boolean;
}

/** A request of the session exactly as it was sent, whose cache entry is to be kept warm. */
export interface CacheWarmRequest {
	model: Model;
	context: Context;
	options: SimpleStreamOptions | undefined;
}

/** What the warmer needs from the session. */
export interface CacheWarmerHost {
	/** The warming setting, read at each step (a change applies at once). */
	getMode(): CacheWarmingMode;
	/** Sends one request and resolves with its final message (errors as `stopReason: "error"`). */
	send(model: Model, context: Context, options: SimpleStreamOptions): Promise<AssistantMessage>;
	/** Prompt tokens of the latest real request on the branch (input + cache read + cache write). */
	lastPromptTokens(): number;
	/** Records a successful refresh. */
	recordUsage(provider: string, model: string, usage: Usage, note: string | undefined): void;
}

interface WarmRun extends CacheWarmRequest {
	isCurrent: () => boolean;
	ttlMs: number;
	delayMs: number;
	startedAt: number;
	phase: "streaming" | "idle";
	nextWarmAt: number;
	/** A refresh later than this would likely find the entry gone (a full-price write, not a warm). */
	latestRefreshAt: number;
	timer?: NodeJS.Timeout;
	controller: AbortController;
	extensionOverride: boolean;
}

/** When to refresh an entry living `ttlMs`: at 90% of it, at least 10 s before expiry; never for short ones. */
export function cacheWarmingDelayMs(ttlMs: number): number | undefined {
	if (ttlMs <= EXPIRY_MARGIN_MS) return undefined;
	return Math.max(1, Math.floor(Math.min(ttlMs * 0.9, ttlMs - EXPIRY_MARGIN_MS)));
}

/**
 * How long the cache entry a request writes lives: the model's `promptCache` lifetime for the
 * retention the request asked for (`cacheRetention`, else `PI_CACHE_RETENTION=long`, else short).
 */
export function promptCacheTtlMs(
	model: Model,
	options: SimpleStreamOptions | undefined,
	env: NodeJS.ProcessEnv = process.env,
): number | undefined {
	const retention = options?.cacheRetention ?? (env.PI_CACHE_RETENTION === "long" ? "long" : "short");
	if (retention === "none") return undefined;
	const seconds = model.promptCache?.[retention];
	return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * Whether the request can be sent again with a one-token cap without changing what the provider
 * caches: Anthropic's budget-based thinking derives its budget from `max_tokens`, and the budget is
 * part of the cached prefix, so such requests are not replayed (adaptive thinking is fine).
 */
export function isReplayable(model: Model, options: SimpleStreamOptions | undefined): boolean {
	if (!options?.reasoning || model.api !== "anthropic-messages") return true;
	return supportsAdaptiveThinking(model);
}

function price(model: Model, tokens: Partial<Pick<Usage, "input" | "output" | "cacheRead" | "cacheWrite">>): number {
	const usage: Usage = {
		input: tokens.input ?? 0,
		output: tokens.output ?? 0,
		cacheRead: tokens.cacheRead ?? 0,
		cacheWrite: tokens.cacheWrite ?? 0,
		totalTokens: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
	return calculateCost(model, usage).total;
}

/**
 * Keeps the prompt cache entry of the session's latest request warm. `start` (each request)
 * replaces what was warmed before; a refresh never extends the safety horizons.
 */
export class CacheWarmer {
	private run: WarmRun | undefined;
	private stopped: CacheWarmingStatus = { state: "inactive", reason: "waiting for first request" };
	private decider: CacheWarmingDecider | undefined;

	constructor(private readonly host: CacheWarmerHost) {}

	/**
	 * Installs the `cache_warming_decision` hook (the extension runner's, once extensions can
	 * handle that event); undefined removes it.
	 */
	setDecider(decider: CacheWarmingDecider | undefined): void {
		this.decider = decider;
	}

	get status(): CacheWarmingStatus {
		if (this.host.getMode() === "off") return { state: "inactive", reason: "cache warming disabled" };
		const run = this.run;
		if (!run) return this.stopped;
		if (!run.isCurrent()) return { state: "inactive", reason: "conversation context changed" };
		const decision = this.evaluate(run);
		const refreshing = run.timer === undefined;
		if (!decision.economicsAvailable && !refreshing)
			return { state: "inactive", reason: "cache economics unavailable" };
		return {
			state: refreshing ? "refreshing" : "scheduled",
			nextWarmAt: run.nextWarmAt,
			decision,
			extensionOverride: run.extensionOverride,
		};
	}

	/** A request was sent: keep its entry warm while `isCurrent` says the conversation still extends it. */
	start(request: CacheWarmRequest, isCurrent: () => boolean): void {
		this.clear();
		if (this.host.getMode() === "off") {
			this.stop("cache warming disabled");
			return;
		}
		if (!isReplayable(request.model, request.options)) {
			this.stop("request cannot be replayed safely");
			return;
		}
		const ttlMs = promptCacheTtlMs(request.model, request.options);
		if (ttlMs === undefined) {
			this.stop(
				request.options?.cacheRetention === "none" ? "request disabled prompt caching" : "cache lifetime unavailable",
			);
			return;
		}
		const delayMs = cacheWarmingDelayMs(ttlMs);
		if (delayMs === undefined) {
			this.stop("cache lifetime unavailable");
			return;
		}
		this.run = {
			...request,
			isCurrent,
			ttlMs,
			delayMs,
			startedAt: Date.now(),
			phase: "streaming",
			nextWarmAt: 0,
			latestRefreshAt: 0,
			controller: new AbortController(),
			extensionOverride: false,
		};
		this.schedule(this.run);
	}

	/** The run settled: `"streaming"` stops here, `"idle"` goes on under the idle horizon. */
	onAgentSettled(): void {
		const run = this.run;
		if (!run) return;
		if (this.host.getMode() === "streaming") {
			this.stop("agent run settled");
			return;
		}
		run.phase = "idle";
		const horizon = run.startedAt + IDLE_HORIZON_MS;
		if (run.nextWarmAt > horizon || Date.now() >= horizon) this.stop("30-minute idle safety limit reached");
	}

	/** The setting changed: stop now if it no longer allows the current run. */
	onModeChanged(): void {
		const run = this.run;
		const reason = run && this.modeStopReason(run);
		if (reason) this.stop(reason);
	}

	/** Stops warming (session closed or replaced). */
	cancel(): void {
		this.stop("inactive");
	}

	private clear(): void {
		const run = this.run;
		if (!run) return;
		this.run = undefined;
		clearTimeout(run.timer);
		run.controller.abort();
	}

	private stop(reason: string, stopped: Pick<CacheWarmingStatus, "decision" | "extensionOverride"> = {}): void {
		this.clear();
		this.stopped = { state: "inactive", reason, ...stopped };
	}

	private schedule(run: WarmRun): void {
		run.extensionOverride = false;
		run.nextWarmAt = Date.now() + run.delayMs;
		// Timers fire late after sleep or a blocked loop; half the margin before expiry is the slack.
		run.latestRefreshAt = run.nextWarmAt + Math.floor((run.ttlMs - run.delayMs) / 2);
		const idle = run.phase === "idle";
		const horizon = run.startedAt + (idle ? IDLE_HORIZON_MS : STREAMING_HORIZON_MS);
		if (run.nextWarmAt > horizon || Date.now() >= horizon) {
			this.stop(idle ? "30-minute idle safety limit reached" : "one-hour safety limit reached");
			return;
		}
		run.timer = setTimeout(() => void this.refresh(run), Math.max(0, run.nextWarmAt - Date.now()));
		// Warming never keeps the process alive: `pi -p` exits when its run is done.
		run.timer.unref();
	}

	private async refresh(run: WarmRun): Promise<void> {
		run.timer = undefined;
		if (!this.stillValid(run, true)) return;
		const decision = this.evaluate(run);
		let action = decision.action;
		if (this.decider) {
			const { warmCost, missCost, continuationProbability } = decision;
			const event: CacheWarmingDecisionEvent = {
				type: "cache_warming_decision",
				warmCost,
				missCost,
				continuationProbability,
				action,
			};
			action = (await this.decider(event).catch(() => undefined)) ?? action;
		}
		if (!this.stillValid(run, true)) return;
		const overridden = action !== decision.action;
		if (action === "stop") {
			const reason = overridden
				? "stopped by extension"
				: decision.economicsAvailable
					? "expected savings below threshold"
					: "cache economics unavailable";
			this.stop(reason, { decision, extensionOverride: overridden });
			return;
		}
		run.extensionOverride = overridden;
		try {
			const message = await this.host.send(run.model, run.context, {
				...run.options,
				maxTokens: 1,
				signal: run.controller.signal,
			});
			if (this.run !== run || !this.stillValid(run)) return;
			if (message.stopReason !== "error" && message.stopReason !== "aborted") {
				this.host.recordUsage(
					message.provider,
					message.model,
					message.usage,
					overridden ? "extension override" : undefined,
				);
			}
		} catch {
			// Best effort: a failed refresh must never disturb the session.
		}
		if (this.run === run) this.schedule(run);
	}

	/** The run is still the current one, allowed by the setting, for the same conversation (and on time). */
	private stillValid(run: WarmRun, beforeSending = false): boolean {
		if (this.run !== run) return false;
		const reason =
			this.modeStopReason(run) ??
			(!run.isCurrent() ? "conversation context changed" : undefined) ??
			(beforeSending && Date.now() > run.latestRefreshAt ? "cache refresh deadline missed" : undefined);
		if (reason) this.stop(reason);
		return reason === undefined;
	}

	private modeStopReason(run: WarmRun): string | undefined {
		const mode = this.host.getMode();
		if (mode === "off") return "cache warming disabled";
		if (mode === "streaming" && run.phase === "idle") return "agent run settled";
		return undefined;
	}

	private evaluate(run: WarmRun): CacheWarmingDecision {
		const { model } = run;
		const promptTokens = this.host.lastPromptTokens();
		const hitCost = price(model, { cacheRead: promptTokens });
		const fullCost = price(model, model.cost.cacheWrite > 0 ? { cacheWrite: promptTokens } : { input: promptTokens });
		const warmCost = price(model, { cacheRead: promptTokens, output: 1 });
		const missCost = Math.max(0, fullCost - hitCost);
		const continuationProbability = run.phase === "idle" ? IDLE_CONTINUATION_PROBABILITY : 1;
		const expectedSavings = continuationProbability * missCost - warmCost;
		return {
			phase: run.phase,
			warmCost,
			missCost,
			continuationProbability,
			expectedSavings,
			economicsAvailable: promptTokens > 0 && (hitCost > 0 || fullCost > 0),
			action: expectedSavings >= MINIMUM_EXPECTED_SAVINGS ? "warm" : "stop",
		};
	}
}

/** `/session`'s line about warming. */
export function formatCacheWarmingStatus(status: CacheWarmingStatus, now = Date.now()): string {
	const decision = status.decision;
	if (!decision || (status.state === "inactive" && !decision.economicsAvailable && !status.extensionOverride)) {
		return `Inactive (${status.reason ?? "unknown reason"})`;
	}
	const economics = decision.economicsAvailable
		? `${Math.round(decision.continuationProbability * 100)}% continuation probability${decision.phase === "streaming" ? " while agent is running" : ""}, expected savings ${dollars(decision.expectedSavings)} ${decision.action === "warm" ? ">=" : "<"} $${MINIMUM_EXPECTED_SAVINGS.toFixed(3)}`
		: "cache economics unavailable";
	const details = status.extensionOverride ? `extension override, ${economics}` : `${economics} -> ${decision.action}`;
	if (status.state === "inactive") return `Stopped (${details})`;
	if (status.state === "refreshing") return `Warming cache (${details})`;
	return `${decisionTime(status.nextWarmAt, now)} (${details})`;
}

function dollars(value: number): string {
	return value < 0 ? `-$${Math.abs(value).toFixed(3)}` : `$${value.toFixed(3)}`;
}

function decisionTime(nextWarmAt: number | undefined, now: number): string {
	if (nextWarmAt === undefined || nextWarmAt <= now) return "Decision now";
	let seconds = Math.ceil((nextWarmAt - now) / 1000);
	const hours = Math.floor(seconds / 3600);
	seconds %= 3600;
	const minutes = Math.floor(seconds / 60);
	seconds %= 60;
	const parts = [hours > 0 ? `${hours}h` : "", minutes > 0 ? `${minutes}m` : ""].filter(Boolean);
	if (seconds > 0 || parts.length === 0) parts.push(`${seconds}s`);
	return `Decision in ${parts.join(" ")}`;
}
