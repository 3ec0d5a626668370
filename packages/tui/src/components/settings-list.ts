import chalk from "chalk";
import type { Component } from "../component.js";
import { getKeybindings, type KeybindingsManager } from "../keybindings.js";
import { truncateToWidth, visibleWidth } from "../text-width.js";
import { wrapTextWithAnsi } from "../wrap.js";

/** One setting in a {@link SettingsList}. */
export interface SettingItem {
	/** Reported to `onChange`. */
	id: string;
	/** Shown on the left. */
	label: string;
	/** Shown (dim, wrapped) under the list while the item is selected. */
	description?: string;
	/** The value shown on the right. */
	currentValue: string;
	/** Values that Enter/Space cycles through, in order. */
	values?: string[];
	/**
	 * Opens a component in place of the list instead of cycling (e.g. a SelectList of models).
	 * The component gets input until it calls `done`; `done(value)` sets the value, `done()`
	 * keeps the old one.
	 */
	submenu?: (currentValue: string, done: (value?: string) => void) => Component;
}

/** Styles for {@link SettingsList}. */
export interface SettingsListTheme {
	/** The selected row's label. Default: cyan bold. */
	selected: (text: string) => string;
	/** Values. Default: yellow. */
	value: (text: string) => string;
	/** The selected item's description and the key hint. Default: dim. */
	description: (text: string) => string;
}

/** Options for {@link SettingsList}. */
export interface SettingsListOptions {
	/** Rows of items shown at once. Default: 10. */
	maxVisible?: number;
	/** Styles. */
	theme?: Partial<SettingsListTheme>;
	/** Key bindings ("select.*" actions). Default: the shared manager. */
	keybindings?: KeybindingsManager;
	/** Called after a value changed. */
	onChange?: (id: string, value: string) => void;
	/** Called on cancel (Escape) in the list. */
	onCancel?: () => void;
}

/**
 * A list of settings with their current values: up/down select, Enter or Space cycles to the
 * next value or opens the item's submenu, Escape cancels.
 */
export class SettingsList implements Component {
	private selectedIndex = 0;
	private scrollTop = 0;
	private submenu: Component | undefined;
	private readonly theme: SettingsListTheme;

	constructor(
		private readonly items: SettingItem[],
		private readonly options: SettingsListOptions = {},
	) {
		this.theme = {
			selected: (text) => chalk.cyan.bold(text),
			value: (text) => chalk.yellow(text),
			description: (text) => chalk.dim(text),
			...options.theme,
		};
	}

	/** Changes an item's value from outside (no `onChange`). */
	updateValue(id: string, value: string): void {
		const item = this.items.find((candidate) => candidate.id === id);
		if (item) item.currentValue = value;
	}

	/** The selected item. */
	getSelectedItem(): SettingItem | undefined {
		return this.items[this.selectedIndex];
	}

	invalidate(): void {
		this.submenu?.invalidate();
	}

	handleInput(data: string): void {
		if (this.submenu) {
			this.submenu.handleInput?.(data);
			return;
		}
		const keys = this.options.keybindings ?? getKeybindings();
		const count = this.items.length;
		if (count === 0) {
			if (keys.matches(data, "tui.select.cancel")) this.options.onCancel?.();
			return;
		}
		if (keys.matches(data, "tui.select.up")) this.selectedIndex = (this.selectedIndex - 1 + count) % count;
		else if (keys.matches(data, "tui.select.down")) this.selectedIndex = (this.selectedIndex + 1) % count;
		else if (keys.matches(data, "tui.select.confirm") || keys.matches(data, "tui.select.toggle")) this.activate();
		else if (keys.matches(data, "tui.select.cancel")) this.options.onCancel?.();
	}

	private activate(): void {
		const item = this.items[this.selectedIndex];
		if (!item) return;
		if (item.submenu) {
			this.submenu = item.submenu(item.currentValue, (value) => {
				this.submenu = undefined;
				if (value !== undefined) this.setValue(item, value);
			});
			return;
		}
		const values = item.values ?? [];
		if (values.length === 0) return;
		const next = values[(values.indexOf(item.currentValue) + 1) % values.length] ?? item.currentValue;
		this.setValue(item, next);
	}

	private setValue(item: SettingItem, value: string): void {
		if (item.currentValue === value) return;
		item.currentValue = value;
		this.options.onChange?.(item.id, value);
	}

	render(width: number): string[] {
		if (this.submenu) return this.submenu.render(width);
		if (this.items.length === 0) return [this.theme.description(truncateToWidth("  No settings", width))];
		const maxVisible = Math.max(1, this.options.maxVisible ?? 10);
		if (this.selectedIndex < this.scrollTop) this.scrollTop = this.selectedIndex;
		if (this.selectedIndex >= this.scrollTop + maxVisible) this.scrollTop = this.selectedIndex - maxVisible + 1;
		const visible = this.items.slice(this.scrollTop, this.scrollTop + maxVisible);
		const labelWidth = Math.min(
			Math.floor(width / 2),
			Math.max(...this.items.map((item) => visibleWidth(item.label))) + 2,
		);
		const lines: string[] = [];
		if (this.scrollTop > 0) lines.push(this.theme.description(truncateToWidth(`  ↑ ${this.scrollTop} more`, width)));
		visible.forEach((item, offset) => {
			const selected = this.scrollTop + offset === this.selectedIndex;
			const label = truncateToWidth(item.label, labelWidth);
			const padded = (selected ? "→ " : "  ") + label + " ".repeat(Math.max(1, labelWidth - visibleWidth(label)));
			const valueRoom = Math.max(1, width - visibleWidth(padded));
			const value = this.theme.value(truncateToWidth(item.currentValue, valueRoom));
			lines.push((selected ? this.theme.selected(padded) : padded) + value);
		});
		const below = this.items.length - this.scrollTop - visible.length;
		if (below > 0) lines.push(this.theme.description(truncateToWidth(`  ↓ ${below} more`, width)));
		const description = this.items[this.selectedIndex]?.description;
		if (description) {
			lines.push("");
			for (const line of wrapTextWithAnsi(description, Math.max(1, width - 2))) {
				lines.push(this.theme.description(`  ${line}`));
			}
		}
		lines.push("");
		lines.push(this.theme.description(truncateToWidth("  ↑↓ select · enter/space change · esc close", width)));
		return lines;
	}
}
