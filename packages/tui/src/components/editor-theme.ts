/**
 * Styles the editor uses. Every field is a function from plain text to styled text.
 */
import chalk from "chalk";

/** Styles for the autocomplete dropdown under the editor. */
export interface AutocompleteListTheme {
	/** The highlighted row (arrow, label and description). */
	selected: (text: string) => string;
	/** A row's description. */
	description: (text: string) => string;
	/** The "(3/12)" position line shown when the list scrolls. */
	scrollInfo: (text: string) => string;
}

/** Styles for {@link Editor}. */
export interface EditorTheme {
	/** The top and bottom border lines and their "↑ N more" / "↓ N more" indicators. */
	border: (text: string) => string;
	/** Collapsed paste markers such as `[paste #1 +120 lines]`. */
	pasteMarker: (text: string) => string;
	/** The autocomplete dropdown. */
	autocomplete: AutocompleteListTheme;
}

/** Default editor theme (gray border, cyan selection). */
export function defaultEditorTheme(): EditorTheme {
	return {
		border: (text) => chalk.gray(text),
		pasteMarker: (text) => chalk.cyan(text),
		autocomplete: {
			selected: (text) => chalk.cyan(text),
			description: (text) => chalk.gray(text),
			scrollInfo: (text) => chalk.gray(text),
		},
	};
}
