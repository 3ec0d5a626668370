import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Ignore } from "ignore";

/**
 * `.gitignore` semantics for the built-in walker: every directory's `.gitignore` applies to the
 * paths below it; deeper files are consulted later, and the last rule that matches wins (so a
 * nested `!pattern` re-includes). Above the search root, the `.gitignore` files from the enclosing
 * git repository's root down, plus its `.git/info/exclude`, apply too.
 */

/** The rules of one ignore file and the directory they are relative to. */
export interface IgnoreLevel {
	baseDir: string;
	rules: Ignore;
}

/** Ignore levels from the outermost directory inwards. */
export type IgnoreChain = readonly IgnoreLevel[];

/** git on Linux matches case-sensitively; macOS and Windows default to case-insensitive. */
const IGNORE_CASE = process.platform === "darwin" || process.platform === "win32";

/** The `ignore` package, imported on the first ignore file read: it stays out of every start-up. */
const importIgnore = () => import("ignore");
let ignorePackage: ReturnType<typeof importIgnore> | undefined;

/** Parses one ignore file's text into a level for `baseDir`. */
export async function createIgnoreLevel(baseDir: string, text: string): Promise<IgnoreLevel> {
	const { default: ignore } = await (ignorePackage ??= importIgnore());
	return { baseDir, rules: ignore({ ignorecase: IGNORE_CASE }).add(text) };
}

/** Reads `<dir>/<fileName>` into a level; undefined when the file is missing or unreadable. */
export async function loadIgnoreLevel(dir: string, fileName = ".gitignore"): Promise<IgnoreLevel | undefined> {
	try {
		return await createIgnoreLevel(dir, await readFile(join(dir, fileName), "utf8"));
	} catch {
		// Missing or unreadable ignore files simply contribute no rules, as in git.
		return undefined;
	}
}

/**
 * The levels that apply to `root` from above it: when `root` lies inside a git repository, the
 * repository's `.git/info/exclude` and every `.gitignore` from the repository root down to
 * `root`'s parent. Empty outside a repository (the search root's own `.gitignore` is loaded by the
 * walker).
 */
export async function loadAncestorIgnoreChain(root: string): Promise<IgnoreLevel[]> {
	if (existsSync(join(root, ".git"))) return [];
	const ancestors: string[] = [];
	for (let dir = dirname(root); ; dir = dirname(dir)) {
		ancestors.unshift(dir);
		if (existsSync(join(dir, ".git"))) break;
		if (dirname(dir) === dir) return [];
	}
	const gitRoot = ancestors[0] ?? root;
	const levels = [await loadIgnoreLevel(join(gitRoot, ".git", "info"), "exclude")].map((level) =>
		level ? { ...level, baseDir: gitRoot } : undefined,
	);
	for (const dir of ancestors) levels.push(await loadIgnoreLevel(dir));
	return levels.filter((level): level is IgnoreLevel => level !== undefined);
}

/** True when the last rule matching `absolutePath` across `chain` ignores it. */
export function isIgnored(chain: IgnoreChain, absolutePath: string, isDirectory: boolean): boolean {
	let ignored = false;
	for (const level of chain) {
		const relativePath = relative(level.baseDir, absolutePath).split(sep).join("/");
		if (relativePath === "" || relativePath === ".." || relativePath.startsWith("../")) continue;
		const result = level.rules.test(isDirectory ? `${relativePath}/` : relativePath);
		if (result.ignored) ignored = true;
		else if (result.unignored) ignored = false;
	}
	return ignored;
}
