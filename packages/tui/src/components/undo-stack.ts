/**
 * Bounded undo / redo history of immutable snapshots. The owner decides when a step starts
 * (e.g. once per run of typed characters) by calling {@link UndoStack.push} with the state
 * *before* the change.
 */

/** Default number of undo steps kept. */
export const UNDO_CAPACITY = 200;

/** Undo and redo stacks of snapshots of type `T`. */
export class UndoStack<T> {
	private readonly undoEntries: T[] = [];
	private readonly redoEntries: T[] = [];

	constructor(private readonly capacity = UNDO_CAPACITY) {}

	/** True when there is something to undo. */
	get canUndo(): boolean {
		return this.undoEntries.length > 0;
	}

	/** True when there is something to redo. */
	get canRedo(): boolean {
		return this.redoEntries.length > 0;
	}

	/** Records `snapshot` (the state before a change) as a new undo step and clears redo. */
	push(snapshot: T): void {
		this.undoEntries.push(snapshot);
		if (this.undoEntries.length > this.capacity) this.undoEntries.shift();
		this.redoEntries.length = 0;
	}

	/** Returns the state to restore, saving `current` for redo; `undefined` when empty. */
	undo(current: T): T | undefined {
		const previous = this.undoEntries.pop();
		if (previous === undefined) return undefined;
		this.redoEntries.push(current);
		return previous;
	}

	/** Returns the state to re-apply, saving `current` for undo; `undefined` when empty. */
	redo(current: T): T | undefined {
		const next = this.redoEntries.pop();
		if (next === undefined) return undefined;
		this.undoEntries.push(current);
		return next;
	}

	/** Forgets all steps. */
	clear(): void {
		this.undoEntries.length = 0;
		this.redoEntries.length = 0;
	}
}
