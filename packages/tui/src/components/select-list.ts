import chalk from "chalk";
import type { Component } from "../component.js";
import { fuzzyFilter } from "../fuzzy.js";
import { getKeybindings, type KeybindingsManager } from "../keybindings.js";
import { truncateToWidth, visibleWidth } from "../text-width.js";

/** One choice in a {@link SelectList}. */
export interface SelectItem {
	/** What `onSelect` reports. */
	value: string;
	/** What is shown. Default: `value`. */
	label?: string;
	/** Shown dim after the label, in an aligned column. */
	description?: string;
}

/** Styles for {@link SelectList}. */
export interface SelectListTheme {
	/** The selected row's arrow and label. Default: cyan bold. */
	selected: (text: string) => string;
	/** Descriptions. Default: dim. */
	description: (text: string) => string;
	/** The "↑ 3 more" / "↓ 5 more" lines. Default: dim. */
	scrollInfo: (text: string) => string;
	/** The line shown when nothing matches the filter. Default: dim. */
	noMatch: (text: string) => string;
}

/** Options for {@link SelectList}. */
export interface SelectListOptions {
	/** Rows of items shown at once. Default: 10. */
	maxVisible?: number;
	/** Styles. */
	theme?: Partial<SelectListTheme>;
	/** Key bindings ("select.*" actions). Default: the shared manager. */
	keybindings?: KeybindingsManager;
	/** Called on confirm (Enter) with the selected item. */
	onSelect?: (item: SelectItem) => void;
	/** Called on cancel (Escape). */
	onCancel?: () => void;
	/** Called whenever the highlighted item changes. */
	onSelectionChange?: (item: SelectItem) => void;
}

/**
 * A vertical list of choices with a highlighted item. Up/down move (wrapping around at the
 * ends), page up/down jump, `filter(text)` narrows the list to fuzzy matches, best first, and
 * at most `maxVisible` rows show at once with "↑ N more" / "↓ N more" indicators when the
 * list scrolls.
 */
export class SelectList implements Component {
	private filtered: SelectItem[];
	private selectedIndex = 0;
	private scrollTop = 0;
	private readonly theme: SelectListTheme;
	private readonly maxVisible: number;

	constructor(
		private items: SelectItem[],
		private readonly options: SelectListOptions = {},
	) {
		this.filtered = items;
		this.maxVisible = Math.max(1, options.maxVisible ?? 10);
		this.theme = {
			selected: (text) => chalk.cyan.bold(text),
			description: (text) => chalk.dim(text),
			scrollInfo: (text) => chalk.dim(text),
			noMatch: (text) => chalk.dim(text),
			...options.theme,
		};
	}

	/** Replaces the items (the filter is cleared). */
	setItems(items: SelectItem[]): void {
		this.items = items;
		this.filter("");
	}

	/**
	 * Shows only the items whose label or value fuzzy-matches `text` (see {@link fuzzyFilter}:
	 * the characters in order, case-insensitive, each whitespace-separated word), best match
	 * first. An empty string shows everything in the original order. Selection goes to the top.
	 */
	filter(text: string): void {
		this.filtered = fuzzyFilter(this.items, text, (item) => {
			const label = labelOf(item);
			return label === item.value ? label : [label, item.value];
		});
		this.selectedIndex = 0;
		this.scrollTop = 0;
		this.notifySelection();
	}

	/** The highlighted item, if any item is shown. */
	getSelectedItem(): SelectItem | undefined {
		return this.filtered[this.selectedIndex];
	}

	/** Highlights the shown item whose value is `value`; false when none is shown. */
	selectValue(value: string): boolean {
		const index = this.filtered.findIndex((item) => item.value === value);
		if (index < 0) return false;
		this.setSelectedIndex(index);
		return true;
	}

	/** Highlights the item at `index` of the filtered list (clamped). */
	setSelectedIndex(index: number): void {
		this.selectedIndex = Math.max(0, Math.min(index, this.filtered.length - 1));
		this.notifySelection();
	}

	invalidate(): void {}

	handleInput(data: string): void {
		const keys = this.options.keybindings ?? getKeybindings();
		const count = this.filtered.length;
		if (keys.matches(data, "tui.select.up")) this.moveTo(count === 0 ? 0 : (this.selectedIndex - 1 + count) % count);
		else if (keys.matches(data, "tui.select.down")) this.moveTo(count === 0 ? 0 : (this.selectedIndex + 1) % count);
		else if (keys.matches(data, "tui.select.pageUp")) this.moveTo(Math.max(0, this.selectedIndex - this.maxVisible));
		else if (keys.matches(data, "tui.select.pageDown"))
			this.moveTo(Math.min(count - 1, this.selectedIndex + this.maxVisible));
		else if (keys.matches(data, "tui.select.confirm")) {
			const item = this.getSelectedItem();
			if (item) this.options.onSelect?.(item);
		} else if (keys.matches(data, "tui.select.cancel")) this.options.onCancel?.();
	}

	private moveTo(index: number): void {
		if (index === this.selectedIndex || index < 0) return;
		this.selectedIndex = index;
		this.notifySelection();
	}

	private notifySelection(): void {
		const item = this.getSelectedItem();
		if (item) this.options.onSelectionChange?.(item);
	}

	render(width: number): string[] {
		if (this.filtered.length === 0) return [this.theme.noMatch(truncateToWidth("  No matches", width))];
		// Keep the selection inside the window.
		if (this.selectedIndex < this.scrollTop) this.scrollTop = this.selectedIndex;
		if (this.selectedIndex >= this.scrollTop + this.maxVisible)
			this.scrollTop = this.selectedIndex - this.maxVisible + 1;
		this.scrollTop = Math.max(0, Math.min(this.scrollTop, this.filtered.length - this.maxVisible));
		const visible = this.filtered.slice(this.scrollTop, this.scrollTop + this.maxVisible);
		const naturalWidth = Math.max(...visible.map((item) => visibleWidth(labelOf(item))));
		// Descriptions get a column only when the label column (at most half the width) leaves room.
		const showDescriptions =
			visible.some((item) => item.description) && width - 4 - Math.min(naturalWidth, Math.floor(width / 2)) >= 5;
		const labelWidth = Math.min(naturalWidth, showDescriptions ? Math.floor(width / 2) : width - 2);
		const lines: string[] = [];
		if (this.scrollTop > 0) lines.push(this.theme.scrollInfo(truncateToWidth(`  ↑ ${this.scrollTop} more`, width)));
		visible.forEach((item, offset) => {
			const selected = this.scrollTop + offset === this.selectedIndex;
			lines.push(this.renderItem(item, selected, labelWidth, showDescriptions ? width : 0));
		});
		const below = this.filtered.length - this.scrollTop - visible.length;
		if (below > 0) lines.push(this.theme.scrollInfo(truncateToWidth(`  ↓ ${below} more`, width)));
		return lines;
	}

	/** One row; `descriptionWidth` is the full width when descriptions are shown, else 0. */
	private renderItem(item: SelectItem, selected: boolean, labelWidth: number, descriptionWidth: number): string {
		const label = truncateToWidth(labelOf(item), labelWidth);
		const line = (selected ? "→ " : "  ") + label;
		const styled = selected ? this.theme.selected(line) : line;
		if (!item.description || descriptionWidth === 0) return styled;
		const padding = " ".repeat(labelWidth - visibleWidth(label) + 2);
		const room = descriptionWidth - 4 - labelWidth;
		return styled + padding + this.theme.description(truncateToWidth(item.description.replace(/\s+/g, " "), room));
	}
}

function labelOf(item: SelectItem): string {
	return item.label ?? item.value;
}
