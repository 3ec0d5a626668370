import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { formatCacheWarmingStatus } from "../../core/agent-session/cache-warmer.js";
import { parseChangelog } from "./changelog-notice.js";
import { copyToClipboard } from "./clipboard/copy-to-clipboard.js";
import type { InteractiveAppView } from "./interactive-app-view.js";

/**
 * The path argument of /export and /import: the first word, or a quoted path with spaces;
 * undefined when there is none.
 */
export function pathArgument(args: string): string | undefined {
	const text = args.trim();
	if (!text) return undefined;
	const quote = text[0];
	if (quote === '"' || quote === "'") {
		const end = text.indexOf(quote, 1);
		return end > 1 ? text.slice(1, end) : undefined;
	}
	return text.split(/\s/, 1)[0];
}

/** `/name` (shows the name) and `/name <name>` (sets it). */
export function nameCommand(app: InteractiveAppView, args: string): void {
	const theme = app.theme;
	if (!args) {
		const name = app.session.sessionName;
		app.showNotice(name ? `Session name: ${name}` : theme.warning("The session has no name. Usage: /name <name>"));
		return;
	}
	void app.runAction(async () => {
		app.session.setSessionName(args);
		app.refreshFooter();
		app.showNotice(theme.muted(`Session name set: ${args}`));
	});
}

/** `/session`: name, file, id, message counts, tokens and cost. */
export function sessionInfoLines(app: InteractiveAppView): string[] {
	const theme = app.theme;
	const stats = app.session.getSessionStats();
	const { tokens } = stats;
	return [
		theme.bold("Session Info"),
		`Name: ${app.session.sessionName ?? "(none)"}`,
		`File: ${stats.sessionFile ?? "(in memory)"}`,
		`ID: ${stats.sessionId}`,
		theme.bold("Messages"),
		`Total: ${stats.totalMessages}`,
		`User: ${stats.userMessages}`,
		`Assistant: ${stats.assistantMessages}`,
		`Tools: ${stats.toolCalls} calls, ${stats.toolResults} results`,
		theme.bold("Tokens"),
		`Input: ${tokens.input}`,
		`Output: ${tokens.output}`,
		...(tokens.cacheRead ? [`Cache read: ${tokens.cacheRead}`] : []),
		...(tokens.cacheWrite ? [`Cache write: ${tokens.cacheWrite}`] : []),
		`Total: ${tokens.total}`,
		`Cost: $${stats.cost.toFixed(4)}`,
		// pi 1.4's /session shows the next cache-warming decision (setting `cacheWarming`).
		...(app.session.cacheWarming
			? [theme.bold("Cache warming"), formatCacheWarmingStatus(app.session.cacheWarming.status)]
			: []),
	];
}

/** Writes the session as JSONL (header, then every entry of every branch), as its file holds it. */
export function exportSessionJsonl(app: InteractiveAppView, target: string): string {
	const manager = app.session.sessionManager;
	const path = isAbsolute(target) ? target : resolve(app.runtime.cwd, target);
	mkdirSync(dirname(path), { recursive: true });
	const file = manager.getSessionFile();
	if (file && manager.isPersisted() && existsSync(file)) {
		if (resolve(file) !== path) copyFileSync(file, path);
		return path;
	}
	const lines = [manager.getHeader(), ...manager.getEntries()].map((entry) => JSON.stringify(entry));
	writeFileSync(path, `${lines.join("\n")}\n`);
	return path;
}

/** `/export [file]`: JSONL for a `.jsonl` name, else HTML (the default name is HTML). */
export function exportCommand(app: InteractiveAppView, args: string): void {
	const target = pathArgument(args);
	void app.runAction(async () => {
		try {
			const path =
				target?.toLowerCase().endsWith(".jsonl") === true
					? exportSessionJsonl(app, target)
					: await app.session.exportToHtml(target);
			app.showNotice(app.theme.muted(`Session exported to: ${path}`));
		} catch (error) {
			throw new Error(`Failed to export the session: ${error instanceof Error ? error.message : String(error)}`);
		}
	});
}

/** `/import <file.jsonl>`: asks, then copies the session into the session folder and resumes it. */
export function importCommand(app: InteractiveAppView, args: string): void {
	const theme = app.theme;
	const target = pathArgument(args);
	if (!target) {
		app.showNotice(theme.warning("Usage: /import <file.jsonl>"));
		return;
	}
	const path = isAbsolute(target) ? target : resolve(app.runtime.cwd, target);
	if (!existsSync(path)) {
		app.showNotice(theme.error(`Session file not found: ${path}`));
		return;
	}
	void app.runAction(async () => {
		const confirmed = await app.uiContext.confirm("Import session", `Replace current session with ${target}?`);
		if (!confirmed) {
			app.showNotice(theme.muted("Import cancelled"));
			return;
		}
		const result = await app.runtime.importFromJsonl(path);
		app.showNotice(theme.muted(result.cancelled ? "Import cancelled" : `Session imported from: ${target}`));
	});
}

/**
 * `/copy` and Ctrl+X: the last answer to the clipboard (native tool and/or OSC 52). With `flash`
 * (Ctrl+X in fullscreen, as pi 1.4) a brief "Copied!" at the top right instead of a message.
 */
export function copyLastAnswer(app: InteractiveAppView, options: { flash?: boolean } = {}): void {
	const theme = app.theme;
	const text = app.session.getLastAssistantText();
	if (!text) {
		app.showNotice(theme.error("No agent messages to copy yet."));
		return;
	}
	void app.runAction(async () => {
		await copyToClipboard(text, (data) => app.tui.terminal.write(data));
		if (options.flash && app.layout.isFullscreen) {
			app.layout.flash("Copied!");
			app.tui.requestRender();
		} else {
			app.showNotice(theme.muted("Copied last agent message to clipboard"));
		}
	});
}

/** `/changelog`: the entries of the changelog shipped with pi, newest version first. */
export function changelogLines(
	app: InteractiveAppView,
	changelog: string | undefined,
	version: string | undefined,
): string[] {
	const theme = app.theme;
	const sections = parseChangelog(changelog ?? "");
	if (sections.length === 0) {
		return [
			theme.bold("Changelog"),
			theme.muted(`No changelog is shipped with this build${version ? ` (pi ${version})` : ""}.`),
		];
	}
	const lines = [theme.bold("Changelog")];
	for (const section of sections) {
		lines.push("", theme.accent(`## ${section.version}`));
		for (const entry of section.entries) lines.push(`- ${entry}`);
	}
	return lines;
}
