import type { Model } from "@pi/ai";
import { type Component, truncateToWidth, visibleWidth } from "@pi/tui";
import type { ContextUsage } from "../../../core/agent-session/session-stats.js";
import type { Theme } from "../theme.js";

/** What the footer shows; the mode refreshes it after every change. */
export interface FooterState {
	cwd: string;
	home?: string;
	/** The git branch of the cwd (`cwd (branch)`). */
	gitBranch?: string;
	sessionName?: string;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
	cost: number;
	contextUsage?: ContextUsage;
	/** Auto-compaction is on: `(auto)` follows the context figure, as in pi 1.4's footer. */
	autoCompaction?: boolean;
	model?: Model;
	thinkingLevel: string;
	statuses: ReadonlyMap<string, string>;
}

/** Compact token counts: 999, 1.2k, 45k, 1.3M. */
export function formatTokens(count: number): string {
	if (count < 1000) return String(count);
	if (count < 10_000) return `${(count / 1000).toFixed(1)}k`;
	if (count < 1_000_000) return `${Math.round(count / 1000)}k`;
	return `${(count / 1_000_000).toFixed(1)}M`;
}

/** Two lines (cwd, git branch and session name; usage left, model right) plus a line of extension statuses. */
export class FooterComponent implements Component {
	private state: FooterState | undefined;
	private cache: { width: number; lines: string[] } | undefined;

	constructor(private readonly theme: Theme) {}

	setState(state: FooterState): void {
		this.state = state;
		this.cache = undefined;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		const state = this.state;
		if (!state) return [];
		if (this.cache?.width === width) return this.cache.lines;
		const theme = this.theme;
		let cwd = state.cwd;
		if (state.home && (cwd === state.home || cwd.startsWith(`${state.home}/`)))
			cwd = `~${cwd.slice(state.home.length)}`;
		if (state.gitBranch) cwd = `${cwd} (${state.gitBranch})`;
		const first = state.sessionName ? `${cwd} • ${state.sessionName}` : cwd;
		const usage: string[] = [];
		const { input, output, cacheRead, cacheWrite } = state.tokens;
		if (input) usage.push(`↑${formatTokens(input)}`);
		if (output) usage.push(`↓${formatTokens(output)}`);
		if (cacheRead) usage.push(`R${formatTokens(cacheRead)}`);
		if (cacheWrite) usage.push(`W${formatTokens(cacheWrite)}`);
		if (state.cost) usage.push(`$${state.cost.toFixed(3)}`);
		const context = state.contextUsage;
		if (context) {
			const percent = context.percent === null ? "?" : `${context.percent.toFixed(1)}%`;
			usage.push(`${percent}/${formatTokens(context.contextWindow)}`);
			if (state.autoCompaction) usage.push("(auto)");
		}
		const left = usage.join(" ");
		const model = state.model ? state.model.id : "no model";
		const right = state.model?.reasoning ? `${model} • ${state.thinkingLevel}` : model;
		const gap = width - visibleWidth(left) - visibleWidth(right);
		const second = gap >= 2 ? `${left}${" ".repeat(gap)}${right}` : `${left}  ${right}`;
		const lines = [truncateToWidth(theme.muted(first), width), truncateToWidth(theme.muted(second), width)];
		if (state.statuses.size > 0) {
			const statuses = [...state.statuses.values()].join("  ");
			lines.push(truncateToWidth(statuses, width));
		}
		this.cache = { width, lines };
		return lines;
	}
}
