import {
	type Component,
	Editor,
	extractPaste,
	type Focusable,
	Input,
	type KeybindingsManager,
	matchesKey,
	padToWidth,
	printableText,
	SelectList,
	truncateToWidth,
	wrapTextWithAnsi,
} from "@pi/tui";
import { editorThemeFor, selectListThemeFor, type Theme } from "../theme.js";

/** The kinds of extension dialog (extensions.md §6). */
export type DialogKind =
	| { kind: "select"; options: string[] }
	| { kind: "confirm"; message: string }
	| { kind: "input"; placeholder?: string; value?: string }
	| { kind: "editor"; prefill?: string }
	| { kind: "secret" };

/** The raw answer of a dialog: the chosen text, or undefined for cancel / timeout. */
export type DialogAnswer = string | undefined;

/**
 * A bordered dialog box shown as an overlay: the title, the body for its kind and, with a
 * timeout, a countdown line. Escape cancels. `onDone` is called exactly once.
 */
export class DialogComponent implements Component, Focusable {
	focused = false;
	private readonly body: Component & { handleInput?(data: string): void };
	private secondsLeft: number | undefined;
	private secret = "";
	private finished = false;

	constructor(
		private readonly title: string,
		private readonly dialog: DialogKind,
		private readonly theme: Theme,
		keybindings: KeybindingsManager,
		private readonly onDone: (answer: DialogAnswer) => void,
	) {
		switch (dialog.kind) {
			case "select":
			case "confirm": {
				const options = dialog.kind === "select" ? dialog.options : ["Yes", "No"];
				this.body = new SelectList(
					options.map((option) => ({ value: option })),
					{
						maxVisible: 10,
						theme: selectListThemeFor(theme),
						keybindings,
						onSelect: (item) => this.finish(item.value),
						onCancel: () => this.finish(undefined),
					},
				);
				break;
			}
			case "secret":
				this.body = { render: () => [`> ${"•".repeat(this.secret.length)}`], invalidate: () => undefined };
				break;
			case "input": {
				const input = new Input({
					prompt: "> ",
					...(dialog.placeholder ? { placeholder: dialog.placeholder } : {}),
					keybindings,
					onSubmit: (value) => this.finish(value),
					onEscape: () => this.finish(undefined),
				});
				// A value to edit (e.g. the name being renamed), the cursor before it as pi 1.4 puts it.
				if (dialog.value) {
					input.setValue(dialog.value);
					input.setCursor(0);
				}
				this.body = input;
				break;
			}
			case "editor": {
				const editor = new Editor(editorThemeFor(theme), { maxVisibleLines: 12, keybindings });
				if (dialog.prefill) editor.setText(dialog.prefill);
				editor.onSubmit = (text) => this.finish(text);
				this.body = editor;
				break;
			}
		}
	}

	/** Shows "closes in N s" (undefined hides it). */
	setSecondsLeft(seconds: number | undefined): void {
		this.secondsLeft = seconds;
	}

	/** Ends the dialog with `answer` (ignored after the first call). */
	finish(answer: DialogAnswer): void {
		if (this.finished) return;
		this.finished = true;
		this.onDone(answer);
	}

	invalidate(): void {
		this.body.invalidate();
	}

	handleInput(data: string): void {
		if (this.dialog.kind === "secret") {
			this.handleSecretKey(data);
			return;
		}
		if (this.dialog.kind === "editor" && data === "\x1b") {
			this.finish(undefined);
			return;
		}
		if (this.body instanceof Input || this.body instanceof Editor) this.body.focused = this.focused;
		this.body.handleInput?.(data);
	}

	/** A hidden field: nothing typed is ever drawn, only one bullet per character. */
	private handleSecretKey(data: string): void {
		if (matchesKey(data, "escape")) this.finish(undefined);
		else if (matchesKey(data, "enter")) this.finish(this.secret);
		else if (matchesKey(data, "backspace")) this.secret = this.secret.slice(0, -1);
		else {
			const pasted = extractPaste(data);
			const text = pasted ?? printableText(data);
			if (text !== undefined) this.secret += text.replace(/[\r\n]/g, "");
		}
	}

	render(width: number): string[] {
		const inner = Math.max(4, width - 4);
		const border = this.theme.accent;
		const lines: string[] = [];
		for (const line of this.title.split("\n")) lines.push(...wrapTextWithAnsi(this.theme.bold(line), inner));
		if (this.dialog.kind === "confirm") {
			lines.push("");
			for (const line of this.dialog.message.split("\n")) lines.push(...wrapTextWithAnsi(line, inner));
		}
		lines.push("");
		if (this.body instanceof Input || this.body instanceof Editor) this.body.focused = this.focused;
		lines.push(...this.body.render(inner));
		lines.push("");
		const hints =
			this.dialog.kind === "input" || this.dialog.kind === "editor" || this.dialog.kind === "secret"
				? "Enter submit · Esc cancel"
				: "↑↓ move · Enter select · Esc cancel";
		lines.push(this.theme.muted(hints));
		if (this.secondsLeft !== undefined) lines.push(this.theme.warning(`Closes in ${this.secondsLeft}s`));
		const top = border(`╭${"─".repeat(width - 2)}╮`);
		const bottom = border(`╰${"─".repeat(width - 2)}╯`);
		return [
			top,
			...lines.map((line) => `${border("│")} ${padToWidth(truncateToWidth(line, inner), inner)} ${border("│")}`),
			bottom,
		];
	}
}
