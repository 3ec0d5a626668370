import { findOccurrences, normalizeForFuzzyMatch } from "./fuzzy-match.js";
import { toLF } from "./line-endings.js";

/**
 * The edit tool's replacement rules (configuration.md §8, "Edit matching"), on text whose BOM is
 * already stripped and whose line endings are LF. Every `oldText` is located in the original
 * content; each must occur exactly once and no two may overlap; all replacements apply together.
 * When some `oldText` only matches after fuzzy normalisation, the whole content is normalised and
 * every edit is located and applied there (so the written file carries the normalised text).
 */

/** One replacement: `oldText` (must be unique in the file) becomes `newText`. */
export interface TextEdit {
	oldText: string;
	newText: string;
}

/** The outcome of {@link applyEdits}. */
export interface AppliedEdits {
	/** The content the edits were applied to: the input, or its fuzzy-normalised copy. */
	baseContent: string;
	/** The content after all replacements. */
	newContent: string;
	/** True when the edits were applied to the fuzzy-normalised copy. */
	usedFuzzyMatch: boolean;
}

interface LocatedEdit {
	editIndex: number;
	start: number;
	end: number;
	newText: string;
}

/**
 * Applies `edits` to `content` (LF, no BOM). `displayPath` is the path as the model wrote it, used
 * in error messages. Throws an `Error` with the spec's message when an edit's text is missing,
 * ambiguous, overlaps another edit or changes nothing.
 */
export function applyEdits(content: string, edits: readonly TextEdit[], displayPath: string): AppliedEdits {
	if (edits.length === 0)
		throw new Error(`No edits given for ${displayPath}. Provide at least one { oldText, newText }.`);
	const normalized = edits.map((edit) => ({ oldText: toLF(edit.oldText), newText: toLF(edit.newText) }));
	const prefix = (index: number): string => (edits.length > 1 ? `edits[${index}]: ` : "");
	normalized.forEach((edit, index) => {
		if (edit.oldText === "") throw new Error(`${prefix(index)}oldText must not be empty in ${displayPath}.`);
		if (edit.oldText === edit.newText) throw noChangeError(displayPath);
	});

	const needsFuzzy = normalized.some((edit) => findOccurrences(content, edit.oldText).length === 0);
	const baseContent = needsFuzzy ? normalizeForFuzzyMatch(content) : content;
	const located = normalized.map((edit, index) => {
		const oldText = needsFuzzy ? normalizeForFuzzyMatch(edit.oldText) : edit.oldText;
		const start = locateUnique(baseContent, oldText, displayPath, prefix(index));
		return { editIndex: index, start, end: start + oldText.length, newText: edit.newText };
	});
	assertNoOverlap(located, displayPath);

	let newContent = baseContent;
	for (const edit of [...located].sort((a, b) => b.start - a.start)) {
		newContent = newContent.slice(0, edit.start) + edit.newText + newContent.slice(edit.end);
	}
	if (newContent === content) throw noChangeError(displayPath);
	return { baseContent, newContent, usedFuzzyMatch: needsFuzzy };
}

function locateUnique(content: string, oldText: string, displayPath: string, prefix: string): number {
	const occurrences = findOccurrences(content, oldText);
	if (occurrences.length === 0) {
		throw new Error(
			`${prefix}Could not find the exact text in ${displayPath}. The old text must match exactly including all whitespace and newlines.`,
		);
	}
	if (occurrences.length > 1) {
		throw new Error(
			`${prefix}Found ${occurrences.length} occurrences of the text in ${displayPath}. The text must be unique. Please provide more context to make it unique.`,
		);
	}
	return occurrences[0] ?? 0;
}

function assertNoOverlap(located: readonly LocatedEdit[], displayPath: string): void {
	const byStart = [...located].sort((a, b) => a.start - b.start);
	for (let index = 1; index < byStart.length; index++) {
		const previous = byStart[index - 1];
		const current = byStart[index];
		if (previous && current && current.start < previous.end) {
			throw new Error(
				`edits[${previous.editIndex}] and edits[${current.editIndex}] overlap in ${displayPath}. Each edit must target a separate region; merge overlapping edits into one.`,
			);
		}
	}
}

function noChangeError(displayPath: string): Error {
	return new Error(`No changes made to ${displayPath}. The replacement produces identical content.`);
}
