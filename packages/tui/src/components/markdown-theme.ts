/**
 * Styles for {@link Markdown}: one function per element, from plain (or already styled) text
 * to styled text, so apps can map them onto their colour theme.
 */
import chalk from "chalk";
import { defaultSyntaxTheme, type SyntaxTheme } from "../syntax-highlight.js";

/** Styles for each Markdown element. */
export interface MarkdownTheme {
	/** A heading's text; `level` is 1–6. The `###` marker for levels 3+ is part of `text`. */
	heading: (text: string, level: number) => string;
	bold: (text: string) => string;
	italic: (text: string) => string;
	strikethrough: (text: string) => string;
	underline: (text: string) => string;
	/** Inline `code`. */
	code: (text: string) => string;
	/** A link's text. */
	link: (text: string) => string;
	/** A link's URL, shown after its text when they differ. */
	linkUrl: (text: string) => string;
	/** Code block lines that the highlighter leaves plain (unknown languages). */
	codeBlock: (text: string) => string;
	/** The fence lines above and below a code block, with the language label. */
	codeBlockBorder: (text: string) => string;
	/** Block quote text. */
	quote: (text: string) => string;
	/** The `│ ` bar before quoted lines. */
	quoteBorder: (text: string) => string;
	/** Horizontal rules. */
	hr: (text: string) => string;
	/** List bullets and numbers. */
	listBullet: (text: string) => string;
	/** Task list boxes (`☐`, `☑`). */
	taskBox: (text: string, checked: boolean) => string;
	/** Table borders. */
	tableBorder: (text: string) => string;
	/** Token colours for highlighted code blocks. */
	syntax: SyntaxTheme;
	/** Replaces the built-in highlighter: one styled string per code line. */
	highlightCode?: (code: string, language: string | undefined) => string[];
	/** Indent before code block lines. Default: two spaces. */
	codeBlockIndent?: string;
	/** Emit OSC 8 hyperlinks so links are clickable in terminals that support them. Default: false. */
	hyperlinks?: boolean;
}

/** Style applied to ordinary paragraph text (e.g. to dim a thinking block). */
export interface DefaultTextStyle {
	/** Foreground style for plain text runs. */
	color?: (text: string) => string;
	/** Background applied to whole lines, padding included. */
	bgColor?: (text: string) => string;
	bold?: boolean;
	italic?: boolean;
	strikethrough?: boolean;
	underline?: boolean;
}

/** Default Markdown theme, using chalk. */
export function defaultMarkdownTheme(): MarkdownTheme {
	return {
		heading: (text, level) => (level === 1 ? chalk.bold.underline.cyan(text) : chalk.bold.cyan(text)),
		bold: (text) => chalk.bold(text),
		italic: (text) => chalk.italic(text),
		strikethrough: (text) => chalk.strikethrough(text),
		underline: (text) => chalk.underline(text),
		code: (text) => chalk.yellow(text),
		link: (text) => chalk.underline.blue(text),
		linkUrl: (text) => chalk.gray(text),
		codeBlock: (text) => text,
		codeBlockBorder: (text) => chalk.gray(text),
		quote: (text) => chalk.italic(text),
		quoteBorder: (text) => chalk.gray(text),
		hr: (text) => chalk.gray(text),
		listBullet: (text) => chalk.cyan(text),
		taskBox: (text, checked) => (checked ? chalk.green(text) : chalk.gray(text)),
		tableBorder: (text) => chalk.gray(text),
		syntax: defaultSyntaxTheme(),
	};
}
