/**
 * Fuzzy matching: every query character must appear in the text, in order, ignoring case.
 * Among all such alignments the best-scoring one is chosen (a small dynamic programme, O(query × text)).
 */

/** The result of a successful {@link fuzzyMatch}. */
export interface FuzzyMatch {
	/** Higher is better. Only comparable between matches of the same query. */
	score: number;
	/** Indices (UTF-16 code units) into the text of the matched characters, ascending. */
	indices: number[];
}

const SCORE_MATCH = 16;
const BONUS_BOUNDARY = 10;
const BONUS_CAMEL = 8;
const BONUS_FIRST_CHAR = 6;
const BONUS_CONSECUTIVE = 12;
const BONUS_EXACT_CASE = 1;
const PENALTY_GAP = 1;
const PENALTY_LEADING = 0.5;
const PENALTY_LENGTH = 0.1;

const SEPARATORS = new Set([" ", "\t", "/", "\\", "_", "-", ".", ":", "@", "(", ")", "[", "]", ","]);

function isUpper(char: string): boolean {
	return char !== char.toLowerCase() && char === char.toUpperCase();
}

function isLowerOrDigit(char: string): boolean {
	return (char !== char.toUpperCase() && char === char.toLowerCase()) || (char >= "0" && char <= "9");
}

/** Bonus for matching at `index`: word starts (after a separator) and camelCase humps score higher. */
function positionBonus(text: string, index: number): number {
	if (index === 0) return BONUS_BOUNDARY + BONUS_FIRST_CHAR;
	const previous = text[index - 1] ?? "";
	const current = text[index] ?? "";
	if (SEPARATORS.has(previous)) return SEPARATORS.has(current) ? 0 : BONUS_BOUNDARY;
	if (isUpper(current) && isLowerOrDigit(previous)) return BONUS_CAMEL;
	return 0;
}

/**
 * Matches `query` against `text` as a case-insensitive subsequence.
 *
 * Scoring rewards consecutive runs, matches at word boundaries (start, after `/`, `-`, `_`, `.`,
 * space…) and camelCase humps, and penalises gaps, a late first match and long texts, so that
 * `"fb"` ranks `foo-bar` above `fabric` and an exact name above a longer one.
 *
 * @returns the best alignment, or `null` when `query` is not a subsequence of `text`.
 * An empty query matches everything with score 0 and no indices.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
	if (query.length === 0) return { score: 0, indices: [] };
	if (query.length > text.length) return null;
	const lowerQuery = query.toLowerCase();
	const lowerText = text.toLowerCase();
	if (!isSubsequence(lowerQuery, lowerText)) return null;
	return alignBest(query, lowerQuery, text, lowerText);
}

function isSubsequence(query: string, text: string): boolean {
	let queryIndex = 0;
	for (let i = 0; i < text.length && queryIndex < query.length; i++) {
		if (text[i] === query[queryIndex]) queryIndex++;
	}
	return queryIndex === query.length;
}

/** Per-character score of matching query[i] at text[j], excluding gap and run terms. */
function charScore(query: string, text: string, i: number, j: number): number {
	const exactCase = query[i] === text[j] ? BONUS_EXACT_CASE : 0;
	return SCORE_MATCH + positionBonus(text, j) + exactCase;
}

function alignBest(query: string, lowerQuery: string, text: string, lowerText: string): FuzzyMatch | null {
	const m = lowerQuery.length;
	const n = lowerText.length;
	// scores[i][j]: best score with query[i] matched at text[j]; -Infinity when impossible.
	const scores: Float64Array[] = [];
	const parents: Int32Array[] = [];
	for (let i = 0; i < m; i++) {
		const row = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
		const parent = new Int32Array(n).fill(-1);
		const previousRow = scores[i - 1];
		// Best of (previousRow[k] + PENALTY_GAP * k) over k < j - 1, for gapped transitions.
		let bestGapped = Number.NEGATIVE_INFINITY;
		let bestGappedIndex = -1;
		for (let j = i; j < n; j++) {
			if (previousRow && j >= 2) {
				const candidate = (previousRow[j - 2] ?? Number.NEGATIVE_INFINITY) + PENALTY_GAP * (j - 2);
				if (candidate > bestGapped) {
					bestGapped = candidate;
					bestGappedIndex = j - 2;
				}
			}
			if (lowerText[j] !== lowerQuery[i]) continue;
			const own = charScore(query, text, i, j);
			if (!previousRow) {
				row[j] = own - PENALTY_LEADING * j;
				continue;
			}
			const consecutive = (previousRow[j - 1] ?? Number.NEGATIVE_INFINITY) + BONUS_CONSECUTIVE;
			const gapped = bestGapped - PENALTY_GAP * (j - 1);
			if (consecutive >= gapped && consecutive > Number.NEGATIVE_INFINITY) {
				row[j] = consecutive + own;
				parent[j] = j - 1;
			} else if (gapped > Number.NEGATIVE_INFINITY) {
				row[j] = gapped + own;
				parent[j] = bestGappedIndex;
			}
		}
		scores.push(row);
		parents.push(parent);
	}
	return backtrack(scores, parents, n);
}

function backtrack(scores: Float64Array[], parents: Int32Array[], n: number): FuzzyMatch | null {
	const lastRow = scores[scores.length - 1];
	if (!lastRow) return null;
	let bestIndex = -1;
	let bestScore = Number.NEGATIVE_INFINITY;
	for (let j = 0; j < n; j++) {
		const score = lastRow[j] ?? Number.NEGATIVE_INFINITY;
		if (score > bestScore) {
			bestScore = score;
			bestIndex = j;
		}
	}
	if (bestIndex < 0) return null;
	const indices: number[] = [];
	let j = bestIndex;
	for (let i = scores.length - 1; i >= 0 && j >= 0; i--) {
		indices.push(j);
		j = parents[i]?.[j] ?? -1;
	}
	indices.reverse();
	return { score: bestScore - PENALTY_LENGTH * (n - scores.length), indices };
}

/**
 * Keeps the items whose text fuzzy-matches `query` and sorts them best first (stable for ties).
 *
 * The query is split on whitespace and every token must match; token scores add up. `getText`
 * may return several texts for an item (say a label and an id): each token then counts with
 * its best match among them. A blank query returns `items` unchanged (same order, new array).
 */
export function fuzzyFilter<T>(
	items: readonly T[],
	query: string,
	getText: (item: T) => string | readonly string[],
): T[] {
	const tokens = query
		.trim()
		.split(/\s+/)
		.filter((token) => token.length > 0);
	if (tokens.length === 0) return [...items];
	const scored: { item: T; score: number; order: number }[] = [];
	items.forEach((item, order) => {
		const text = getText(item);
		const texts = typeof text === "string" ? [text] : text;
		let total = 0;
		for (const token of tokens) {
			const best = bestScore(token, texts);
			if (best === undefined) return;
			total += best;
		}
		scored.push({ item, score: total, order });
	});
	scored.sort((a, b) => b.score - a.score || a.order - b.order);
	return scored.map((entry) => entry.item);
}

function bestScore(token: string, texts: readonly string[]): number | undefined {
	let best: number | undefined;
	for (const text of texts) {
		const match = fuzzyMatch(token, text);
		if (match && (best === undefined || match.score > best)) best = match.score;
	}
	return best;
}
