/**
 * An Emacs-style kill ring: killed (cut) text is stored newest first so it can be yanked
 * (pasted) back, and a yank can be cycled through older kills with yank-pop.
 */

/** Default number of entries kept; older kills are dropped. */
export const KILL_RING_CAPACITY = 60;

/** How a kill joins the newest entry when kills are consecutive. */
export type KillDirection = "forward" | "backward";

/** Ring of killed text, newest first. */
export class KillRing {
	private readonly entries: string[] = [];
	/** Offset of the entry the last yank / yank-pop inserted, counted from the newest. */
	private yankOffset = 0;

	constructor(private readonly capacity = KILL_RING_CAPACITY) {}

	/** Number of stored entries. */
	get size(): number {
		return this.entries.length;
	}

	/**
	 * Records killed text. With `accumulate` (the previous command was also a kill) the text
	 * joins the newest entry instead: appended for forward kills, prepended for backward ones,
	 * so the entry reads in document order. Empty text is ignored.
	 */
	push(text: string, direction: KillDirection, accumulate: boolean): void {
		if (text.length === 0) return;
		const newest = this.entries[0];
		if (accumulate && newest !== undefined) {
			this.entries[0] = direction === "forward" ? newest + text : text + newest;
		} else {
			this.entries.unshift(text);
			if (this.entries.length > this.capacity) this.entries.length = this.capacity;
		}
		this.yankOffset = 0;
	}

	/** The newest entry (what a yank inserts), or `undefined` when the ring is empty; resets yank-pop. */
	yank(): string | undefined {
		this.yankOffset = 0;
		return this.entries[0];
	}

	/** The entry after the one inserted last, wrapping around (what yank-pop inserts). */
	yankPop(): string | undefined {
		if (this.entries.length === 0) return undefined;
		this.yankOffset = (this.yankOffset + 1) % this.entries.length;
		return this.entries[this.yankOffset];
	}
}
