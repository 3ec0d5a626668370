/**
 * `@` file references: a bounded breadth-first walk of the base directory (skipping a small
 * ignore set); autocomplete-file-ranking.ts ranks what it finds.
 */
import { join } from "node:path";
import { isDirectoryEntry, readDirectory } from "./autocomplete-paths.js";

/** Directory names never descended into (nor offered). */
export const IGNORED_DIRECTORIES: ReadonlySet<string> = new Set([
	".git",
	".hg",
	".svn",
	"node_modules",
	".next",
	".turbo",
	".cache",
	"__pycache__",
	".venv",
	".pytest_cache",
	"target",
]);

/** Limits of one walk. */
export interface FileWalkLimits {
	/** Stop after this many entries. Default: 20000. */
	maxEntries: number;
	/** Do not descend deeper than this. Default: 12. */
	maxDepth: number;
}

const DEFAULT_LIMITS: FileWalkLimits = { maxEntries: 20_000, maxDepth: 12 };

/** A walked entry: path relative to the base, `/`-separated, directories ending with `/`. */
export interface WalkedEntry {
	path: string;
	isDirectory: boolean;
	/** `path` lower-cased, without a directory's trailing `/`: set it once to spare every search the work. */
	lowerPath?: string;
}

/** Walks `basePath` breadth first, so shallow entries survive the entry limit. Unreadable directories are skipped. */
export function walkFiles(basePath: string, limits: FileWalkLimits = DEFAULT_LIMITS): WalkedEntry[] {
	const entries: WalkedEntry[] = [];
	let level: string[] = [""];
	for (let depth = 0; depth <= limits.maxDepth && level.length > 0; depth++) {
		const nextLevel: string[] = [];
		for (const relative of level) {
			const directory = join(basePath, relative);
			const children = readDirectory(directory).sort((a, b) => a.name.localeCompare(b.name));
			for (const child of children) {
				if (IGNORED_DIRECTORIES.has(child.name)) continue;
				const isDirectory = isDirectoryEntry(child, directory);
				const path = `${relative}${child.name}${isDirectory ? "/" : ""}`;
				entries.push({ path, isDirectory, lowerPath: trimmedLowerPath({ path, isDirectory }) });
				if (entries.length >= limits.maxEntries) return entries;
				if (isDirectory && !child.isSymbolicLink()) nextLevel.push(path);
			}
		}
		level = nextLevel;
	}
	return entries;
}

/** How long a walk is reused before the tree is read again, in milliseconds. */
export const FILE_INDEX_TTL_MS = 5000;

/** Caches one walk per base directory for {@link FILE_INDEX_TTL_MS}. */
export class FileIndex {
	private cached: { basePath: string; at: number; entries: WalkedEntry[] } | undefined;

	constructor(
		private readonly limits: FileWalkLimits = DEFAULT_LIMITS,
		private readonly now: () => number = Date.now,
	) {}

	/** The entries under `basePath`, walking again when stale or when `refresh` is set. */
	entries(basePath: string, refresh = false): WalkedEntry[] {
		const current = this.now();
		const cached = this.cached;
		if (!refresh && cached && cached.basePath === basePath && current - cached.at < FILE_INDEX_TTL_MS) {
			return cached.entries;
		}
		const entries = walkFiles(basePath, this.limits);
		this.cached = { basePath, at: current, entries };
		return entries;
	}
}

/** The value of {@link WalkedEntry.lowerPath} for `entry`. */
export function trimmedLowerPath(entry: { path: string; isDirectory: boolean }): string {
	return (entry.isDirectory ? entry.path.slice(0, -1) : entry.path).toLowerCase();
}
