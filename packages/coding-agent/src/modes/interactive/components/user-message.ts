import type { ImageContent, TextContent } from "@pi/ai";
import { type Component, Image, padToWidth, wrapTextWithAnsi } from "@pi/tui";
import { applyMarkdownTransformers, type MarkdownTransformers } from "../markdown-transform.js";
import type { Theme } from "../theme.js";

/** How user-message images are drawn (`terminal.showImages`, `terminal.imageWidthCells`). */
export interface UserImageOptions {
	showImages?: boolean;
	imageWidthCells?: number;
}

/**
 * A user message: a blank line, then the text on the user background; images inline (kitty or
 * iTerm2 protocol) when the terminal can show them, else as `[image: …]` placeholders.
 */
export class UserMessageComponent implements Component {
	private cache: { width: number; lines: string[] } | undefined;
	private readonly images: Image[] = [];

	constructor(
		private readonly content: string | readonly (TextContent | ImageContent)[],
		private readonly theme: Theme,
		imageOptions: UserImageOptions = {},
		private readonly markdownTransformers?: MarkdownTransformers,
	) {
		if (typeof content === "string" || imageOptions.showImages === false) return;
		for (const part of content) {
			if (part.type !== "image") continue;
			this.images.push(
				new Image(part.data, part.mimeType, {
					maxWidth: imageOptions.imageWidthCells ?? 60,
					placeholderStyle: theme.muted,
				}),
			);
		}
	}

	invalidate(): void {
		this.cache = undefined;
	}

	/** The text after extensions' Markdown transformers (`messageType: "user"`). */
	private transformed(text: string, availableWidth: number): string {
		const transformers = this.markdownTransformers?.() ?? [];
		if (transformers.length === 0) return text;
		return applyMarkdownTransformers(text, { messageType: "user", isStreaming: false, availableWidth }, transformers);
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const parts = typeof this.content === "string" ? [{ type: "text" as const, text: this.content }] : this.content;
		const pad = " ".repeat(this.theme.outputPad);
		const inner = Math.max(1, width - 2 * this.theme.outputPad);
		const body: string[] = [];
		for (const part of parts) {
			if (part.type === "text") body.push(...wrapTextWithAnsi(this.transformed(part.text, inner), inner));
			else if (this.images.length === 0) body.push(this.theme.muted(`[image: ${part.mimeType}]`));
		}
		if (body.length === 0) body.push("");
		const lines = ["", ...body.map((line) => this.theme.userMessageBg(padToWidth(`${pad}${line}`, width)))];
		for (const image of this.images) for (const line of image.render(inner)) lines.push(`${pad}${line}`);
		this.cache = { width, lines };
		return lines;
	}
}
