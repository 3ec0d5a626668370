import chalk from "chalk";
import type { Component } from "../component.js";
import { getImageDimensions, type ImageDimensions } from "../image-dimensions.js";
import {
	type CellBox,
	detectImageProtocol,
	encodeITerm2Image,
	encodeKittyImage,
	type ImageProtocol,
} from "../terminal-image.js";
import { truncateToWidth } from "../text-width.js";

/** Options for {@link Image}. */
export interface ImageOptions {
	/** Protocol to use; "none" forces the placeholder. Default: detected from the environment. */
	protocol?: ImageProtocol | "none";
	/** Widest the image may be, in cells. Default: 60. */
	maxWidth?: number;
	/** Tallest the image may be, in rows. Default: 20. */
	maxHeight?: number;
	/** Pixel size of one cell, for the aspect ratio. Default: 10×20. */
	cellSize?: { width: number; height: number };
	/** File name passed to iTerm2. */
	name?: string;
	/** Styles the placeholder. Default: dim. */
	placeholderStyle?: (text: string) => string;
}

/**
 * An inline image. With the kitty or iTerm2 protocol it reserves `rows` lines and draws the
 * image over them (the sequence sits on the last reserved line, after moving the cursor up,
 * so the rows exist before the image is placed). Without one, or for formats the protocol
 * cannot show (kitty shows PNG only), it renders `[image: mime WxH]`.
 */
export class Image implements Component {
	private readonly bytes: Uint8Array;
	private readonly dimensions: ImageDimensions | undefined;
	private readonly protocol: ImageProtocol | undefined;
	private base64: string | undefined;
	private cache: { width: number; lines: string[] } | undefined;

	constructor(
		data: Uint8Array | string,
		private readonly mimeType: string,
		private readonly options: ImageOptions = {},
	) {
		this.bytes = typeof data === "string" ? Buffer.from(data, "base64") : data;
		this.dimensions = getImageDimensions(this.bytes);
		const protocol = options.protocol ?? detectImageProtocol();
		this.protocol = protocol === "none" ? undefined : protocol;
	}

	/** The image's pixel size, when its header could be read. */
	getDimensions(): ImageDimensions | undefined {
		return this.dimensions;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const lines = this.layout(width);
		this.cache = { width, lines };
		return lines;
	}

	private layout(width: number): string[] {
		const dimensions = this.dimensions;
		const usable = this.protocol === "iterm2" || (this.protocol === "kitty" && this.mimeType === "image/png");
		if (!dimensions || !usable || dimensions.width === 0 || dimensions.height === 0) return [this.placeholder(width)];
		const box = this.cellBox(dimensions, width);
		this.base64 ??= Buffer.from(this.bytes).toString("base64");
		const moveUp = box.rows > 1 ? `\x1b[${box.rows - 1}A` : "";
		let sequence: string;
		if (this.protocol === "kitty") {
			// C=1 leaves the cursor where it was, so move back down to the last reserved row.
			sequence = moveUp + encodeKittyImage(this.base64, box) + (box.rows > 1 ? `\x1b[${box.rows - 1}B` : "");
		} else {
			// iTerm2 leaves the cursor on the image's last row.
			sequence = moveUp + encodeITerm2Image(this.base64, this.bytes.length, box, this.options.name);
		}
		return [...Array.from({ length: box.rows - 1 }, () => ""), sequence];
	}

	private cellBox(dimensions: ImageDimensions, width: number): CellBox {
		const cell = this.options.cellSize ?? { width: 10, height: 20 };
		const maxColumns = Math.max(1, Math.min(width, this.options.maxWidth ?? 60));
		const maxRows = Math.max(1, this.options.maxHeight ?? 20);
		let columns = Math.min(maxColumns, Math.ceil(dimensions.width / cell.width));
		let rows = Math.max(1, Math.round((columns * cell.width * dimensions.height) / dimensions.width / cell.height));
		if (rows > maxRows) {
			rows = maxRows;
			columns = Math.max(1, Math.round((rows * cell.height * dimensions.width) / dimensions.height / cell.width));
		}
		return { columns, rows };
	}

	private placeholder(width: number): string {
		const size = this.dimensions ? ` ${this.dimensions.width}x${this.dimensions.height}` : "";
		const style = this.options.placeholderStyle ?? chalk.dim;
		return style(truncateToWidth(`[image: ${this.mimeType}${size}]`, width));
	}
}
