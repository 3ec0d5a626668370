/**
 * Connects the editor's text to its suggestion list: when to open and refresh it, which keys
 * it takes while open, and applying the chosen completion as one undo step.
 */
import type { KeybindingsManager } from "../keybindings.js";
import type { AutocompleteContext, EditorAutocomplete } from "./editor-autocomplete.js";
import type { EditorModel } from "./editor-model.js";

/** Autocomplete behaviour of the editor. */
export class EditorCompletion {
	constructor(
		readonly list: EditorAutocomplete,
		private readonly model: EditorModel,
		private readonly submit: () => void,
	) {}

	/** The cursor context for the provider. */
	context(): AutocompleteContext {
		const buffer = this.model.buffer;
		return { lines: buffer.lines, cursorLine: buffer.cursorLine, cursorCol: buffer.cursorCol };
	}

	/** After typing: refresh an open list, or let the provider pop one up (slash commands, `@`). */
	afterTyping(): void {
		if (this.list.isOpen) this.list.refresh(this.context());
		else this.list.open(this.context(), false);
	}

	/** After a deletion or paste: refresh an open list. */
	afterEdit(): void {
		if (this.list.isOpen) this.list.refresh(this.context());
	}

	/** Tab with the list closed: ask with `force`; a single suggestion is applied at once. */
	openByTab(): void {
		const suggestions = this.list.open(this.context(), true);
		if (suggestions?.items.length === 1) this.accept(false);
	}

	/** Keys the open list takes (Escape, Up/Down, Tab, Enter); returns false for any other key. */
	handleKey(data: string, keys: KeybindingsManager): boolean {
		if (keys.matches(data, "tui.editor.cancel")) this.list.close();
		else if (keys.matches(data, "tui.select.up")) this.list.move(-1);
		else if (keys.matches(data, "tui.select.down")) this.list.move(1);
		else if (keys.matches(data, "tui.input.tab")) this.accept(false);
		else if (keys.matches(data, "tui.input.submit")) this.accept(true);
		else return false;
		return true;
	}

	/** Applies the selected suggestion; Enter on a command name also submits it. */
	private accept(viaEnter: boolean): void {
		const isCommandName = this.list.prefix.startsWith("/") && this.model.buffer.cursorLine === 0;
		const result = this.list.apply(this.context());
		if (!result) return;
		this.model.checkpoint();
		this.model.replaceAll(result.lines, { line: result.cursorLine, col: result.cursorCol });
		const textBeforeCursor = (result.lines[result.cursorLine] ?? "").slice(0, result.cursorCol);
		if (viaEnter && isCommandName && /^\/\S+ $/.test(textBeforeCursor)) {
			this.submit();
			return;
		}
		// A completed directory keeps completing inside it.
		if (textBeforeCursor.endsWith("/")) this.list.open(this.context(), true);
	}
}
