import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";

/**
 * Path rules shared by the built-in tools (configuration.md §8, "Paths"): a leading `@` is
 * stripped (models copy it from `@file` mentions), Unicode space variants become plain spaces,
 * `~` expands to the home directory and relative paths resolve against the session cwd.
 */

/** Unicode spaces a model may emit where the file system has a plain space. */
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
/** macOS puts U+202F (narrow no-break space) before AM/PM in screenshot file names. */
const NARROW_NO_BREAK_SPACE = "\u202F";

/** Strips one leading `@` and normalises Unicode space variants; does not touch the file system. */
export function normalizeToolPath(path: string): string {
	const withoutAt = path.startsWith("@") ? path.slice(1) : path;
	return withoutAt.replace(UNICODE_SPACES, " ");
}

/** {@link normalizeToolPath}, then `~` / `~/…` expanded to `home` (default: the user's home). */
export function expandPath(path: string, home: string = homedir()): string {
	const normalized = normalizeToolPath(path);
	if (normalized === "~") return home;
	if (normalized.startsWith("~/") || normalized.startsWith("~\\")) return home + normalized.slice(1);
	return normalized;
}

/** The absolute path a tool argument names: expanded ({@link expandPath}) and resolved against `cwd`. */
export function resolveToCwd(path: string, cwd: string): string {
	const expanded = expandPath(path);
	return isAbsolute(expanded) ? resolve(expanded) : resolve(cwd, expanded);
}

/** Options for {@link resolveExistingPath}; both exist so tests can simulate macOS. */
export interface ResolveExistingPathOptions {
	/** Default: `existsSync`. */
	exists?: (absolutePath: string) => boolean;
	/** Default: `process.platform`. Variants are only tried on `"darwin"`. */
	platform?: NodeJS.Platform;
}

/**
 * Like {@link resolveToCwd}, but when the path does not exist on macOS, retries best-effort
 * variants (NFD/NFC normalisation, narrow no-break space before AM/PM, curly apostrophes) and
 * returns the first that exists. Returns the plain resolution when none does, so the caller's
 * "not found" error names what the model asked for.
 */
export function resolveExistingPath(path: string, cwd: string, options: ResolveExistingPathOptions = {}): string {
	const exists = options.exists ?? existsSync;
	const platform = options.platform ?? process.platform;
	const resolved = resolveToCwd(path, cwd);
	if (platform !== "darwin" || exists(resolved)) return resolved;
	for (const variant of macOSVariants(resolved)) {
		if (variant !== resolved && exists(variant)) return variant;
	}
	return resolved;
}

function macOSVariants(path: string): string[] {
	const screenshot = path.replace(/ (AM|PM)\./g, `${NARROW_NO_BREAK_SPACE}$1.`);
	const curly = path.replace(/'/g, "\u2019");
	return [
		path.normalize("NFD"),
		path.normalize("NFC"),
		screenshot,
		curly,
		screenshot.normalize("NFD"),
		curly.normalize("NFD"),
	];
}
