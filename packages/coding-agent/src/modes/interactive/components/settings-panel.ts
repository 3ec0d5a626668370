import {
	type Component,
	type Focusable,
	Input,
	type KeybindingsManager,
	padToWidth,
	type SelectItem,
	SelectList,
	type SettingItem,
	SettingsList,
	truncateToWidth,
} from "@pi/tui";
import { selectListThemeFor, type Theme } from "../theme.js";

/**
 * `/settings` as an overlay: a bordered list of settings with their values. Enter or Space cycles
 * a value (or opens the item's picker or text field); the change applies at once.
 */
export class SettingsPanel implements Component, Focusable {
	focused = false;
	private readonly list: SettingsList;

	constructor(
		private readonly title: string,
		items: SettingItem[],
		private readonly theme: Theme,
		keybindings: KeybindingsManager,
		callbacks: { onChange: (id: string, value: string) => void; onCancel: () => void },
		/** Rows of items at once; the panel adds about 12 rows around them. */
		maxVisible = 14,
	) {
		this.list = new SettingsList(items, {
			maxVisible,
			keybindings,
			theme: { selected: (text) => theme.bold(theme.accent(text)), value: theme.warning, description: theme.muted },
			onChange: callbacks.onChange,
			onCancel: callbacks.onCancel,
		});
	}

	/** Shows `value` for `id` (after a change made elsewhere, e.g. a value the app corrected). */
	updateValue(id: string, value: string): void {
		this.list.updateValue(id, value);
	}

	invalidate(): void {
		this.list.invalidate();
	}

	handleInput(data: string): void {
		this.list.handleInput(data);
	}

	render(width: number): string[] {
		const border = this.theme.accent;
		const inner = Math.max(4, width - 4);
		const lines = [this.theme.bold(this.title), "", ...this.list.render(inner)];
		return [
			border(`╭${"─".repeat(Math.max(0, width - 2))}╮`),
			...lines.map((line) => `${border("│")} ${padToWidth(truncateToWidth(line, inner), inner)} ${border("│")}`),
			border(`╰${"─".repeat(Math.max(0, width - 2))}╯`),
		];
	}
}

/** A picker shown in place of the settings list; `done(value)` picks, `done()` keeps the value. */
export function pickerSubmenu(
	items: SelectItem[],
	current: string,
	theme: Theme,
	keybindings: KeybindingsManager,
	done: (value?: string) => void,
	/** Called as the highlight moves (e.g. to preview a theme). */
	onHighlight?: (value: string) => void,
): Component {
	// Placing the highlight on the current value is not a move by the user.
	let userMoves = false;
	const list = new SelectList(items, {
		maxVisible: 10,
		theme: selectListThemeFor(theme),
		keybindings,
		onSelect: (item) => done(item.value),
		onCancel: () => done(),
		...(onHighlight ? { onSelectionChange: (item: SelectItem) => userMoves && onHighlight(item.value) } : {}),
	});
	const index = items.findIndex((item) => item.value === current);
	if (index > 0) list.setSelectedIndex(index);
	userMoves = true;
	return list;
}

/** A one-line text field shown in place of the settings list (Enter saves, Escape keeps the value). */
export function textSubmenu(
	prompt: string,
	current: string,
	hint: string,
	theme: Theme,
	keybindings: KeybindingsManager,
	done: (value?: string) => void,
): Component {
	const input = new Input({ prompt, keybindings, onSubmit: (value) => done(value), onEscape: () => done() });
	input.setValue(current);
	input.focused = true;
	return {
		render: (width) => [...input.render(width), "", theme.muted(truncateToWidth(hint, width))],
		handleInput: (data) => input.handleInput(data),
		invalidate: () => input.invalidate?.(),
	};
}
