/**
 * Up/Down/PageUp/PageDown for the editor: move across visual rows keeping a preferred column,
 * and at the first / last row browse the prompt history instead.
 */
import type { EditorHistory } from "./editor-history.js";
import type { VisualLine } from "./editor-layout.js";
import type { EditorModel } from "./editor-model.js";
import { moveVertically } from "./editor-navigation.js";
import { findVisualRow } from "./editor-visual-lines.js";

/** Vertical cursor movement with a sticky column and history browsing at the edges. */
export class EditorVerticalMotion {
	private preferredCells: number | undefined;

	constructor(
		private readonly model: EditorModel,
		private readonly history: EditorHistory,
		private readonly layout: () => VisualLine[],
	) {}

	/** Forgets the sticky column (after any non-vertical command). */
	resetColumn(): void {
		this.preferredCells = undefined;
	}

	/** Up: the row above, else an older history entry, else the start of the text. */
	up(): void {
		const rows = this.layout();
		if (findVisualRow(rows, this.model.buffer.cursor) > 0) {
			this.moveRows(-1, rows);
			return;
		}
		const wasBrowsing = this.history.isBrowsing;
		const entry = this.history.older(this.model.buffer.getText());
		if (entry === undefined) {
			this.model.moveTo({ line: 0, col: 0 });
			return;
		}
		// Undo after browsing returns to the draft as it was before the first Up.
		if (!wasBrowsing) this.model.checkpoint();
		this.showEntry(entry);
	}

	/** Down: the row below, else a newer history entry (or the draft), else the end of the text. */
	down(): void {
		const rows = this.layout();
		if (findVisualRow(rows, this.model.buffer.cursor) < rows.length - 1) {
			this.moveRows(1, rows);
			return;
		}
		const entry = this.history.newer();
		if (entry !== undefined) {
			this.showEntry(entry);
			return;
		}
		const lines = this.model.buffer.lines;
		this.model.moveTo({ line: lines.length - 1, col: (lines[lines.length - 1] ?? "").length });
	}

	/** Moves `delta` rows (negative is up), clamped to the text; never browses history. */
	moveRows(delta: number, rows = this.layout()): void {
		const buffer = this.model.buffer;
		const move = moveVertically(buffer.lines, rows, buffer.cursor, delta, this.preferredCells);
		this.model.moveTo(move.position);
		this.preferredCells = move.preferredCells;
	}

	private showEntry(text: string): void {
		this.preferredCells = undefined;
		const lines = text.split("\n");
		const last = lines.length - 1;
		this.model.replaceAll(lines, { line: last, col: (lines[last] ?? "").length });
	}
}
