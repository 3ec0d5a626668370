import type { ImageContent, TextContent } from "@pi/ai";
import { type Component, padToWidth, wrapTextWithAnsi } from "@pi/tui";
import type { Theme } from "../theme.js";

/** A user message: a blank line, then the text on the user background, images as placeholders. */
export class UserMessageComponent implements Component {
	private cache: { width: number; lines: string[] } | undefined;

	constructor(
		private readonly content: string | readonly (TextContent | ImageContent)[],
		private readonly theme: Theme,
	) {}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const parts = typeof this.content === "string" ? [{ type: "text" as const, text: this.content }] : this.content;
		const inner = Math.max(1, width - 2);
		const body: string[] = [];
		for (const part of parts) {
			if (part.type === "text") body.push(...wrapTextWithAnsi(part.text, inner));
			else body.push(this.theme.muted(`[image: ${part.mimeType}]`));
		}
		if (body.length === 0) body.push("");
		const lines = ["", ...body.map((line) => this.theme.userMessageBg(padToWidth(` ${line}`, width)))];
		this.cache = { width, lines };
		return lines;
	}
}
