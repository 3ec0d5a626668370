/**
 * The autocomplete contract between the editor and whatever supplies completions.
 */

/** One completion candidate. */
export interface AutocompleteItem {
	/** The text inserted in place of the prefix (see {@link AutocompleteProvider.applyCompletion}). */
	value: string;
	/** What the dropdown shows. */
	label: string;
	/** Optional dimmed text shown after the label. */
	description?: string;
}

/** A slash command offered when `/` is typed at the start of the first line. */
export interface SlashCommand {
	/** Name without the slash, e.g. `"model"`. */
	name: string;
	/** One-line description shown next to the name. */
	description?: string;
	/**
	 * Completions for the command's argument, given the text typed after `/name `.
	 * Return `null` (or an empty list) when there is nothing to offer.
	 */
	getArgumentCompletions?(argumentPrefix: string): AutocompleteItem[] | null;
}

/** Suggestions for the text before the cursor. */
export interface AutocompleteSuggestions {
	/** Candidates, best first. Never empty (a provider returns `null` instead). */
	items: AutocompleteItem[];
	/** The text before the cursor that a completion replaces, e.g. `"/mo"`, `"src/co"`, `"@edi"`. */
	prefix: string;
}

/** Options for {@link AutocompleteProvider.getSuggestions}. */
export interface AutocompleteRequestOptions {
	/**
	 * True when the user explicitly asked for completion (Tab). Providers may then offer
	 * completions they would not pop up on their own, such as file paths in plain text.
	 */
	force?: boolean;
}

/** Text and cursor after applying a completion. */
export interface CompletionResult {
	lines: string[];
	cursorLine: number;
	cursorCol: number;
}

/** Supplies completions to the editor. Calls are synchronous and should be fast (the editor calls on each keystroke while a list is open). */
export interface AutocompleteProvider {
	/** Suggestions for the cursor position, or `null` when there are none. */
	getSuggestions(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		options?: AutocompleteRequestOptions,
	): AutocompleteSuggestions | null;
	/** Applies `item` for `prefix` (as returned with it) and returns the new text and cursor. */
	applyCompletion(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult;
}
