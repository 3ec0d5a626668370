/**
 * `@` file references: a bounded breadth-first walk of the base directory (skipping a small
 * ignore set) ranked by fuzzy match, preferring matches in the file name over the directory.
 */
import { basename, join } from "node:path";
import { isDirectoryEntry, readDirectory } from "./autocomplete-paths.js";
import type { AutocompleteItem } from "./autocomplete-types.js";
import { fuzzyMatch } from "./fuzzy.js";

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
				entries.push({ path, isDirectory });
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

/** Score bonus for a match inside the file name rather than only across the path. */
const BASENAME_BONUS = 20;
/** Penalty per directory level, so shallower files win ties. */
const DEPTH_PENALTY = 1;

/** Scores an entry for `query` (higher is better), or `null` when it does not match. */
export function scoreEntry(query: string, entry: WalkedEntry): number | null {
	const trimmedPath = entry.isDirectory ? entry.path.slice(0, -1) : entry.path;
	const depth = trimmedPath.split("/").length - 1;
	const pathMatch = fuzzyMatch(query, trimmedPath);
	if (!pathMatch) return null;
	let score = pathMatch.score;
	if (!query.includes("/")) {
		const nameMatch = fuzzyMatch(query, basename(trimmedPath));
		if (nameMatch) score = Math.max(score, nameMatch.score + BASENAME_BONUS);
	}
	return score - depth * DEPTH_PENALTY;
}

/** Formats an entry as an `@` completion; paths with spaces are quoted (`@"my file.txt"`). */
export function toFileItem(entry: WalkedEntry): AutocompleteItem {
	const quoted = /\s/.test(entry.path) ? `"${entry.path}"` : entry.path;
	const trimmed = entry.isDirectory ? entry.path.slice(0, -1) : entry.path;
	const name = basename(trimmed) + (entry.isDirectory ? "/" : "");
	const parent = trimmed.includes("/") ? trimmed.slice(0, trimmed.lastIndexOf("/") + 1) : "";
	const item: AutocompleteItem = { value: `@${quoted}`, label: name };
	if (parent) item.description = parent;
	return item;
}

/** Ranks `entries` for `query` and returns the best `limit` as `@` completions (shallowest first for an empty query). */
export function searchFiles(entries: readonly WalkedEntry[], query: string, limit: number): AutocompleteItem[] {
	if (query.length === 0) return entries.slice(0, limit).map(toFileItem);
	const scored: { entry: WalkedEntry; score: number }[] = [];
	for (const entry of entries) {
		const score = scoreEntry(query, entry);
		if (score !== null) scored.push({ entry, score });
	}
	scored.sort((a, b) => b.score - a.score || a.entry.path.length - b.entry.path.length);
	return scored.slice(0, limit).map((match) => toFileItem(match.entry));
}
