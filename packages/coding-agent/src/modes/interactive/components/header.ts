import { homedir } from "node:os";
import { wrapTextWithAnsi } from "@pi/tui";
import type { ResourceCollision } from "../../../core/resources/resource-diagnostic.js";
import { keyLabel } from "../key-label.js";
import type { Theme } from "../theme.js";

/** What the start-up header lists. */
export interface HeaderInfo {
	version: string;
	contextFiles: string[];
	skills: string[];
	promptTemplates: string[];
	extensionCommands: string[];
	diagnostics: { type: "warning" | "error"; message: string }[];
	/** Skills and prompt templates that lost to another of the same name (pi 1.4's conflict blocks). */
	conflicts?: readonly ResourceCollision[];
	warnings: string[];
	verbose: boolean;
	/** `quietStartup`: only diagnostics and warnings. */
	quiet?: boolean;
	/** `quietStartup: "header"`: the name and key hints, no resource listing. */
	headerOnly?: boolean;
	/** The first key bound to an app action (keybindings.json), for the hints; unbound: no hint. */
	keyOf?: (action: string) => string | undefined;
}

/** The hinted actions and what the hint says, in order; the keys are the defaults unless rebound. */
const KEY_HINTS: readonly [action: string, defaultKey: string, what: string][] = [
	["app.interrupt", "escape", "abort"],
	["app.clear", "ctrl+c", "twice quit"],
	["app.model.select", "ctrl+l", "model"],
	["app.thinking.cycle", "shift+tab", "thinking"],
	["app.tools.expand", "ctrl+o", "tools"],
	["app.thinking.toggle", "ctrl+t", "thinking"],
];

function keyHints(info: HeaderInfo): string {
	const hints = ["Enter send"];
	for (const [action, defaultKey, what] of KEY_HINTS) {
		const key = info.keyOf ? info.keyOf(action) : defaultKey;
		if (key) hints.push(`${keyLabel(key)} ${what}`);
	}
	return [...hints, "/ commands", "! bash"].join(" · ");
}

/**
 * The start-up header: name, key hints, loaded resources and diagnostics. With a `width`,
 * diagnostics and warnings wrap to it (they must be read in full); other lines are cut.
 */
export function headerLines(info: HeaderInfo, theme: Theme, width?: number): string[] {
	const quiet = info.quiet === true && !info.verbose;
	const lines = quiet
		? []
		: [`${theme.bold(theme.accent("pi"))} ${theme.muted(`v${info.version}`)}`, theme.muted(keyHints(info))];
	const list = (label: string, items: string[]): void => {
		if (items.length === 0 || quiet || (info.headerOnly === true && !info.verbose)) return;
		const shown = info.verbose || items.length <= 6 ? items : [...items.slice(0, 6), `+${items.length - 6} more`];
		lines.push(`${theme.muted(`${label}:`)} ${shown.join(", ")}`);
	};
	list("Context", info.contextFiles);
	list("Skills", info.skills);
	list("Prompts", info.promptTemplates);
	list("Extension commands", info.extensionCommands);
	lines.push(...conflictLines(info.conflicts ?? [], theme));
	const wrapped = (text: string): string[] =>
		width === undefined ? [text] : wrapTextWithAnsi(text, Math.max(1, width));
	for (const diagnostic of info.diagnostics) {
		const style = diagnostic.type === "error" ? theme.error : theme.warning;
		for (const line of wrapped(diagnostic.message)) lines.push(style(line));
	}
	for (const warning of info.warnings) for (const line of wrapped(warning)) lines.push(theme.warning(line));
	return lines;
}

function shortPath(path: string): string {
	const home = homedir();
	return path === home || path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/**
 * pi 1.4's conflict blocks: `[Skill conflicts]` / `[Prompt conflicts]`, then per name the file
 * used (✓) and each one skipped (✗).
 */
export function conflictLines(conflicts: readonly ResourceCollision[], theme: Theme): string[] {
	const lines: string[] = [];
	for (const [type, title] of [
		["skill", "[Skill conflicts]"],
		["prompt", "[Prompt conflicts]"],
	] as const) {
		const byName = new Map<string, ResourceCollision[]>();
		for (const conflict of conflicts) {
			if (conflict.resourceType !== type) continue;
			byName.set(conflict.name, [...(byName.get(conflict.name) ?? []), conflict]);
		}
		if (byName.size === 0) continue;
		lines.push(theme.warning(title));
		for (const [name, list] of byName) {
			lines.push(theme.warning(`  "${name}" collision:`));
			lines.push(theme.muted(`    ✓ ${shortPath(list[0]!.winnerPath)}`));
			for (const conflict of list) lines.push(theme.muted(`    ✗ ${shortPath(conflict.loserPath)} (skipped)`));
		}
	}
	return lines;
}
