import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SettingsManager } from "../config/settings-manager.js";
import { expandResourcePatterns } from "../resources/resource-paths.js";
import { CONFIG_DIR_NAME, expandHome } from "../session/session-paths.js";

const ENTRY_FILE = /\.(ts|js|mts|mjs)$/;

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

/** Entry files of an extension directory: `package.json` `pi.extensions`, else `index.ts` / `index.js`. */
function entriesOfDirectory(dir: string): string[] {
	const manifest = join(dir, "package.json");
	if (existsSync(manifest)) {
		try {
			const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { pi?: { extensions?: unknown } };
			const list = parsed.pi?.extensions;
			if (Array.isArray(list)) {
				return list.filter((entry): entry is string => typeof entry === "string").map((entry) => resolve(dir, entry));
			}
		} catch {
			// A broken package.json falls back to the index file; loading then reports any real problem.
		}
	}
	for (const name of ["index.ts", "index.js", "index.mts", "index.mjs"]) {
		if (existsSync(join(dir, name))) return [join(dir, name)];
	}
	return [];
}

/** An `extensions/` folder, one level deep: `*.ts|*.js` files and `*\/index.ts|js` (or manifest entries). */
export function discoverExtensionsInDirectory(dir: string): string[] {
	if (!isDirectory(dir)) return [];
	const found: string[] = [];
	const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
		a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
	);
	for (const entry of entries) {
		if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(dir, entry.name);
		if (entry.isFile() && ENTRY_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
		else if (entry.isDirectory() || (entry.isSymbolicLink() && isDirectory(path)))
			found.push(...entriesOfDirectory(path));
	}
	return found;
}

/** A path given explicitly (`-e`, settings): a file, or a directory holding one extension (or several). */
export function resolveExtensionPath(path: string): string[] {
	if (!isDirectory(path)) return [path];
	const entries = entriesOfDirectory(path);
	return entries.length > 0 ? entries : discoverExtensionsInDirectory(path);
}

function settingsPaths(settings: SettingsManager | undefined, agentDir: string, scope: "global" | "project"): string[] {
	if (!settings) return [];
	const entries = settings.getResourceSettings("extensions", agentDir).filter((setting) => setting.scope === scope);
	const baseDir = entries[0]?.baseDir;
	if (baseDir === undefined) return [];
	return expandResourcePatterns(
		entries.map((setting) => setting.pattern),
		baseDir,
	).flatMap(resolveExtensionPath);
}

/** Where extensions come from, for one phase of loading (extensions.md §1.1). */
export interface DiscoverExtensionsOptions {
	cwd: string;
	agentDir: string;
	settings?: SettingsManager;
	/** `-e` / `--extension` paths, relative to cwd; loaded even with `noExtensions`. */
	extensionPaths?: readonly string[];
	/** `--no-extensions`: disables discovery (global, settings, project), not `-e`. */
	noExtensions?: boolean;
}

/** Global folder, global settings, then `-e` paths: what loads before project trust is known. */
export function discoverGlobalExtensions(options: DiscoverExtensionsOptions): string[] {
	const paths: string[] = [];
	if (!options.noExtensions) {
		paths.push(...discoverExtensionsInDirectory(join(options.agentDir, "extensions")));
		paths.push(...settingsPaths(options.settings, options.agentDir, "global"));
	}
	for (const path of options.extensionPaths ?? [])
		paths.push(...resolveExtensionPath(resolve(options.cwd, expandHome(path))));
	return paths;
}

/** The project folder and project settings (only for a trusted project). */
export function discoverProjectExtensions(options: DiscoverExtensionsOptions): string[] {
	if (options.noExtensions) return [];
	return [
		...discoverExtensionsInDirectory(join(options.cwd, CONFIG_DIR_NAME, "extensions")),
		...settingsPaths(options.settings, options.agentDir, "project"),
	];
}

/** The identity of a file for "load once" (first occurrence wins). */
export function canonicalExtensionPath(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return resolve(path);
	}
}
