import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ResourceSetting } from "../config/settings-types.js";
import { expandHome } from "../session/session-paths.js";

/** Converts a glob (`*`, `**`, `?`, `{a,b}`) to an anchored regular expression over `/` paths. */
export function globToRegExp(glob: string): RegExp {
	let source = "";
	for (let i = 0; i < glob.length; i++) {
		const char = glob[i]!;
		if (char === "*") {
			if (glob[i + 1] === "*") {
				const slashAfter = glob[i + 2] === "/";
				source += slashAfter ? "(?:.*/)?" : ".*";
				i += slashAfter ? 2 : 1;
			} else source += "[^/]*";
		} else if (char === "?") source += "[^/]";
		else if (char === "{") {
			const end = glob.indexOf("}", i);
			if (end < 0) source += "\\{";
			else {
				source += `(?:${glob
					.slice(i + 1, end)
					.split(",")
					.map((part) => part.replace(/[.+^$()|[\]\\]/g, "\\$&"))
					.join("|")})`;
				i = end;
			}
		} else source += char.replace(/[.+^$()|[\]\\{}]/g, "\\$&");
	}
	return new RegExp(`^${source}$`);
}

function hasGlob(pattern: string): boolean {
	return /[*?{]/.test(pattern);
}

function walkFiles(dir: string, limit = 10_000): string[] {
	const found: string[] = [];
	const stack = [dir];
	const seen = new Set<string>();
	while (stack.length > 0 && found.length < limit) {
		const current = stack.pop()!;
		if (seen.has(current)) continue;
		seen.add(current);
		let entries: import("node:fs").Dirent[];
		try {
			entries = readdirSync(current, { withFileTypes: true });
		} catch {
			// Unreadable directory: resource discovery is best-effort.
			continue;
		}
		for (const entry of entries) {
			if (entry.name === "node_modules" || entry.name === ".git") continue;
			const path = join(current, entry.name);
			if (entry.isDirectory()) stack.push(path);
			else found.push(path);
		}
	}
	return found;
}

/**
 * Expands settings resource entries (configuration.md §3.7) relative to `baseDir`: plain paths
 * (files or directories), globs, `!pattern` exclusions, `+path` force-include and `-path`
 * force-exclude of exact paths. Returns absolute paths in order, without duplicates.
 */
export function expandResourcePatterns(patterns: readonly string[], baseDir: string): string[] {
	const absolute = (path: string) => resolve(baseDir, expandHome(path));
	const included: string[] = [];
	const excludes: RegExp[] = [];
	const forcedIn: string[] = [];
	const forcedOut = new Set<string>();
	for (const pattern of patterns) {
		if (pattern.startsWith("!")) excludes.push(globToRegExp(absolute(pattern.slice(1)).split("\\").join("/")));
		else if (pattern.startsWith("+")) forcedIn.push(absolute(pattern.slice(1)));
		else if (pattern.startsWith("-")) forcedOut.add(absolute(pattern.slice(1)));
		else if (hasGlob(pattern)) {
			const full = absolute(pattern).split("\\").join("/");
			const root = full.slice(0, full.search(/[*?{]/)).replace(/[^/]*$/, "");
			const matcher = globToRegExp(full);
			if (existsSync(root))
				included.push(...walkFiles(root).filter((path) => matcher.test(path.split("\\").join("/"))));
		} else included.push(absolute(pattern));
	}
	const kept = included.filter((path) => !excludes.some((regexp) => regexp.test(path.split("\\").join("/"))));
	return [...new Set([...kept, ...forcedIn])].filter((path) => !forcedOut.has(path));
}

/**
 * The entries of one scope's settings file, expanded as a whole (relative to that file's
 * directory), so its `!exclude` entries apply to the others.
 */
export function expandSettingsList(settings: readonly ResourceSetting[], scope: ResourceSetting["scope"]): string[] {
	const entries = settings.filter((setting) => setting.scope === scope);
	const baseDir = entries[0]?.baseDir;
	return baseDir === undefined
		? []
		: expandResourcePatterns(
				entries.map((setting) => setting.pattern),
				baseDir,
			);
}

/** True when `path` is a directory (false for missing paths). */
export function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}
