import type { Dirent, Stats } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import {
	extendIgnoreMatcher,
	type IgnoreLevel,
	type IgnoreMatcher,
	isIgnored,
	loadIgnoreLevel,
	loadInfoExclude,
	loadRootIgnoreMatcher,
} from "./gitignore-rules.js";

/**
 * The built-in directory walker behind `grep` and `find` when ripgrep/fd are absent
 * (configuration.md §8) and behind the editor's `@` file search: depth-first (or breadth-first),
 * entries sorted by name, hidden files included, `.git` skipped, `.gitignore` files honoured
 * (nested ones too, and `.git/info/exclude`; see gitignore-rules.ts). Lazy: a directory is read
 * only when the consumer pulls past the entries before it (breadth first: a few ahead of it).
 *
 * Symbolic links are followed, except links to directories inside the walk root (those are reached
 * by their real path anyway); every real directory is entered at most once (tracked by device and
 * inode), so symlink loops terminate and no directory's contents are listed twice. Links that
 * cannot be resolved (dangling, or looping onto themselves) are reported as non-directory entries.
 * Unreadable directories are skipped, as ripgrep does.
 */

/** One file, directory or link met by the walk. */
export interface WalkEntry {
	/** Path relative to the walk root, `/`-separated. */
	relativePath: string;
	absolutePath: string;
	/** True for directories and links to directories. */
	isDirectory: boolean;
	isSymbolicLink: boolean;
}

/** Options of {@link walkTree}. */
export interface WalkOptions {
	/** Default: true. */
	respectGitignore?: boolean;
	/** Default: true. When false, links are reported but never entered. */
	followSymlinks?: boolean;
	/** Checked at every directory; an abort rejects with `Operation aborted`. */
	signal?: AbortSignal;
	/**
	 * Default: depth-first (a directory's contents right after it). Breadth-first yields every entry
	 * of one depth before the next, so a consumer that stops early keeps the shallow files.
	 */
	order?: "depth-first" | "breadth-first";
	/** Entry names never yielded nor entered. Default: `.git` only. */
	skipNames?: ReadonlySet<string>;
}

const DEFAULT_SKIP_NAMES: ReadonlySet<string> = new Set([".git"]);

const NO_RULES: IgnoreMatcher = { anchor: "", prefix: "", patterns: [], rules: undefined };

/** A directory to list, with the ignore rules in force above it. */
interface PendingDirectory {
	dir: string;
	relativeDir: string;
	rules: IgnoreMatcher;
	/** Its listing, when started ahead of time (breadth-first read-ahead). */
	listing?: Promise<Dirent[]>;
}

/** Breadth-first: directories of the next level listed concurrently ahead of the consumer. */
const READ_AHEAD = 16;

interface WalkState {
	options: WalkOptions;
	visited: Set<string>;
	/** Real path of the walk root, `/`-terminated. */
	realRoot: string;
}

/** Yields every entry below `root` (an existing directory), outermost first. */
export async function* walkTree(root: string, options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
	const rootStats = await stat(root);
	const realRoot = await realpath(root);
	const state: WalkState = {
		options,
		visited: new Set([directoryKey(rootStats)]),
		realRoot: withSlash(realRoot),
	};
	const rules = options.respectGitignore === false ? NO_RULES : await loadRootIgnoreMatcher(root);
	const start: PendingDirectory = { dir: root, relativeDir: "", rules };
	if (options.order !== "breadth-first") {
		yield* walkDirectory(start, state, undefined);
		return;
	}
	for (let level = [start]; level.length > 0; ) {
		const nextLevel: PendingDirectory[] = [];
		for (let index = 0; index < level.length; index++) {
			// Directory reads wait on the disk, not the CPU: keep a few in flight.
			for (let ahead = index; ahead < Math.min(level.length, index + READ_AHEAD); ahead++) {
				const pending = level[ahead]!;
				pending.listing ??= readDirectorySorted(pending.dir);
			}
			yield* walkDirectory(level[index]!, state, nextLevel);
		}
		level = nextLevel;
	}
}

/** Lists one directory; its subdirectories are walked at once (depth-first) or appended to `queue`. */
async function* walkDirectory(
	{ dir, relativeDir, rules: inherited, listing }: PendingDirectory,
	state: WalkState,
	queue: PendingDirectory[] | undefined,
): AsyncGenerator<WalkEntry> {
	if (state.options.signal?.aborted) throw new Error("Operation aborted");
	const entries = await (listing ?? readDirectorySorted(dir));
	const rules = await rulesInside(dir, relativeDir, entries, inherited, state.options);
	const skipNames = state.options.skipNames ?? DEFAULT_SKIP_NAMES;
	for (const dirent of entries) {
		if (dirent.name === ".git" || skipNames.has(dirent.name)) continue;
		const absolutePath = join(dir, dirent.name);
		const relativePath = relativeDir === "" ? dirent.name : `${relativeDir}/${dirent.name}`;
		// Without links followed, a real directory cannot be met twice: no stat for its identity.
		const needsStat = (dirent.isSymbolicLink() || dirent.isDirectory()) && state.options.followSymlinks !== false;
		const target = needsStat ? await resolveTarget(absolutePath) : undefined;
		const isDirectory = target ? target.isDirectory() : !dirent.isSymbolicLink() && dirent.isDirectory();
		if (state.options.respectGitignore !== false && isIgnored(rules, relativePath, isDirectory)) continue;
		yield { relativePath, absolutePath, isDirectory, isSymbolicLink: dirent.isSymbolicLink() };
		if (!isDirectory || (needsStat && !target)) continue;
		if (target) {
			const key = directoryKey(target);
			if (state.visited.has(key)) continue;
			if (dirent.isSymbolicLink() && (await isInsideRoot(absolutePath, state))) continue;
			state.visited.add(key);
		}
		const pending = { dir: absolutePath, relativeDir: relativePath, rules };
		if (queue) queue.push(pending);
		else yield* walkDirectory(pending, state, undefined);
	}
}

async function readDirectorySorted(dir: string): Promise<Dirent[]> {
	try {
		const entries = await readdir(dir, { withFileTypes: true });
		return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	} catch {
		// Unreadable (permissions, vanished meanwhile): skip it like ripgrep and fd do.
		return [];
	}
}

/**
 * The rules in force inside `dir`: the inherited ones, then (for a nested repository below the
 * root) its `.git/info/exclude`, then `dir`'s own `.gitignore`, so deeper and more specific rules
 * come later and win.
 */
async function rulesInside(
	dir: string,
	relativeDir: string,
	entries: Dirent[],
	rules: IgnoreMatcher,
	options: WalkOptions,
): Promise<IgnoreMatcher> {
	if (options.respectGitignore === false) return rules;
	const added: (IgnoreLevel | undefined)[] = [];
	// The walk root's own repository was handled by loadRootIgnoreMatcher.
	if (relativeDir !== "" && entries.some((entry) => entry.name === ".git")) added.push(await loadInfoExclude(dir));
	if (entries.some((entry) => entry.name === ".gitignore")) added.push(await loadIgnoreLevel(dir));
	const levels = added.filter((level): level is IgnoreLevel => level !== undefined);
	return levels.length > 0 ? extendIgnoreMatcher(rules, levels) : rules;
}

/**
 * Stats of what a directory or link points to (its identity, and for a link what it is).
 * Undefined for links that cannot be resolved.
 */
async function resolveTarget(absolutePath: string): Promise<Stats | undefined> {
	try {
		return await stat(absolutePath);
	} catch {
		// Dangling link or a link loop (ELOOP): report the entry, never descend.
		return undefined;
	}
}

/** True when a link's target lies inside the walk root, where the walk meets it anyway. */
async function isInsideRoot(linkPath: string, state: WalkState): Promise<boolean> {
	try {
		return withSlash(await realpath(linkPath)).startsWith(state.realRoot);
	} catch {
		// Vanished since it was stat'ed: nothing to enter.
		return true;
	}
}

function withSlash(path: string): string {
	return path.endsWith(sep) ? path : `${path}${sep}`;
}

function directoryKey(stats: Stats): string {
	return `${stats.dev}:${stats.ino}`;
}
