/**
 * The default autocomplete provider: slash commands, `@` file references and Tab path completion.
 */

import { searchFiles } from "./autocomplete-file-ranking.js";
import { FileIndex } from "./autocomplete-file-search.js";
import { extractPathPrefix, getPathSuggestions } from "./autocomplete-paths.js";
import { getSlashSuggestions } from "./autocomplete-slash.js";
import type {
	AutocompleteItem,
	AutocompleteProvider,
	AutocompleteRequestOptions,
	AutocompleteSuggestions,
	CompletionResult,
	SlashCommand,
} from "./autocomplete-types.js";

/** At most this many `@` file matches are offered. */
export const MAX_FILE_SUGGESTIONS = 50;

/** An `@` reference being typed (group 1): after whitespace or at the line start, up to the cursor. */
export const FILE_REFERENCE = /(?:^|\s)(@[^\s]*)$/;

/**
 * Completes, in order of precedence:
 * - `@query` anywhere (after whitespace): fuzzy search over the files under `basePath`
 *   (bounded walk, `node_modules`, `.git` and similar skipped); pops up on its own.
 * - `/name` at the start of the first line: command names (prefix matches, then fuzzy), and after
 *   `/name ` the command's argument completions; pops up on its own.
 * - On Tab (`force`): the path-like word before the cursor, relative to `basePath`, with `~`
 *   expansion; directories complete with a trailing `/`.
 */
export class CombinedAutocompleteProvider implements AutocompleteProvider {
	private readonly fileIndex = new FileIndex();
	private lastFileQuery: string | undefined;

	/**
	 * @param commands slash commands offered after `/`
	 * @param basePath directory paths and `@` references are relative to. Default: `process.cwd()`.
	 */
	constructor(
		private readonly commands: readonly SlashCommand[] = [],
		private readonly basePath: string = process.cwd(),
	) {}

	/** See {@link AutocompleteProvider.getSuggestions}. */
	getSuggestions(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		options: AutocompleteRequestOptions = {},
	): AutocompleteSuggestions | null {
		const textBeforeCursor = (lines[cursorLine] ?? "").slice(0, cursorCol);
		const reference = FILE_REFERENCE.exec(textBeforeCursor)?.[1];
		if (reference !== undefined) return this.getFileSuggestions(reference);
		if (cursorLine === 0 && textBeforeCursor.startsWith("/")) {
			const slash = getSlashSuggestions(this.commands, textBeforeCursor);
			if (slash || !options.force) return slash;
		}
		if (!options.force) return null;
		const prefix = extractPathPrefix(textBeforeCursor);
		const items = getPathSuggestions(prefix, this.basePath);
		return items.length > 0 ? { items, prefix } : null;
	}

	/**
	 * Replaces `prefix` before the cursor with the item. A command name becomes `/name `; a file
	 * reference is followed by a space unless it is a directory (so completion can continue).
	 */
	applyCompletion(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult {
		const line = lines[cursorLine] ?? "";
		const start = Math.max(0, cursorCol - prefix.length);
		const before = line.slice(0, start);
		const after = line.slice(cursorCol);
		let inserted = item.value;
		if (isCommandNameCompletion(cursorLine, before, prefix, item)) inserted = `/${item.value} `;
		else if (prefix.startsWith("@") && !item.value.endsWith("/") && !after.startsWith(" ")) inserted += " ";
		const newLines = lines.slice();
		newLines[cursorLine] = before + inserted + after;
		return { lines: newLines, cursorLine, cursorCol: start + inserted.length };
	}

	private getFileSuggestions(reference: string): AutocompleteSuggestions | null {
		const query = reference.slice(1).replace(/^"/, "");
		// A fresh "@" re-reads the tree; refinements of the same reference reuse the walk.
		const refresh = this.lastFileQuery === undefined || query.length === 0;
		this.lastFileQuery = query;
		const items = searchFiles(this.fileIndex.entries(this.basePath, refresh), query, MAX_FILE_SUGGESTIONS);
		return items.length > 0 ? { items, prefix: reference } : null;
	}
}

/** A command name (not a path like `/usr/`) completed at the very start of the first line. */
function isCommandNameCompletion(cursorLine: number, before: string, prefix: string, item: AutocompleteItem): boolean {
	return cursorLine === 0 && before === "" && prefix.startsWith("/") && !item.value.startsWith("/");
}
