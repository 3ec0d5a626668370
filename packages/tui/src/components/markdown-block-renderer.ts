/**
 * Renders one block-level Markdown token (heading, paragraph, list, code, quote, table, rule)
 * to lines no wider than the given width. {@link MarkdownBlockRenderer.renderBlock} is what
 * the {@link Markdown} component caches per top-level block.
 */
import type { Token, Tokens } from "marked";
import { wrapTextWithAnsi } from "../wrap.js";
import { renderCodeBlock } from "./markdown-code-block.js";
import { balanceHyperlinks } from "./markdown-hyperlinks.js";
import { type InlineContext, renderInline, textStyleFunction } from "./markdown-inline.js";
import { renderList } from "./markdown-list.js";
import { renderTable } from "./markdown-table.js";
import type { DefaultTextStyle, MarkdownTheme } from "./markdown-theme.js";

const QUOTE_BAR = "│ ";

/** Block renderer with a fixed theme and default text style. */
export class MarkdownBlockRenderer {
	/** Inline rendering context (theme + plain text style). */
	readonly inline: InlineContext;

	constructor(
		readonly theme: MarkdownTheme,
		defaultTextStyle?: DefaultTextStyle,
	) {
		this.inline = { theme, textStyle: textStyleFunction(theme, defaultTextStyle) };
	}

	/** Renders a top-level block. `space` and link definitions render to no lines. */
	renderBlock(token: Token, width: number): string[] {
		const lines = this.renderToken(token, width, 0);
		return this.theme.hyperlinks ? balanceHyperlinks(lines) : lines;
	}

	/**
	 * Renders a sequence of blocks (a quote's or list item's content). With `loose`, blocks are
	 * separated by a blank line; otherwise they follow each other directly.
	 */
	renderSequence(tokens: readonly Token[], width: number, depth: number, loose: boolean): string[] {
		const lines: string[] = [];
		let previousWasBlock = false;
		for (const token of tokens) {
			const rendered = this.renderToken(token, width, depth);
			if (rendered.length === 0) continue;
			if (previousWasBlock && (loose || needsGap(token))) lines.push("");
			for (const line of rendered) lines.push(line);
			previousWasBlock = true;
		}
		return lines;
	}

	/** Renders any block token; `depth` is the list nesting level (for bullets). */
	renderToken(token: Token, width: number, depth: number): string[] {
		switch (token.type) {
			case "space":
			case "def":
				return [];
			case "heading":
				return this.renderHeading(token as Tokens.Heading, width);
			case "paragraph":
			case "text":
				return this.wrapInline(token, width);
			case "code":
				return renderCodeBlock(token as Tokens.Code, width, this.theme);
			case "blockquote":
				return this.renderQuote(token as Tokens.Blockquote, width, depth);
			case "list":
				return renderList(token as Tokens.List, width, depth, this);
			case "table":
				return renderTable(token as Tokens.Table, width, this.inline);
			case "hr":
				return [this.theme.hr("─".repeat(Math.max(1, width)))];
			case "html":
				return wrapTextWithAnsi(this.inline.textStyle(token.raw.trim()), width);
			default:
				return "text" in token && typeof token.text === "string" ? wrapTextWithAnsi(token.text, width) : [];
		}
	}

	private wrapInline(token: Token, width: number): string[] {
		const inlineTokens = "tokens" in token ? token.tokens : undefined;
		const text = inlineTokens ? renderInline(inlineTokens, this.inline) : this.inline.textStyle(String(token.raw));
		return wrapTextWithAnsi(text.replace(/\n+$/, ""), width);
	}

	private renderHeading(token: Tokens.Heading, width: number): string[] {
		const marker = token.depth >= 3 ? `${"#".repeat(token.depth)} ` : "";
		const text = this.theme.heading(marker + renderInline(token.tokens, this.inline), token.depth);
		return wrapTextWithAnsi(text, width);
	}

	private renderQuote(token: Tokens.Blockquote, width: number, depth: number): string[] {
		const bar = this.theme.quoteBorder(QUOTE_BAR);
		const inner = this.renderSequence(token.tokens, Math.max(1, width - QUOTE_BAR.length), depth, true);
		const emptyBar = this.theme.quoteBorder(QUOTE_BAR.trimEnd());
		return inner.map((line) => (line.length > 0 ? bar + this.theme.quote(line) : emptyBar));
	}
}

/** Blocks that read better with a blank line before them even in a tight sequence. */
function needsGap(token: Token): boolean {
	return token.type === "code" || token.type === "table" || token.type === "blockquote" || token.type === "heading";
}
