import type { Component } from "../component.js";
import { applyLineStyle } from "../line-style.js";
import { padToWidth } from "../text-width.js";
import { wrapTextWithAnsi } from "../wrap.js";

/** Options for {@link Text}. */
export interface TextOptions {
	/** Columns of padding left and right. Default: 0. */
	paddingX?: number;
	/** Empty rows above and below. Default: 0. */
	paddingY?: number;
	/** Styles each whole line (padding included), e.g. a background colour. */
	background?: (line: string) => string;
}

/**
 * Multi-line text, word-wrapped to the width with ANSI styles kept across breaks.
 * Renders nothing for empty text. Output is cached until the text or width changes.
 */
export class Text implements Component {
	private text: string;
	private readonly paddingX: number;
	private readonly paddingY: number;
	private readonly background: ((line: string) => string) | undefined;
	private cache: { text: string; width: number; lines: string[] } | undefined;

	/** `new Text(text, options)`, or the positional form `new Text(text, paddingX, paddingY, background)`. */
	constructor(text = "", options: TextOptions | number = {}, paddingY?: number, background?: (line: string) => string) {
		if (typeof options === "number") options = { paddingX: options, paddingY, background };
		this.text = text;
		this.paddingX = options.paddingX ?? 0;
		this.paddingY = options.paddingY ?? 0;
		this.background = options.background;
	}

	/** The current text. */
	getText(): string {
		return this.text;
	}

	/** Replaces the text. */
	setText(text: string): void {
		this.text = text;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache && this.cache.text === this.text && this.cache.width === width) return this.cache.lines;
		const lines = this.text === "" ? [] : this.layout(width);
		this.cache = { text: this.text, width, lines };
		return lines;
	}

	private layout(width: number): string[] {
		const contentWidth = Math.max(1, width - this.paddingX * 2);
		const pad = " ".repeat(this.paddingX);
		const body = wrapTextWithAnsi(this.text.replaceAll("\t", "   "), contentWidth).map((line) =>
			this.background ? padToWidth(pad + line + pad, width) : pad + line,
		);
		const blank = this.background ? " ".repeat(width) : "";
		const vertical = Array.from({ length: this.paddingY }, () => blank);
		const lines = [...vertical, ...body, ...vertical];
		const style = this.background;
		return style ? lines.map((line) => applyLineStyle(line, style)) : lines;
	}
}
