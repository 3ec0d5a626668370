import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SettingsManager } from "../../core/config/settings-manager.js";
import { expandSettingsList, isDirectory } from "../../core/resources/resource-paths.js";
import { CONFIG_DIR_NAME } from "../../core/session/session-paths.js";
import { BUILTIN_THEMES, type ThemeFile } from "./theme.js";
import { readThemeFile } from "./theme-files.js";

/** Where custom themes come from (configuration.md §1, §3.7; extensions.md §1.4 for trust). */
export interface ThemeDiscoveryOptions {
	agentDir: string;
	cwd: string;
	settings: SettingsManager;
	/** Project inputs (`.pi/themes`, the project file's `themes`) load only when true. */
	projectTrusted: boolean;
	/** `--theme <path>` (repeatable): loaded even with `noThemes`. */
	cliPaths?: readonly string[];
	/** `--no-themes`: no discovery (CLI paths still load). */
	noThemes?: boolean;
	/** Paths contributed by extensions (`resources_discover` `themePaths`). */
	extraPaths?: readonly string[];
}

export interface DiscoveredThemes {
	themes: ThemeFile[];
	/** One line per problem, each naming the file; shown in the start-up header. */
	warnings: string[];
	/** True when the project has `.pi/themes` (or project `themes` entries) that trust kept out. */
	skippedProjectThemes: boolean;
}

function jsonFilesIn(dir: string): string[] {
	try {
		return readdirSync(dir)
			.filter((name) => name.endsWith(".json"))
			.sort()
			.map((name) => join(dir, name));
	} catch {
		// An unreadable folder is treated like an empty one; discovery is best-effort.
		return [];
	}
}

/**
 * Custom themes, first occurrence of a name winning (as for skills and prompt templates), in this
 * order: `<agentDir>/themes/`; the global `themes` entries (relative to the agent dir); when the
 * project is trusted, `<cwd>/.pi/themes/` and the project `themes` entries (relative to `<cwd>/.pi`);
 * extension paths; `--theme` paths. A folder contributes its `*.json` files (not recursive); entries
 * may be globs with `!`, `+` and `-` as for every resource list. Problems become warnings, never errors.
 */
export function discoverThemes(options: ThemeDiscoveryOptions): DiscoveredThemes {
	const warnings: string[] = [];
	const themes = new Map<string, ThemeFile>();
	const seenPaths = new Set<string>();
	const load = (path: string): void => {
		if (seenPaths.has(path)) return;
		seenPaths.add(path);
		const theme = readThemeFile(path, warnings);
		if (!theme) return;
		if ((BUILTIN_THEMES as readonly string[]).includes(theme.name)) {
			warnings.push(`Theme ${path}: "${theme.name}" is a built-in theme name; the file is ignored`);
			return;
		}
		const earlier = themes.get(theme.name);
		if (earlier) {
			warnings.push(`Theme ${path}: "${theme.name}" is already loaded from ${earlier.path}; this one is ignored`);
			return;
		}
		themes.set(theme.name, theme);
	};
	/** A default folder: silent when missing. */
	const fromFolder = (dir: string): void => {
		for (const file of jsonFilesIn(dir)) load(file);
	};
	/** Paths someone listed: missing ones are reported. */
	const fromListed = (paths: readonly string[], source: string): void => {
		for (const path of paths) {
			if (isDirectory(path)) fromFolder(path);
			else if (existsSync(path)) load(path);
			else warnings.push(`Theme path not found (${source}): ${path}`);
		}
	};
	const entries = options.settings.getResourceSettings("themes", options.agentDir);
	const expand = (scope: "global" | "project"): string[] => {
		// Files a glob found must be theme files; a path named exactly may have any extension.
		const exactPaths = new Set(
			entries
				.filter(
					(entry) => entry.scope === scope && !/[*?{!+-]/.test(entry.pattern[0] ?? "") && !/[*?{]/.test(entry.pattern),
				)
				.map((entry) => resolve(entry.baseDir, entry.pattern)),
		);
		return expandSettingsList(entries, scope).filter(
			(path) => isDirectory(path) || path.endsWith(".json") || exactPaths.has(path),
		);
	};
	const projectDir = join(options.cwd, CONFIG_DIR_NAME, "themes");
	if (!options.noThemes) {
		fromFolder(join(options.agentDir, "themes"));
		fromListed(expand("global"), "settings");
		if (options.projectTrusted) {
			fromFolder(projectDir);
			fromListed(expand("project"), "project settings");
		}
		fromListed(
			(options.extraPaths ?? []).map((path) => resolve(options.cwd, path)),
			"extension",
		);
	}
	fromListed(
		(options.cliPaths ?? []).map((path) => resolve(options.cwd, path)),
		"--theme",
	);
	const projectThemes = options.settings.getProjectSettings().themes;
	const skippedProjectThemes =
		!options.projectTrusted &&
		!options.noThemes &&
		(jsonFilesIn(projectDir).length > 0 || (Array.isArray(projectThemes) && projectThemes.length > 0));
	return { themes: [...themes.values()], warnings, skippedProjectThemes };
}
