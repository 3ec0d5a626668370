// Resource filters of package manifests and settings entries: plain globs include, `!glob`
// excludes, `+path` force-includes one exact path, `-path` force-excludes one exact path.
import { basename, dirname, relative, sep } from "node:path";
import { globToRegExp } from "../resources/resource-paths.js";

function posix(path: string): string {
	return sep === "/" ? path : path.split(sep).join("/");
}

/** True for the entries that adjust a list instead of naming resources (`!`, `+`, `-`). */
export function isOverridePattern(entry: string): boolean {
	return entry.startsWith("!") || entry.startsWith("+") || entry.startsWith("-");
}

/** True when an entry is a glob (expanded against the file system) rather than a path. */
export function hasGlob(entry: string): boolean {
	return entry.includes("*") || entry.includes("?");
}

// The names a file is matched under: path relative to the base, its basename, its absolute path —
// and for a SKILL.md also its skill folder's, so a filter can name a skill by folder.
function candidateNames(file: string, baseDir: string): string[] {
	const names = [posix(relative(baseDir, file)), basename(file), posix(file)];
	if (basename(file) === "SKILL.md") {
		const folder = dirname(file);
		names.push(posix(relative(baseDir, folder)), basename(folder), posix(folder));
	}
	return names;
}

function stripDotSlash(pattern: string): string {
	return pattern.startsWith("./") ? pattern.slice(2) : pattern;
}

/** Whether a glob pattern matches `file` under any of its names. */
export function matchesGlob(file: string, pattern: string, baseDir: string): boolean {
	const regexp = globToRegExp(posix(stripDotSlash(pattern)));
	return candidateNames(file, baseDir).some((name) => regexp.test(name));
}

/** Whether an exact path (relative to `baseDir` or absolute) names `file` (or its skill folder). */
export function matchesExact(file: string, pattern: string, baseDir: string): boolean {
	const wanted = posix(stripDotSlash(pattern)).replace(/\/+$/, "");
	const names = candidateNames(file, baseDir).filter((_, index) => index !== 1 && index !== 4);
	return names.includes(wanted);
}

/**
 * The subset of `files` a filter list enables, in the order of `files`: plain entries include what
 * they match (no plain entries: everything), then `!` removes, `+` adds back exact paths, `-`
 * removes exact paths — last word to `-`.
 */
export function applyFilterPatterns(
	files: readonly string[],
	patterns: readonly string[],
	baseDir: string,
): Set<string> {
	const includes = patterns.filter((pattern) => !isOverridePattern(pattern));
	const excludes = patterns.filter((pattern) => pattern.startsWith("!")).map((pattern) => pattern.slice(1));
	const forceIn = patterns.filter((pattern) => pattern.startsWith("+")).map((pattern) => pattern.slice(1));
	const forceOut = patterns.filter((pattern) => pattern.startsWith("-")).map((pattern) => pattern.slice(1));
	const enabled = new Set<string>();
	for (const file of files) {
		let on = includes.length === 0 || includes.some((pattern) => matchesGlob(file, pattern, baseDir));
		if (on && excludes.some((pattern) => matchesGlob(file, pattern, baseDir))) on = false;
		if (!on && forceIn.some((pattern) => matchesExact(file, pattern, baseDir))) on = true;
		if (on && forceOut.some((pattern) => matchesExact(file, pattern, baseDir))) on = false;
		if (on) enabled.add(file);
	}
	return enabled;
}

/**
 * A project entry with `autoload: false` adjusts the personal entry's selection: `+`/plain entries
 * turn matching files on, `-`/`!` entries turn them off; files no entry names keep their state.
 */
export function applyDeltaPatterns(
	files: readonly string[],
	enabled: ReadonlySet<string>,
	patterns: readonly string[],
	baseDir: string,
): Set<string> {
	const result = new Set(enabled);
	for (const pattern of patterns) {
		const exact = pattern.startsWith("+") || pattern.startsWith("-");
		const target = isOverridePattern(pattern) ? pattern.slice(1) : pattern;
		const on = !pattern.startsWith("-") && !pattern.startsWith("!");
		for (const file of files) {
			const hit = exact ? matchesExact(file, target, baseDir) : matchesGlob(file, target, baseDir);
			if (!hit) continue;
			if (on) result.add(file);
			else result.delete(file);
		}
	}
	return result;
}
