import { sumSessionUsage } from "../agent-session/session-stats.js";
import type { SessionEntry, SessionHeader } from "../session/session-types.js";
import { formatCost, formatTimestamp, formatTokenCount } from "./format-values.js";
import { escapeHtml } from "./html-escape.js";

/** What the page header shows. */
export interface HeaderRenderInput {
	header: SessionHeader;
	/** Page title: the export option, else the session name, else `Session <id>`. */
	title: string;
	sessionFile: string | undefined;
	/** Every entry of the file (all branches): models and totals are session-wide. */
	entries: readonly SessionEntry[];
	/** Number of entries on the active branch. */
	branchLength: number;
	/** Already-escaped HTML placed at the end of the header (e.g. a toolbar). */
	actions?: string;
}

/** Distinct `provider/model` of every assistant reply, in order of first use. */
export function modelsUsed(entries: readonly SessionEntry[]): string[] {
	const models = new Set<string>();
	for (const entry of entries) {
		if (entry.type === "message" && entry.message.role === "assistant") {
			models.add(`${entry.message.provider}/${entry.message.model}`);
		}
	}
	return [...models];
}

function row(term: string, value: string): string {
	return `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`;
}

function tokenSummary(entries: readonly SessionEntry[]): { tokens: string; cost: string } {
	const { tokens, cost } = sumSessionUsage(entries);
	const parts = [
		`input ${formatTokenCount(tokens.input)}`,
		`output ${formatTokenCount(tokens.output)}`,
		`cache read ${formatTokenCount(tokens.cacheRead)}`,
		`cache write ${formatTokenCount(tokens.cacheWrite)}`,
	];
	return { tokens: `${formatTokenCount(tokens.total)} (${parts.join(" · ")})`, cost: formatCost(cost) };
}

/**
 * Renders the page header: title, session id, cwd, creation time, models used, token and cost
 * totals over the whole session (all branches, summaries included, as `get_session_stats`).
 */
export function renderHeader(input: HeaderRenderInput): string {
	const { header, entries } = input;
	const models = modelsUsed(entries);
	const totals = tokenSummary(entries);
	const rows = [
		row("Session", header.id),
		row("Working directory", header.cwd),
		row("Created", formatTimestamp(header.timestamp)),
		row(models.length > 1 ? "Models" : "Model", models.length > 0 ? models.join(", ") : "none"),
		row("Tokens", totals.tokens),
		row("Cost", totals.cost),
		row("Entries", `${entries.length} in total, ${input.branchLength} on the active branch`),
		...(header.parentSession ? [row("Forked from", header.parentSession)] : []),
		...(input.sessionFile ? [row("Session file", input.sessionFile)] : []),
	];
	return (
		`<header class="session-header"><h1>${escapeHtml(input.title)}</h1>` +
		`<dl class="session-meta">${rows.join("")}</dl>${input.actions ?? ""}</header>`
	);
}
