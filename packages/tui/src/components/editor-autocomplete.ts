/**
 * The editor's autocomplete dropdown: which suggestions are open, which one is selected, and
 * how the list is drawn under the editor.
 */
import type {
	AutocompleteItem,
	AutocompleteProvider,
	AutocompleteSuggestions,
	CompletionResult,
} from "../autocomplete-types.js";
import { truncateToWidth, visibleWidth } from "../text-width.js";
import type { AutocompleteListTheme } from "./editor-theme.js";

/** Cursor context handed to the provider. */
export interface AutocompleteContext {
	lines: readonly string[];
	cursorLine: number;
	cursorCol: number;
}

interface OpenList extends AutocompleteSuggestions {
	selected: number;
	/** Opened by Tab: refreshes keep asking with `force`. */
	forced: boolean;
}

/** Open/closed state and selection of the suggestion list. */
export class EditorAutocomplete {
	provider: AutocompleteProvider | undefined;
	private list: OpenList | undefined;

	constructor(public maxVisible: number) {}

	/** True while suggestions are shown. */
	get isOpen(): boolean {
		return this.list !== undefined;
	}

	/** The prefix the open list completes ("" when closed). */
	get prefix(): string {
		return this.list?.prefix ?? "";
	}

	/** Asks the provider and opens (or closes) the list; returns the suggestions. */
	open(context: AutocompleteContext, force: boolean): AutocompleteSuggestions | null {
		const suggestions = this.query(context, force);
		this.list = suggestions ? { ...suggestions, selected: 0, forced: force } : undefined;
		return suggestions;
	}

	/** Re-queries after an edit while open, keeping the selected item when it is still offered. */
	refresh(context: AutocompleteContext): void {
		const current = this.list;
		if (!current) return;
		const suggestions = this.query(context, current.forced);
		if (!suggestions) {
			this.list = undefined;
			return;
		}
		const selectedValue = current.items[current.selected]?.value;
		const kept = suggestions.items.findIndex((item) => item.value === selectedValue);
		this.list = { ...suggestions, selected: Math.max(0, kept), forced: current.forced };
	}

	private query(context: AutocompleteContext, force: boolean): AutocompleteSuggestions | null {
		if (!this.provider) return null;
		const suggestions = this.provider.getSuggestions(context.lines, context.cursorLine, context.cursorCol, { force });
		return suggestions && suggestions.items.length > 0 ? suggestions : null;
	}

	/** Closes the list. */
	close(): void {
		this.list = undefined;
	}

	/** Moves the selection by `delta`, wrapping around. */
	move(delta: number): void {
		const list = this.list;
		if (!list) return;
		const count = list.items.length;
		list.selected = (((list.selected + delta) % count) + count) % count;
	}

	/** The highlighted item. */
	get selectedItem(): AutocompleteItem | undefined {
		return this.list?.items[this.list.selected];
	}

	/** Applies `item` (default: the selected one) through the provider and closes the list. */
	apply(context: AutocompleteContext, item = this.selectedItem): CompletionResult | undefined {
		const list = this.list;
		this.list = undefined;
		if (!list || !item || !this.provider) return undefined;
		return this.provider.applyCompletion(context.lines, context.cursorLine, context.cursorCol, item, list.prefix);
	}

	/** The dropdown lines for `width` cells ([] when closed). */
	render(width: number, theme: AutocompleteListTheme): string[] {
		const list = this.list;
		if (!list) return [];
		const visible = Math.max(1, this.maxVisible);
		const start = Math.max(0, Math.min(list.selected - Math.floor(visible / 2), list.items.length - visible));
		const shown = list.items.slice(start, start + visible);
		// Measured over all items so the description column stays put while scrolling.
		const labelWidth = Math.min(
			32,
			list.items.reduce((widest, item) => Math.max(widest, visibleWidth(item.label)), 0),
		);
		const lines = shown.map((item, offset) =>
			renderItem(item, start + offset === list.selected, labelWidth, width, theme),
		);
		if (list.items.length > visible) {
			lines.push(theme.scrollInfo(truncateToWidth(`  (${list.selected + 1}/${list.items.length})`, width)));
		}
		return lines;
	}
}

function renderItem(
	item: AutocompleteItem,
	selected: boolean,
	labelWidth: number,
	width: number,
	theme: AutocompleteListTheme,
): string {
	const arrow = selected ? "→ " : "  ";
	const label = truncateToWidth(item.label, labelWidth);
	const gap = " ".repeat(Math.max(0, labelWidth - visibleWidth(label)) + 2);
	const head = arrow + label;
	const descriptionWidth = width - visibleWidth(head) - gap.length;
	const description =
		item.description && descriptionWidth > 3
			? truncateToWidth(item.description.replace(/\s+/g, " "), descriptionWidth)
			: "";
	if (selected) return theme.selected(truncateToWidth(head + (description ? gap + description : ""), width));
	return truncateToWidth(head, width) + (description ? gap + theme.description(description) : "");
}
