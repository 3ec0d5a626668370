/**
 * Editing commands for a single-line {@link Input}: typing, deleting, kills into a kill ring,
 * yank and yank-pop, and undo/redo, grouped the way the editor's model groups them. Knows
 * nothing about keys or rendering; the input component maps keys to these methods.
 */
import { type KillDirection, KillRing } from "./kill-ring.js";
import { TextCursor } from "./text-cursor.js";
import { UndoStack } from "./undo-stack.js";

/** An undo step: the value and cursor before a change. */
interface InputSnapshot {
	value: string;
	cursor: number;
}

/** The previous command, for undo grouping and kill accumulation. */
type LastAction = "type" | "kill" | "yank" | "other";

/** The value, cursor, undo history and kill ring of an {@link Input}. */
export class InputModel {
	readonly text = new TextCursor();
	private readonly undoStack = new UndoStack<InputSnapshot>();
	private readonly killRing = new KillRing();
	private lastAction: LastAction = "other";
	private lastYank: { start: number; end: number } | undefined;

	/** The current value. */
	get value(): string {
		return this.text.value;
	}

	/** Moves the cursor to `index` (a grapheme boundary), ending the undo group and kill sequence. */
	moveTo(index: number): void {
		this.text.restore(this.text.value, index);
		this.lastAction = "other";
	}

	private snapshot(): InputSnapshot {
		return { value: this.text.value, cursor: this.text.cursor };
	}

	/**
	 * Inserts typed text. A run of typing is one undo step, split where a word starts after
	 * whitespace, so undo removes typing a word at a time.
	 */
	type(text: string): void {
		const previous = this.text.value[this.text.cursor - 1];
		const startsWord = previous !== undefined && /\s/.test(previous) && !/^\s/.test(text);
		if (this.lastAction !== "type" || startsWord) this.undoStack.push(this.snapshot());
		this.text.insert(text);
		this.lastAction = "type";
	}

	/** Inserts text as its own undo step (a paste). */
	insert(text: string): void {
		if (text.length === 0) return;
		this.undoStack.push(this.snapshot());
		this.text.insert(text);
		this.lastAction = "other";
	}

	/** Replaces the value (one undo step); the cursor goes to the end. */
	setValue(value: string): void {
		if (value === this.text.value) return;
		this.undoStack.push(this.snapshot());
		this.text.set(value);
		this.lastAction = "other";
	}

	/** Deletes the grapheme before (`backward`) or after the cursor; one undo step each. */
	deleteChar(direction: KillDirection): void {
		const [start, end] =
			direction === "backward"
				? [this.text.previousBoundary(), this.text.cursor]
				: [this.text.cursor, this.text.nextBoundary()];
		if (start === end) return;
		this.undoStack.push(this.snapshot());
		this.text.remove(start, end);
		this.lastAction = "other";
	}

	/** Kills back to the start of the word before the cursor. */
	killWordBackward(): void {
		this.kill(this.text.wordStartBefore(), "backward");
	}

	/** Kills forward to the end of the word after the cursor. */
	killWordForward(): void {
		this.kill(this.text.wordEndAfter(), "forward");
	}

	/** Kills everything before the cursor. */
	killToStart(): void {
		this.kill(0, "backward");
	}

	/** Kills everything after the cursor. */
	killToEnd(): void {
		this.kill(this.text.value.length, "forward");
	}

	/** Removes the text between the cursor and `target` into the kill ring (consecutive kills join). */
	private kill(target: number, direction: KillDirection): void {
		const start = Math.min(target, this.text.cursor);
		const end = Math.max(target, this.text.cursor);
		if (start === end) return;
		this.undoStack.push(this.snapshot());
		this.killRing.push(this.text.remove(start, end), direction, this.lastAction === "kill");
		this.lastAction = "kill";
	}

	/** Inserts the newest kill. */
	yank(): void {
		const text = this.killRing.yank();
		if (text === undefined) return;
		this.undoStack.push(this.snapshot());
		this.insertYank(text);
	}

	/** Right after a yank, replaces the yanked text with the next older kill (undo goes back to before the yank). */
	yankPop(): void {
		if (this.lastAction !== "yank" || !this.lastYank) return;
		const text = this.killRing.yankPop();
		if (text === undefined) return;
		this.text.remove(this.lastYank.start, this.lastYank.end);
		this.insertYank(text);
	}

	private insertYank(text: string): void {
		const start = this.text.cursor;
		this.text.insert(text);
		this.lastYank = { start, end: this.text.cursor };
		this.lastAction = "yank";
	}

	/** Undoes the last step; false when there was nothing to undo. */
	undo(): boolean {
		const previous = this.undoStack.undo(this.snapshot());
		if (!previous) return false;
		this.text.restore(previous.value, previous.cursor);
		this.lastAction = "other";
		return true;
	}

	/** Redoes the last undone step; false when there was nothing to redo. */
	redo(): boolean {
		const next = this.undoStack.redo(this.snapshot());
		if (!next) return false;
		this.text.restore(next.value, next.cursor);
		this.lastAction = "other";
		return true;
	}
}
