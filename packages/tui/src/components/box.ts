import { Container } from "../component.js";
import { applyLineStyle } from "../line-style.js";
import { padToWidth } from "../text-width.js";

/** Options for {@link Box}. */
export interface BoxOptions {
	/** Columns of padding left and right. Default: 1. */
	paddingX?: number;
	/** Rows of padding above and below. Default: 1. */
	paddingY?: number;
	/** Styles each full-width line, e.g. `chalk.bgGray`. Default: none. */
	background?: (line: string) => string;
}

/**
 * A container that pads its children and can paint a background behind them. Children
 * render at the inner width; every line is padded to the full width before the background
 * is applied, so the background forms a solid rectangle.
 */
export class Box extends Container {
	private readonly paddingX: number;
	private readonly paddingY: number;
	private background: ((line: string) => string) | undefined;

	constructor(options: BoxOptions = {}) {
		super();
		this.paddingX = options.paddingX ?? 1;
		this.paddingY = options.paddingY ?? 1;
		this.background = options.background;
	}

	/** Changes (or removes) the background style. */
	setBackground(background: ((line: string) => string) | undefined): void {
		this.background = background;
	}

	override render(width: number): string[] {
		const innerWidth = Math.max(1, width - this.paddingX * 2);
		const pad = " ".repeat(this.paddingX);
		const inner = super.render(innerWidth);
		const style = this.background;
		// Without a background, trailing padding would only cost bytes.
		const blank = style ? " ".repeat(width) : "";
		const body = style ? inner.map((line) => padToWidth(pad + line, width)) : inner.map((line) => pad + line);
		const vertical = Array.from({ length: this.paddingY }, () => blank);
		const lines = [...vertical, ...body, ...vertical];
		return style ? lines.map((line) => applyLineStyle(line, style)) : lines;
	}
}
