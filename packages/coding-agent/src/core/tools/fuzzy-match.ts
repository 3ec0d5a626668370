/**
 * The text normalisation behind the edit tool's fuzzy matching (configuration.md §8, "Edit
 * matching"): models often retype code with typographic quotes, Unicode dashes, odd spaces or
 * without trailing whitespace. Exact matching is always tried first; this is the fallback.
 */

/**
 * Normalises `text` for fuzzy matching: trailing whitespace removed from every line, typographic
 * quotes → ASCII quotes, Unicode dashes → `-`, special spaces → a plain space. Expects LF line
 * endings. Pure; the same input always gives the same output.
 */
export function normalizeForFuzzyMatch(text: string): string {
	return (
		text
			.split("\n")
			.map((line) => line.trimEnd())
			.join("\n")
			// ‘ ’ ‚ ‛ → '
			.replace(/[\u2018\u2019\u201A\u201B]/g, "'")
			// “ ” „ ‟ → "
			.replace(/[\u201C\u201D\u201E\u201F]/g, '"')
			// hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign → -
			.replace(/[\u2010-\u2015\u2212]/g, "-")
			// no-break space, en/em/thin/hair spaces, narrow no-break, medium mathematical, ideographic → space
			.replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ")
	);
}

/**
 * Start offsets of every occurrence of `needle` in `haystack`, left to right, overlapping ones
 * included (`"aa"` occurs twice in `"aaa"`: such a match is ambiguous too).
 */
export function findOccurrences(haystack: string, needle: string): number[] {
	const positions: number[] = [];
	if (needle === "") return positions;
	let from = 0;
	for (;;) {
		const index = haystack.indexOf(needle, from);
		if (index === -1) return positions;
		positions.push(index);
		from = index + 1;
	}
}
