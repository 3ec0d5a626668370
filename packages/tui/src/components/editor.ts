/**
 * A multi-line text editor component: soft wrap, readline/emacs editing, kill ring, undo/redo,
 * prompt history, bracketed paste with collapsed large pastes, and an autocomplete dropdown.
 */
import type { AutocompleteProvider } from "../autocomplete-types.js";
import type { Component, Focusable } from "../component.js";
import { getKeybindings, type KeybindingsManager } from "../keybindings.js";
import { printableText } from "../keys.js";
import { cursorTarget, EDITOR_ACTIONS, type EditorAction, isVerticalAction, runEdit } from "./editor-actions.js";
import { EditorAutocomplete } from "./editor-autocomplete.js";
import type { TextPosition } from "./editor-buffer.js";
import { EditorCompletion } from "./editor-completion.js";
import { EditorHistory } from "./editor-history.js";
import type { VisualLine } from "./editor-layout.js";
import { EditorModel } from "./editor-model.js";
import { normalizePastedText, PasteAssembler } from "./editor-paste.js";
import { defaultEditorTheme, type EditorTheme } from "./editor-theme.js";
import { EditorVerticalMotion } from "./editor-vertical.js";
import { clampScroll, type EditorBorderStatus, renderEditorFrame } from "./editor-view.js";
import { findVisualRow, VisualLineCache } from "./editor-visual-lines.js";
import { PasteRegistry, shouldCollapsePaste } from "./paste-markers.js";

/** Construction options for {@link Editor}. */
export interface EditorOptions {
	/** Blank columns left and right of the text. Default: 0. */
	paddingX?: number;
	/** Most text rows shown before scrolling; a function is asked on every render. Default: 10. */
	maxVisibleLines?: number | (() => number);
	/** Most suggestions shown at once. Default: 5. */
	autocompleteMaxVisible?: number;
	/** Key bindings. Default: the shared manager from {@link getKeybindings}. */
	keybindings?: KeybindingsManager;
}

/**
 * Multi-line editor. Enter submits (`onSubmit` gets the text with pastes expanded, trimmed);
 * Shift+Enter, Alt+Enter, Ctrl+J or a `\` before Enter insert a line break. Up on the first
 * row / Down on the last row browse history added with {@link Editor.addToHistory}.
 */
export class Editor implements Component, Focusable {
	/** Set by the TUI; the cursor is drawn only while focused. */
	focused = false;
	/** Called with the submitted text (pastes expanded, trimmed; may be empty). The editor is cleared first. */
	onSubmit?: (text: string) => void;
	/** Called after any input that changed the text, with {@link Editor.getText}. */
	onChange?: (text: string) => void;
	/** When true, Enter does nothing (a `\` before it still inserts a line break). */
	disableSubmit = false;
	/** Border style; replace it to recolour the border (e.g. by mode). */
	borderStyle: (text: string) => string;
	/** A status drawn into the top border (e.g. a spinner while an agent works); undefined: none. */
	borderStatus: EditorBorderStatus | undefined;

	private readonly model = new EditorModel();
	private readonly history = new EditorHistory();
	private readonly pastes = new PasteRegistry();
	private readonly pasteAssembler = new PasteAssembler();
	private readonly visualLines = new VisualLineCache();
	private readonly autocomplete: EditorAutocomplete;
	private readonly completion: EditorCompletion;
	private readonly keybindings: KeybindingsManager | undefined;
	private paddingX: number;
	private readonly maxVisibleLines: number | (() => number);
	private layoutWidth = 79;
	private scrollOffset = 0;
	private readonly vertical = new EditorVerticalMotion(this.model, this.history, () => this.layout());

	constructor(
		private readonly theme: EditorTheme = defaultEditorTheme(),
		options: EditorOptions = {},
	) {
		this.borderStyle = theme.border;
		this.paddingX = Math.max(0, Math.floor(options.paddingX ?? 0));
		this.maxVisibleLines = options.maxVisibleLines ?? 10;
		this.autocomplete = new EditorAutocomplete(Math.max(1, options.autocompleteMaxVisible ?? 5));
		this.completion = new EditorCompletion(this.autocomplete, this.model, () => this.submit());
		this.keybindings = options.keybindings;
	}

	/** The text with paste markers expanded to their content. */
	getText(): string {
		return this.pastes.expand(this.model.buffer.getText());
	}

	/** Same as {@link Editor.getText}. */
	getExpandedText(): string {
		return this.getText();
	}

	/** The text as displayed, with paste markers such as `[paste #1 +120 lines]`. */
	getRawText(): string {
		return this.model.buffer.getText();
	}

	/** The logical lines as displayed. */
	getLines(): readonly string[] {
		return this.model.buffer.lines;
	}

	/** The cursor: logical line and UTF-16 offset in it. */
	getCursor(): TextPosition {
		return this.model.buffer.cursor;
	}

	/** Replaces the text (undoable); the cursor goes to the end. Calls `onChange` when the text changed. */
	setText(text: string): void {
		this.notifyingChange(() => {
			this.autocomplete.close();
			this.history.stopBrowsing();
			this.model.setText(text.replace(/\r\n?/g, "\n"));
		});
	}

	/** Inserts text at the cursor as one undo step, as typed (no paste collapsing). */
	insertTextAtCursor(text: string): void {
		this.notifyingChange(() => this.model.insert(text.replace(/\r\n?/g, "\n")));
	}

	/** Inserts text as a paste: cleaned (CRLF, tabs, control characters) and collapsed into a marker when large. */
	paste(text: string): void {
		this.notifyingChange(() => this.insertPaste(text));
	}

	/** Adds a submitted text to the history browsed with Up/Down. */
	addToHistory(text: string): void {
		this.history.add(text);
	}

	/** Sets (or removes) the autocomplete provider. */
	setAutocompleteProvider(provider: AutocompleteProvider | undefined): void {
		this.autocomplete.provider = provider;
		this.autocomplete.close();
	}

	/**
	 * Asks the provider again for an open suggestion list, keeping the selection when it is still
	 * offered, or with `openIfClosed` opens one as typing would: for providers whose results change
	 * on their own (a file index still growing). Returns true when a list is open afterwards; the
	 * caller requests the render.
	 */
	refreshAutocomplete(options: { openIfClosed?: boolean } = {}): boolean {
		if (this.autocomplete.isOpen) this.autocomplete.refresh(this.completion.context());
		else if (options.openIfClosed) this.autocomplete.open(this.completion.context(), false);
		return this.autocomplete.isOpen;
	}

	/** True while the suggestion list is open (Escape, Up/Down, Tab and Enter go to it). */
	isShowingAutocomplete(): boolean {
		return this.autocomplete.isOpen;
	}

	/** Sets the blank columns left and right of the text. */
	setPaddingX(paddingX: number): void {
		this.paddingX = Math.max(0, Math.floor(paddingX));
	}

	/** Sets the most suggestions shown at once (from the next time the list opens or moves). */
	setAutocompleteMaxVisible(maxVisible: number): void {
		this.autocomplete.maxVisible = Math.max(1, Math.floor(maxVisible));
	}

	/** Nothing is cached across frames except wrap results keyed by text; nothing to drop. */
	invalidate(): void {}

	/** Handles keys, typed text and bracketed pastes. */
	handleInput(data: string): void {
		this.notifyingChange(() => {
			for (const part of this.pasteAssembler.push(data)) {
				if (part.kind === "paste") this.insertPaste(part.text);
				else this.handleKey(part.data);
			}
		});
	}

	/** Runs `change` and calls `onChange` once if the text changed. */
	private notifyingChange(change: () => void): void {
		const versionBefore = this.model.version;
		change();
		if (this.model.version !== versionBefore) this.onChange?.(this.getText());
	}

	private insertPaste(text: string): void {
		const cleaned = normalizePastedText(text);
		if (cleaned.length === 0) return;
		this.history.stopBrowsing();
		this.model.insert(shouldCollapsePaste(cleaned) ? this.pastes.add(cleaned) : cleaned);
		this.completion.afterEdit();
	}

	private get bindings(): KeybindingsManager {
		return this.keybindings ?? getKeybindings();
	}

	private handleKey(data: string): void {
		if (this.completion.list.isOpen && this.completion.handleKey(data, this.bindings)) return;
		const action = this.bindings.findAction(data, EDITOR_ACTIONS);
		if (!action) {
			const text = printableText(data);
			if (text !== undefined) this.typeText(text);
			else if (!data.startsWith("\x1b") && /[\r\n]/.test(data)) this.insertPaste(data);
			return;
		}
		const versionBefore = this.model.version;
		if (!isVerticalAction(action)) this.vertical.resetColumn();
		this.runAction(action);
		// Editing a shown history entry makes it the new draft.
		if (!isVerticalAction(action) && this.model.version !== versionBefore) this.history.stopBrowsing();
	}

	private typeText(text: string): void {
		this.vertical.resetColumn();
		this.history.stopBrowsing();
		this.model.type(text);
		this.completion.afterTyping();
	}

	private runAction(action: EditorAction): void {
		switch (action) {
			case "tui.input.submit":
				this.submitOrContinueLine();
				return;
			case "tui.input.newLine":
				this.model.insert("\n");
				return;
			case "tui.input.tab":
				this.completion.openByTab();
				return;
			case "tui.editor.undo":
				this.model.undo();
				return;
			case "tui.editor.redo":
				this.model.redo();
				return;
			case "tui.editor.cursorUp":
				this.vertical.up();
				return;
			case "tui.editor.cursorDown":
				this.vertical.down();
				return;
			case "tui.editor.pageUp":
				this.vertical.moveRows(-this.visibleRowLimit());
				return;
			case "tui.editor.pageDown":
				this.vertical.moveRows(this.visibleRowLimit());
				return;
		}
		const target = cursorTarget(this.model, action);
		if (target) {
			this.model.moveTo(target);
			this.autocomplete.close();
		} else if (runEdit(this.model, action)) {
			this.completion.afterEdit();
		}
	}

	private submitOrContinueLine(): void {
		const buffer = this.model.buffer;
		if (buffer.currentLine[buffer.cursorCol - 1] === "\\") {
			this.model.deleteCharBackward();
			this.model.insert("\n");
			return;
		}
		if (!this.disableSubmit) this.submit();
	}

	private submit(): void {
		const text = this.getText().trim();
		this.model.reset();
		this.pastes.clear();
		this.history.stopBrowsing();
		this.autocomplete.close();
		this.scrollOffset = 0;
		this.onSubmit?.(text);
	}

	private layout(): VisualLine[] {
		return this.visualLines.build(this.model.buffer.lines, this.layoutWidth);
	}

	private visibleRowLimit(): number {
		const limit = typeof this.maxVisibleLines === "function" ? this.maxVisibleLines() : this.maxVisibleLines;
		return Math.max(1, Math.floor(limit));
	}

	/** Border, text rows (scrolled to keep the cursor visible), border, then any suggestions. */
	render(width: number): string[] {
		const paddingX = Math.min(this.paddingX, Math.max(0, Math.floor((width - 2) / 2)));
		const contentWidth = Math.max(1, width - paddingX * 2);
		// One column stays free so the cursor fits after a full row.
		this.layoutWidth = Math.max(1, contentWidth - 1);
		const rows = this.layout();
		const cursorRow = findVisualRow(rows, this.model.buffer.cursor);
		const visibleRows = this.visibleRowLimit();
		this.scrollOffset = clampScroll(this.scrollOffset, cursorRow, visibleRows, rows.length);
		const frame = renderEditorFrame({
			lines: this.model.buffer.lines,
			rows,
			cursor: this.model.buffer.cursor,
			cursorRow,
			scrollOffset: this.scrollOffset,
			visibleRows,
			width,
			paddingX,
			showCursor: this.focused,
			emitMarker: this.focused && !this.autocomplete.isOpen,
			border: this.borderStyle,
			pasteMarker: this.theme.pasteMarker,
			borderStatus: this.borderStatus,
		});
		const pad = " ".repeat(paddingX);
		for (const line of this.autocomplete.render(contentWidth, this.theme.autocomplete)) frame.push(pad + line);
		return frame;
	}
}
