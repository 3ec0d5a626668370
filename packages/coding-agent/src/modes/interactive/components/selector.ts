import {
	type Component,
	type Focusable,
	Input,
	type KeybindingsManager,
	padToWidth,
	type SelectItem,
	SelectList,
	truncateToWidth,
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

	constructor(
		private options: SelectorOptions,
		private readonly theme: Theme,
		keybindings: KeybindingsManager,
	) {
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
			onChange: (value) => this.list.filter(value),
		});
	}

	setTitle(title: string): void {
		this.options.title = title;
	}

	setItems(items: SelectItem[]): void {
		this.list.setItems(items);
		this.list.filter(this.search.getValue());
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
		const lines: string[] = [theme.bold(this.options.title)];
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
		lines.push("", theme.muted(this.options.hint ?? "↑↓ move · Enter select · Esc cancel"));
		return [
			border(`╭${"─".repeat(width - 2)}╮`),
			...lines.map((line) => `${border("│")} ${padToWidth(truncateToWidth(line, inner), inner)} ${border("│")}`),
			border(`╰${"─".repeat(width - 2)}╯`),
		];
	}
}
