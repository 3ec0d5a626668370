import { type Component, wrapTextWithAnsi } from "@pi/tui";

/**
 * Styled text in the transcript (errors, info, summaries, custom messages): a blank line, then
 * the text wrapped `pad` columns in from both sides (`outputPad`).
 */
export class NoticeComponent implements Component {
	private cache: { width: number; lines: string[] } | undefined;

	constructor(
		private text: string,
		private readonly pad = 1,
	) {}

	setText(text: string): void {
		this.text = text;
		this.cache = undefined;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const lines = [""];
		const pad = " ".repeat(this.pad);
		for (const line of this.text.split("\n")) {
			for (const wrapped of wrapTextWithAnsi(line, Math.max(1, width - 2 * this.pad))) lines.push(`${pad}${wrapped}`);
		}
		this.cache = { width, lines };
		return lines;
	}
}
