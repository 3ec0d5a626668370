import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Ignore } from "ignore";

/**
 * `.gitignore` semantics for the built-in walker, the one implementation behind the `find`/`grep`
 * fallback and the editor's `@` file search. Every directory's `.gitignore` applies to the paths
 * below it, relative to that directory; a deeper file takes precedence over a shallower one, the
 * repository's `.git/info/exclude` comes below every `.gitignore`, and within one file the last
 * matching rule wins (git's order). Above the walk root, the enclosing repository's `.gitignore`
 * files from its top down apply too.
 *
 * The `ignore` package matches. git's precedence across files is had by rebasing every file's
 * patterns onto one anchor directory (the repository top, or the walk root outside a repository)
 * and adding them to one matcher, outermost first: "last matching rule wins" then is git's order,
 * and the package's parent-directory check (a file under an excluded directory stays excluded)
 * sees the re-includes of deeper files too.
 */

/** The patterns of one ignore file and the directory they are relative to. */
export interface IgnoreLevel {
	baseDir: string;
	/** The file's lines, as written. */
	lines: readonly string[];
}

/** The rules in force in one directory of a walk. */
export interface IgnoreMatcher {
	/** Directory every pattern was rebased onto. */
	readonly anchor: string;
	/** The walk root's path below `anchor`, `/`-terminated ("" when the walk root is the anchor). */
	readonly prefix: string;
	/** Every rebased pattern, outermost file first. */
	readonly patterns: readonly string[];
	/** Undefined while there are no patterns (the `ignore` package is then never loaded). */
	readonly rules: Ignore | undefined;
}

/** git on Linux matches case-sensitively; macOS and Windows default to case-insensitive. */
const IGNORE_CASE = process.platform === "darwin" || process.platform === "win32";

/** The `ignore` package, imported on the first ignore file read: it stays out of every start-up. */
const importIgnore = () => import("ignore");
let ignorePackage: ReturnType<typeof importIgnore> | undefined;

/** Splits an ignore file's text into lines. */
export function createIgnoreLevel(baseDir: string, text: string): IgnoreLevel {
	return { baseDir, lines: text.split(/\r?\n/) };
}

/** Reads `<dir>/<fileName>` into a level; undefined when the file is missing or unreadable. */
export async function loadIgnoreLevel(dir: string, fileName = ".gitignore"): Promise<IgnoreLevel | undefined> {
	try {
		return createIgnoreLevel(dir, await readFile(join(dir, fileName), "utf8"));
	} catch {
		// Missing or unreadable ignore files simply contribute no rules, as in git.
		return undefined;
	}
}

/** Glob metacharacters a directory name must not bring into a rebased pattern. */
const GLOB_SPECIAL = /[\\*?[\]!#]/g;

/**
 * `line` of an ignore file in directory `base` (relative to the anchor, `/`-separated, "" for the
 * anchor itself) as a pattern relative to the anchor (gitignore(5)): a pattern with a slash at
 * its start or in its middle is relative to its file's directory; one without may match at any
 * depth below it; `!` and a trailing `/` are kept.
 */
export function rebasePattern(line: string, base: string): string | undefined {
	if (line.trim() === "" || line.startsWith("#")) return undefined;
	if (base === "") return line;
	const negated = line.startsWith("!");
	// Unescaped trailing spaces are not part of a pattern.
	const body = (negated ? line.slice(1) : line).replace(/(?<!\\)\s+$/, "");
	if (body === "" || body === "/") return undefined;
	const directoryOnly = body.endsWith("/");
	let core = directoryOnly ? body.slice(0, -1) : body;
	const anchored = core.includes("/");
	if (core.startsWith("/")) core = core.slice(1);
	const escapedBase = base.replace(GLOB_SPECIAL, (char) => `\\${char}`);
	const rebased = anchored ? `${escapedBase}/${core}` : `${escapedBase}/**/${core}`;
	return `${negated ? "!" : ""}${rebased}${directoryOnly ? "/" : ""}`;
}

/** A matcher for the walk rooted at `root` holding `levels` (outermost first), anchored at `anchor`. */
export async function createIgnoreMatcher(
	anchor: string,
	root: string,
	levels: readonly IgnoreLevel[],
): Promise<IgnoreMatcher> {
	const fromAnchor = toPosix(relative(anchor, root));
	const empty: IgnoreMatcher = {
		anchor,
		prefix: fromAnchor === "" ? "" : `${fromAnchor}/`,
		patterns: [],
		rules: undefined,
	};
	return extendIgnoreMatcher(empty, levels);
}

/** `matcher` with `levels` (deeper than everything in it, outermost first) added. */
export async function extendIgnoreMatcher(
	matcher: IgnoreMatcher,
	levels: readonly IgnoreLevel[],
): Promise<IgnoreMatcher> {
	const added: string[] = [];
	for (const level of levels) {
		const base = toPosix(relative(matcher.anchor, level.baseDir));
		for (const line of level.lines) {
			const pattern = rebasePattern(line, base);
			if (pattern !== undefined) added.push(pattern);
		}
	}
	if (added.length === 0) return matcher;
	const patterns = [...matcher.patterns, ...added];
	ignorePackage ??= importIgnore();
	const { default: ignore } = await ignorePackage;
	return { ...matcher, patterns, rules: ignore({ ignorecase: IGNORE_CASE }).add(patterns) };
}

/** True when git would exclude `relativePath` (relative to the walk root, `/`-separated). */
export function isIgnored(matcher: IgnoreMatcher, relativePath: string, isDirectory: boolean): boolean {
	if (!matcher.rules) return false;
	const path = matcher.prefix + relativePath;
	return matcher.rules.ignores(isDirectory ? `${path}/` : path);
}

function toPosix(path: string): string {
	return sep === "/" ? path : path.split(sep).join("/");
}

/**
 * The git directory of a work tree whose top is `dir`: `dir/.git` itself, or the directory a
 * `.git` file points at (`gitdir: …`, as in linked worktrees and submodules); for a linked
 * worktree, `info/exclude` lives in the common directory named by its `commondir` file.
 */
async function infoExcludeDir(dir: string): Promise<string | undefined> {
	const dotGit = join(dir, ".git");
	let gitDir = dotGit;
	try {
		const text = await readFile(dotGit, "utf8");
		const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
		if (!pointer) return undefined;
		gitDir = resolve(dir, pointer);
		const common = (await readFile(join(gitDir, "commondir"), "utf8").catch(() => "")).trim();
		if (common) gitDir = resolve(gitDir, common);
	} catch {
		// `.git` is a directory (EISDIR) or vanished: the plain layout.
	}
	return join(gitDir, "info");
}

/**
 * `.git/info/exclude` of the repository whose work tree starts at `workTree`, as a level relative
 * to that work tree; undefined when there is none.
 */
export async function loadInfoExclude(workTree: string): Promise<IgnoreLevel | undefined> {
	const infoDir = await infoExcludeDir(workTree);
	const level = infoDir ? await loadIgnoreLevel(infoDir, "exclude") : undefined;
	return level ? { ...level, baseDir: workTree } : undefined;
}

/**
 * The matcher in force at the walk root before its own `.gitignore`: when `root` lies inside a git
 * repository (or is its top), anchored at the repository top with its `.git/info/exclude` and
 * every `.gitignore` from the top down to `root`'s parent; otherwise empty, anchored at `root`.
 */
export async function loadRootIgnoreMatcher(root: string): Promise<IgnoreMatcher> {
	const ancestors: string[] = [];
	for (let dir = root; ; dir = dirname(dir)) {
		if (dir !== root) ancestors.unshift(dir);
		if (existsSync(join(dir, ".git"))) break;
		if (dirname(dir) === dir) return createIgnoreMatcher(root, root, []);
	}
	const gitRoot = ancestors[0] ?? root;
	const levels = [await loadInfoExclude(gitRoot)];
	for (const dir of ancestors) levels.push(await loadIgnoreLevel(dir));
	return createIgnoreMatcher(
		gitRoot,
		root,
		levels.filter((level): level is IgnoreLevel => level !== undefined),
	);
}
