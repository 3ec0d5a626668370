import { diffLines } from "diff";

/**
 * The line-numbered diff the edit tool puts in `details.diff` (configuration.md §8).
 *
 * Format, one entry per line, the number right-aligned to the widest line number:
 * - `+<new line number> <text>` an added line;
 * - `-<old line number> <text>` a removed line;
 * - ` <old line number> <text>` an unchanged context line (up to `contextLines` around changes);
 * - ` <padding> ...` where unchanged lines were skipped.
 */

/** Number of unchanged lines shown before and after each change. */
export const DIFF_CONTEXT_LINES = 4;

/** A rendered diff and the first changed line (1-based, in the new content). */
export interface EditDiff {
	diff: string;
	/** Undefined when nothing changed. */
	firstChangedLine: number | undefined;
}

interface DiffPart {
	value: string;
	added?: boolean;
	removed?: boolean;
}

/** Renders the diff between two LF texts in the format above. */
export function generateDiffString(
	oldContent: string,
	newContent: string,
	contextLines: number = DIFF_CONTEXT_LINES,
): EditDiff {
	const parts: DiffPart[] = diffLines(oldContent, newContent);
	const width = String(Math.max(oldContent.split("\n").length, newContent.split("\n").length)).length;
	const number = (value: number): string => String(value).padStart(width, " ");
	const ellipsis = ` ${"".padStart(width, " ")} ...`;
	const output: string[] = [];
	let oldLine = 1;
	let newLine = 1;
	let firstChangedLine: number | undefined;

	parts.forEach((part, index) => {
		const lines = partLines(part);
		if (part.added || part.removed) {
			firstChangedLine ??= newLine;
			for (const line of lines) {
				if (part.added) output.push(`+${number(newLine++)} ${line}`);
				else output.push(`-${number(oldLine++)} ${line}`);
			}
			return;
		}
		const previous = parts[index - 1];
		const next = parts[index + 1];
		const afterChange = previous !== undefined && (previous.added === true || previous.removed === true);
		const beforeChange = next !== undefined && (next.added === true || next.removed === true);
		const head = afterChange ? Math.min(contextLines, lines.length) : 0;
		const tail = beforeChange ? Math.min(contextLines, lines.length - head) : 0;
		const skipped = lines.length - head - tail;
		const pushContext = (line: string): void => {
			output.push(` ${number(oldLine++)} ${line}`);
			newLine++;
		};
		lines.slice(0, head).forEach(pushContext);
		if (skipped > 0 && head + tail > 0) output.push(ellipsis);
		oldLine += skipped;
		newLine += skipped;
		lines.slice(lines.length - tail).forEach(pushContext);
	});
	return { diff: output.join("\n"), firstChangedLine };
}

function partLines(part: DiffPart): string[] {
	const lines = part.value.split("\n");
	if (lines[lines.length - 1] === "") lines.pop();
	return lines;
}
