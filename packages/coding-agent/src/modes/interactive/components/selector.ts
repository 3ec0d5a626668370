import {
	type Component,
	type Focusable,
	Input,
	type KeybindingsManager,
	padToWidth,
	type SelectItem,
	SelectList,
	truncateToWidth,
	visibleWidth,
	wrapTextWithAnsi,
} from "@pi/tui";
import { selectListThemeFor, type Theme } from "../theme.js";

/** Options of {@link SelectorComponent}. */
export interface SelectorOptions {
	title: string;
	items: SelectItem[];
	/** Show a search field that fuzzy-filters the items. Default true. */
	searchable?: boolean;
	/** Lines under the list for the highlighted item (a preview). */
	preview?: (item: SelectItem) => string[];
	/** Extra keys: return true when handled (e.g. Tab toggles a scope). */
	onKey?: (data: string, selector: SelectorComponent) => boolean;
	hint?: string;
	/**
	 * Narrows the items for a search text instead of the fuzzy ranking (e.g. the session picker
	 * keeps its sort order); the result is shown as it is.
	 */
	filter?: (items: readonly SelectItem[], query: string) => SelectItem[];
	/** Text right of the title (modes of a picker, e.g. "Sort: Recent"). */
	status?: string;
	onSelect: (item: SelectItem) => void;
	onCancel: () => void;
}

/**
 * A full-width picker shown as an overlay: title, optional search field, fuzzy-filtered list,
 * optional preview. Used by /model, /resume, /tree, /fork, /settings, /login and /logout.
 */
export class SelectorComponent implements Component, Focusable {
	focused = false;
	private readonly list: SelectList;
	private readonly search: Input;
	private items: SelectItem[];
	/** A line under the title: a question or a message of the last key. */
	private notice: string | undefined;

	constructor(
		private options: SelectorOptions,
		private readonly theme: Theme,
		keybindings: KeybindingsManager,
	) {
		this.items = options.items;
		this.list = new SelectList(options.items, {
			maxVisible: 12,
			theme: selectListThemeFor(theme),
			keybindings,
			onSelect: (item) => options.onSelect(item),
			onCancel: () => options.onCancel(),
		});
		this.search = new Input({
			prompt: "Search: ",
			keybindings,
			onChange: () => this.applyFilter(),
		});
	}

	private applyFilter(): void {
		const query = this.search.getValue();
		if (this.options.filter) this.list.setItems(this.options.filter(this.items, query));
		else this.list.filter(query);
	}

	/** Closes the picker as a cancel would (for keys that finish it themselves). */
	close(): void {
		this.options.onCancel();
	}

	/** The search text. */
	get query(): string {
		return this.search.getValue();
	}

	/** Shows `text` under the title until the next call (undefined removes it). */
	setNotice(text: string | undefined): void {
		this.notice = text;
	}

	setTitle(title: string): void {
		this.options.title = title;
	}

	setStatus(status: string | undefined): void {
		this.options.status = status;
	}

	setHint(hint: string): void {
		this.options.hint = hint;
	}

	/** Highlights the item with `value` when it is shown. */
	selectValue(value: string): void {
		this.list.selectValue(value);
	}

	/** Replaces the items; the search stays and the highlighted item stays when still shown. */
	setItems(items: SelectItem[]): void {
		const selected = this.list.getSelectedItem()?.value;
		this.items = items;
		if (!this.options.filter) this.list.setItems(items);
		this.applyFilter();
		if (selected !== undefined) this.selectValue(selected);
	}

	selected(): SelectItem | undefined {
		return this.list.getSelectedItem();
	}

	invalidate(): void {
		this.list.invalidate();
	}

	handleInput(data: string): void {
		if (this.options.onKey?.(data, this)) return;
		const isListKey =
			data === "\r" ||
			data === "\x1b" ||
			data.startsWith("\x1b[") ||
			data === "\x03" ||
			data === "\x0e" ||
			data === "\x10";
		if (isListKey || this.options.searchable === false) this.list.handleInput(data);
		else this.search.handleInput(data);
	}

	render(width: number): string[] {
		const theme = this.theme;
		const border = theme.accent;
		const inner = Math.max(4, width - 4);
		const title = theme.bold(this.options.title);
		const status = this.options.status;
		const gap = status ? inner - visibleWidth(this.options.title) - visibleWidth(status) : 0;
		const lines: string[] = [status && gap >= 2 ? `${title}${" ".repeat(gap)}${theme.muted(status)}` : title];
		if (status && gap < 2) lines.push(theme.muted(status));
		if (this.notice) lines.push(this.notice);
		if (this.options.searchable !== false) {
			this.search.focused = this.focused;
			lines.push(...this.search.render(inner));
		}
		lines.push("");
		lines.push(...this.list.render(inner));
		const item = this.list.getSelectedItem();
		if (item && this.options.preview) {
			lines.push(theme.muted("─".repeat(inner)));
			lines.push(...this.options.preview(item));
		}
		lines.push("");
		// Long key hints wrap at their separators rather than being cut.
		for (const line of wrapTextWithAnsi(this.options.hint ?? "↑↓ move · Enter select · Esc cancel", inner))
			lines.push(theme.muted(line));
		return [
			border(`╭${"─".repeat(width - 2)}╮`),
			...lines.map((line) => `${border("│")} ${padToWidth(truncateToWidth(line, inner), inner)} ${border("│")}`),
			border(`╰${"─".repeat(width - 2)}╯`),
		];
	}
}
