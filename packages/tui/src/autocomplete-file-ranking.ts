/**
 * Ranking `@` file references: fuzzy match scores preferring matches in the file name over the
 * directory, computed in two passes so a keystroke stays cheap on a big tree.
 */
import { basename } from "node:path";
import { trimmedLowerPath, type WalkedEntry } from "./autocomplete-file-search.js";
import type { AutocompleteItem } from "./autocomplete-types.js";
import { fuzzyMatch } from "./fuzzy.js";

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

/** How many of the best first-pass candidates get the exact (and costly) fuzzy score. */
export const EXACT_RANKING_POOL = 256;

/** `/ - _ . space`, as char codes. */
const SEPARATOR_CODES = new Set([47, 45, 95, 46, 32]);

function isAsciiUpper(code: number): boolean {
	return code >= 65 && code <= 90;
}

/** True when `lowerQuery` is a subsequence of `lowerText` from `from` on. */
function isSubsequenceFrom(lowerQuery: string, lowerText: string, from: number): boolean {
	let matched = 0;
	for (let i = from; i < lowerText.length && matched < lowerQuery.length; i++) {
		if (lowerText.charCodeAt(i) === lowerQuery.charCodeAt(matched)) matched++;
	}
	return matched === lowerQuery.length;
}

/** True when the query's characters are word starts of the name, in order (`fb` in `foo-bar`, `fI` in `fileIndex`). */
function matchesWordStarts(lowerQuery: string, path: string, lowerPath: string, nameStart: number): boolean {
	let matched = 0;
	for (let i = nameStart; i < lowerPath.length && matched < lowerQuery.length; i++) {
		if (lowerPath.charCodeAt(i) !== lowerQuery.charCodeAt(matched)) continue;
		const previous = path.charCodeAt(i - 1);
		const isStart =
			i === nameStart || SEPARATOR_CODES.has(previous) || (isAsciiUpper(path.charCodeAt(i)) && !isAsciiUpper(previous));
		if (isStart) matched++;
	}
	return matched === lowerQuery.length;
}

/**
 * A cheap first-pass score (no allocation, linear in the path), or `null` when `query` is not a
 * subsequence of the path. It orders candidates the way {@link scoreEntry} mostly does: the
 * query inside the file name, then its word starts, then anywhere in the path; shallow and short
 * paths first.
 */
function quickScore(lowerQuery: string, queryHasSlash: boolean, entry: WalkedEntry): number | null {
	const lowerPath = entry.lowerPath ?? trimmedLowerPath(entry);
	// One pass: the subsequence test, the depth and where the file name starts.
	let matched = 0;
	let depth = 0;
	let nameStart = 0;
	for (let i = 0; i < lowerPath.length; i++) {
		const code = lowerPath.charCodeAt(i);
		if (code === 47) {
			depth++;
			nameStart = i + 1;
		}
		if (matched < lowerQuery.length && code === lowerQuery.charCodeAt(matched)) matched++;
	}
	if (matched < lowerQuery.length) return null;
	let score = 0;
	if (queryHasSlash) {
		if (lowerPath.includes(lowerQuery)) score += 200;
	} else {
		const at = lowerPath.indexOf(lowerQuery, nameStart);
		if (at === nameStart) score += 400;
		else if (at > nameStart) score += 300;
		else if (matchesWordStarts(lowerQuery, entry.path, lowerPath, nameStart)) score += 250;
		else if (lowerPath.includes(lowerQuery)) score += 150;
		else if (isSubsequenceFrom(lowerQuery, lowerPath, nameStart)) score += 100;
	}
	return score - depth * 4 - lowerPath.length * 0.1;
}

/** The entries `query` matches at all (a case-insensitive subsequence of the path), in order. */
export function filterEntries(entries: readonly WalkedEntry[], query: string): WalkedEntry[] {
	const lowerQuery = query.toLowerCase();
	const matches: WalkedEntry[] = [];
	for (const entry of entries) {
		if (isSubsequenceFrom(lowerQuery, entry.lowerPath ?? trimmedLowerPath(entry), 0)) matches.push(entry);
	}
	return matches;
}

/** The result of {@link rankFiles}. */
export interface FileRanking {
	/** The best matches as `@` completions, best first. */
	items: AutocompleteItem[];
	/** Every entry the query matches, in input order (a longer query can only match among these). */
	matches: WalkedEntry[];
}

/**
 * Ranks `entries` for `query`: the best `limit` as `@` completions (shallowest first for an empty
 * query), and every match. Two passes keep a keystroke cheap on a big tree: a linear first pass
 * over every entry, then the exact fuzzy score ({@link scoreEntry}) for the best
 * {@link EXACT_RANKING_POOL} of them.
 */
export function rankFiles(entries: readonly WalkedEntry[], query: string, limit: number): FileRanking {
	if (query.length === 0) return { items: entries.slice(0, limit).map(toFileItem), matches: [...entries] };
	const lowerQuery = query.toLowerCase();
	const pool = Math.max(limit, EXACT_RANKING_POOL);
	const matches: WalkedEntry[] = [];
	let quick = new Float64Array(1024);
	const queryHasSlash = lowerQuery.includes("/");
	for (const entry of entries) {
		const score = quickScore(lowerQuery, queryHasSlash, entry);
		if (score === null) continue;
		if (matches.length === quick.length) {
			const grown = new Float64Array(quick.length * 2);
			grown.set(quick);
			quick = grown;
		}
		quick[matches.length] = score;
		matches.push(entry);
	}
	const scores = quick.subarray(0, matches.length);
	// The pool's lowest first-pass score: everything above it gets the exact score, then ties.
	const threshold = matches.length > pool ? nthLargest(scores, pool) : Number.NEGATIVE_INFINITY;
	const pooled: number[] = [];
	for (let i = 0; i < matches.length; i++) if (scores[i]! > threshold) pooled.push(i);
	for (let i = 0; i < matches.length && pooled.length < pool; i++) if (scores[i] === threshold) pooled.push(i);
	const scored: { entry: WalkedEntry; score: number }[] = [];
	for (const i of pooled) {
		const entry = matches[i]!;
		const score = scoreEntry(query, entry);
		if (score !== null) scored.push({ entry, score });
	}
	scored.sort((a, b) => b.score - a.score || a.entry.path.length - b.entry.path.length);
	return { items: scored.slice(0, limit).map((match) => toFileItem(match.entry)), matches };
}

/** The `n`-th largest of `values` (n <= values.length), with a size-n min-heap: linear for most inputs. */
function nthLargest(values: Float64Array, n: number): number {
	const heap = new Float64Array(n);
	let size = 0;
	for (const value of values) {
		if (size < n) {
			// Sift up.
			let i = size++;
			heap[i] = value;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				if (heap[parent]! <= heap[i]!) break;
				[heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
				i = parent;
			}
		} else if (value > heap[0]!) {
			// Replace the minimum and sift down.
			heap[0] = value;
			let i = 0;
			for (;;) {
				const left = 2 * i + 1;
				const right = left + 1;
				let smallest = i;
				if (left < n && heap[left]! < heap[smallest]!) smallest = left;
				if (right < n && heap[right]! < heap[smallest]!) smallest = right;
				if (smallest === i) break;
				[heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
				i = smallest;
			}
		}
	}
	return heap[0]!;
}

/** {@link rankFiles}' completions alone. */
export function searchFiles(entries: readonly WalkedEntry[], query: string, limit: number): AutocompleteItem[] {
	return rankFiles(entries, query, limit).items;
}
