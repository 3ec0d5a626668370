/**
 * A component that renders Markdown, built for streaming: each top-level block's lines are
 * cached by its source text and the width, so re-rendering a growing response only renders
 * the block that changed (usually the last one).
 */
import type { Token } from "marked";
import type { Component } from "../component.js";
import { visibleWidth } from "../text-width.js";
import { MarkdownBlockRenderer } from "./markdown-block-renderer.js";
import { IncrementalMarkdownLexer } from "./markdown-lexer.js";
import { type DefaultTextStyle, defaultMarkdownTheme, type MarkdownTheme } from "./markdown-theme.js";

/** Renders Markdown text with padding; see the module comment for caching. */
export class Markdown implements Component {
	private text: string;
	private readonly lexer = new IncrementalMarkdownLexer();
	private renderer: MarkdownBlockRenderer;
	private blockCache = new Map<string, string[]>();
	private cachedWidth = -1;
	private lastFrame: { text: string; width: number; lines: string[] } | undefined;

	/**
	 * @param text Markdown source
	 * @param paddingX blank columns left and right. Default: 1.
	 * @param paddingY blank lines above and below. Default: 1.
	 * @param theme element styles. Default: {@link defaultMarkdownTheme}.
	 * @param defaultTextStyle style for ordinary text (colour, background, bold…)
	 */
	constructor(
		text = "",
		private paddingX = 1,
		private paddingY = 1,
		private readonly theme: MarkdownTheme = defaultMarkdownTheme(),
		private readonly defaultTextStyle?: DefaultTextStyle,
	) {
		this.text = text;
		this.renderer = new MarkdownBlockRenderer(theme, defaultTextStyle);
	}

	/** The current source text. */
	getText(): string {
		return this.text;
	}

	/** Replaces the source. Blocks whose source is unchanged keep their cached lines. */
	setText(text: string): void {
		this.text = text;
	}

	/** Changes the padding (drops the last frame). */
	setPadding(paddingX: number, paddingY: number): void {
		this.paddingX = paddingX;
		this.paddingY = paddingY;
		this.lastFrame = undefined;
	}

	/** Drops every cached line, e.g. after a theme change. */
	invalidate(): void {
		this.renderer = new MarkdownBlockRenderer(this.theme, this.defaultTextStyle);
		this.blockCache.clear();
		this.lastFrame = undefined;
	}

	/** Renders to lines of at most `width` cells; empty (or whitespace-only) text renders nothing. */
	render(width: number): string[] {
		const frame = this.lastFrame;
		if (frame && frame.text === this.text && frame.width === width) return frame.lines;
		const lines = this.renderFrame(width);
		this.lastFrame = { text: this.text, width, lines };
		return lines;
	}

	private renderFrame(width: number): string[] {
		if (this.text.trim().length === 0) return [];
		const paddingX = Math.max(0, Math.min(this.paddingX, Math.floor((width - 1) / 2)));
		const contentWidth = Math.max(1, width - paddingX * 2);
		const body = this.renderBlocks(this.lexer.lex(this.text), contentWidth);
		const left = " ".repeat(paddingX);
		const lines: string[] = [];
		for (let i = 0; i < this.paddingY; i++) lines.push("");
		for (const line of body) lines.push(line.length > 0 ? left + line : "");
		for (let i = 0; i < this.paddingY; i++) lines.push("");
		const background = this.defaultTextStyle?.bgColor;
		if (!background) return lines;
		return lines.map((line) => background(line + " ".repeat(Math.max(0, width - visibleWidth(line)))));
	}

	/** Joins the blocks' lines with one blank line between blocks, using and refreshing the cache. */
	private renderBlocks(tokens: readonly Token[], width: number): string[] {
		if (width !== this.cachedWidth) {
			this.blockCache.clear();
			this.cachedWidth = width;
		}
		const used = new Map<string, string[]>();
		const lines: string[] = [];
		for (const token of tokens) {
			if (token.type === "space" || token.type === "def") continue;
			const key = `${token.type}\u0000${token.raw}`;
			let blockLines = used.get(key) ?? this.blockCache.get(key);
			if (!blockLines) blockLines = this.renderer.renderBlock(token, width);
			used.set(key, blockLines);
			if (blockLines.length === 0) continue;
			if (lines.length > 0) lines.push("");
			for (const line of blockLines) lines.push(line);
		}
		// Only blocks of the current text stay cached, so the cache never outgrows the document.
		this.blockCache = used;
		return lines;
	}
}
