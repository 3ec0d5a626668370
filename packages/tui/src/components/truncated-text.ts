import type { Component } from "../component.js";
import { truncateToWidth } from "../text-width.js";

/** Options for {@link TruncatedText}. */
export interface TruncatedTextOptions {
	/** Columns of padding left and right. Default: 0. */
	paddingX?: number;
	/** Empty rows above and below. Default: 0. */
	paddingY?: number;
	/** Marks the cut. Default: "…". */
	ellipsis?: string;
}

/**
 * One line of text that never wraps: only the first line of the text is shown, cut to the
 * width with an ellipsis. For status bars and list rows.
 */
export class TruncatedText implements Component {
	private text: string;
	private readonly options: Required<TruncatedTextOptions>;

	constructor(text = "", options: TruncatedTextOptions = {}) {
		this.text = text;
		this.options = {
			paddingX: options.paddingX ?? 0,
			paddingY: options.paddingY ?? 0,
			ellipsis: options.ellipsis ?? "…",
		};
	}

	/** Replaces the text. */
	setText(text: string): void {
		this.text = text;
	}

	invalidate(): void {}

	render(width: number): string[] {
		const { paddingX, paddingY, ellipsis } = this.options;
		const firstLine = this.text.split("\n", 1)[0] ?? "";
		const pad = " ".repeat(paddingX);
		const line = pad + truncateToWidth(firstLine, Math.max(0, width - paddingX * 2), ellipsis);
		const blank = Array.from({ length: paddingY }, () => "");
		return [...blank, line, ...blank];
	}
}
