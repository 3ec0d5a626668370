import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ThemeFile } from "./theme.js";

function readThemeFile(path: string, warnings: string[]): ThemeFile | undefined {
	try {
		const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
		if (typeof parsed !== "object" || parsed === null || typeof (parsed as { name?: unknown }).name !== "string") {
			warnings.push(`${path}: a theme needs a "name"`);
			return undefined;
		}
		return parsed as ThemeFile;
	} catch (error) {
		warnings.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	}
}

function collect(path: string, themes: ThemeFile[], warnings: string[]): void {
	if (!existsSync(path)) return;
	if (statSync(path).isDirectory()) {
		for (const name of readdirSync(path).sort()) {
			if (name.endsWith(".json")) collect(join(path, name), themes, warnings);
		}
		return;
	}
	const theme = readThemeFile(path, warnings);
	if (theme) themes.push(theme);
}

/**
 * Custom themes: every `*.json` in `<agentDir>/themes/` and in the files or folders listed in
 * the `themes` setting (plain paths; relative ones against the agent dir). Unreadable files
 * become warnings.
 */
export function loadThemeFiles(agentDir: string, configured: unknown): { themes: ThemeFile[]; warnings: string[] } {
	const themes: ThemeFile[] = [];
	const warnings: string[] = [];
	collect(join(agentDir, "themes"), themes, warnings);
	if (Array.isArray(configured)) {
		for (const entry of configured) {
			if (typeof entry !== "string" || /[*?!+-]/.test(entry[0] ?? "")) continue;
			collect(resolve(agentDir, entry.replace(/^~(?=\/|$)/, process.env.HOME ?? "~")), themes, warnings);
		}
	}
	return { themes, warnings };
}
