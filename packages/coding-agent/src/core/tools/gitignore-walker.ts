import type { Dirent, Stats } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { type IgnoreChain, isIgnored, loadAncestorIgnoreChain, loadIgnoreLevel } from "./gitignore-rules.js";

/**
 * The built-in directory walker behind `grep` and `find` when ripgrep/fd are absent
 * (configuration.md §8): depth-first, entries sorted by name, hidden files included, `.git`
 * skipped, `.gitignore` files honoured (nested ones too, see gitignore-rules.ts).
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
}

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
	const state: WalkState = { options, visited: new Set([directoryKey(rootStats)]), realRoot: withSlash(realRoot) };
	const chain = options.respectGitignore === false ? [] : await loadAncestorIgnoreChain(root);
	yield* walkDirectory(root, "", chain, state);
}

async function* walkDirectory(
	dir: string,
	relativeDir: string,
	inheritedChain: IgnoreChain,
	state: WalkState,
): AsyncGenerator<WalkEntry> {
	if (state.options.signal?.aborted) throw new Error("Operation aborted");
	const entries = await readDirectorySorted(dir);
	const chain = await extendChain(dir, entries, inheritedChain, state.options);
	for (const dirent of entries) {
		if (dirent.name === ".git") continue;
		const absolutePath = join(dir, dirent.name);
		const relativePath = relativeDir === "" ? dirent.name : `${relativeDir}/${dirent.name}`;
		const target = await resolveTarget(absolutePath, dirent, state.options);
		const isDirectory = target?.isDirectory() ?? false;
		if (state.options.respectGitignore !== false && isIgnored(chain, absolutePath, isDirectory)) continue;
		yield { relativePath, absolutePath, isDirectory, isSymbolicLink: dirent.isSymbolicLink() };
		if (!target || !isDirectory) continue;
		const key = directoryKey(target);
		if (state.visited.has(key)) continue;
		if (dirent.isSymbolicLink() && (await isInsideRoot(absolutePath, state))) continue;
		state.visited.add(key);
		yield* walkDirectory(absolutePath, relativePath, chain, state);
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

async function extendChain(
	dir: string,
	entries: Dirent[],
	chain: IgnoreChain,
	options: WalkOptions,
): Promise<IgnoreChain> {
	if (options.respectGitignore === false || !entries.some((entry) => entry.name === ".gitignore")) return chain;
	const level = await loadIgnoreLevel(dir);
	return level ? [...chain, level] : chain;
}

/**
 * Stats of what the entry points to: needed for directories (to know their identity) and links
 * (to know what they point at). Undefined for plain files, unresolvable links, and links when
 * links are not followed.
 */
async function resolveTarget(absolutePath: string, dirent: Dirent, options: WalkOptions): Promise<Stats | undefined> {
	if (dirent.isSymbolicLink() && options.followSymlinks === false) return undefined;
	if (!dirent.isDirectory() && !dirent.isSymbolicLink()) return undefined;
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
