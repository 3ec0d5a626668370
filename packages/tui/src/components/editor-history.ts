/**
 * Submitted-prompt history for the editor's up/down browsing. While browsing, the text the
 * user was writing (the draft) is kept and restored when they come back past the newest entry.
 */

/** Default number of entries kept. */
export const HISTORY_CAPACITY = 100;

/** Newest-first list of submitted texts with a browse cursor. */
export class EditorHistory {
	private readonly entries: string[] = [];
	/** -1 while not browsing; otherwise the shown entry, 0 = newest. */
	private index = -1;
	private draft = "";

	constructor(private readonly capacity = HISTORY_CAPACITY) {}

	/** True while an entry (not the draft) is shown. */
	get isBrowsing(): boolean {
		return this.index !== -1;
	}

	/** Number of stored entries. */
	get size(): number {
		return this.entries.length;
	}

	/** Adds a submitted text; blank texts and a repeat of the newest entry are ignored. Stops browsing. */
	add(text: string): void {
		this.index = -1;
		if (text.trim().length === 0 || this.entries[0] === text) return;
		this.entries.unshift(text);
		if (this.entries.length > this.capacity) this.entries.length = this.capacity;
	}

	/** Moves to the next older entry and returns it; `undefined` when there is none. `current` is kept as the draft. */
	older(current: string): string | undefined {
		const next = this.index + 1;
		const entry = this.entries[next];
		if (entry === undefined) return undefined;
		if (this.index === -1) this.draft = current;
		this.index = next;
		return entry;
	}

	/** Moves to the next newer entry (or back to the draft) and returns it; `undefined` when not browsing. */
	newer(): string | undefined {
		if (this.index === -1) return undefined;
		this.index--;
		return this.index === -1 ? this.draft : this.entries[this.index];
	}

	/** Leaves browsing mode, e.g. because the shown entry was edited (it becomes the draft). */
	stopBrowsing(): void {
		this.index = -1;
	}
}
