/**
 * Syntax highlighting for code blocks, by highlight.js (highlight-js.ts): its HTML output is read
 * back into tokens of a few kinds, so a terminal theme styles them. Unknown languages stay plain.
 * Incomplete code (an unterminated string or comment mid-stream) is tolerated.
 */
import chalk from "chalk";
import { findHighlightLanguage, highlightCodeHtml } from "./highlight-js.js";

/** What a token is, as far as colouring goes. */
export type SyntaxTokenKind =
	| "plain"
	| "keyword"
	| "literal"
	| "string"
	| "number"
	| "comment"
	| "function"
	| "type"
	| "property"
	| "variable"
	| "operator"
	| "meta"
	| "inserted"
	| "deleted";

/** A run of source text of one kind. Never contains a line break. */
export interface SyntaxToken {
	kind: SyntaxTokenKind;
	text: string;
}

/** Style per token kind; kinds without a style are left plain. */
export type SyntaxTheme = Partial<Record<SyntaxTokenKind, (text: string) => string>>;

/** Default colours (keywords magenta, strings green, numbers yellow, comments gray…). */
export function defaultSyntaxTheme(): SyntaxTheme {
	return {
		keyword: (text) => chalk.magenta(text),
		literal: (text) => chalk.yellow(text),
		string: (text) => chalk.green(text),
		number: (text) => chalk.yellow(text),
		comment: (text) => chalk.gray(text),
		function: (text) => chalk.blue(text),
		type: (text) => chalk.cyan(text),
		property: (text) => chalk.cyan(text),
		variable: (text) => chalk.red(text),
		meta: (text) => chalk.gray(text),
		inserted: (text) => chalk.green(text),
		deleted: (text) => chalk.red(text),
	};
}

/** True when `language` (a fence info string such as `ts` or `bash`) is highlighted. */
export function isLanguageSupported(language: string | undefined): boolean {
	return findHighlightLanguage(language) !== undefined;
}

/** highlight.js scopes (`hljs-<scope>`, with `title function_` style sub-scopes) → kinds. */
const SCOPE_KINDS: Record<string, SyntaxTokenKind> = {
	keyword: "keyword",
	tag: "keyword",
	name: "keyword",
	"selector-tag": "keyword",
	literal: "literal",
	symbol: "literal",
	string: "string",
	regexp: "string",
	char: "string",
	code: "string",
	link: "string",
	number: "number",
	comment: "comment",
	doctag: "comment",
	quote: "comment",
	title: "function",
	"title.function": "function",
	"title.class": "type",
	type: "type",
	built_in: "type",
	class: "type",
	attr: "property",
	attribute: "property",
	property: "property",
	"selector-class": "property",
	"selector-id": "property",
	variable: "variable",
	"template-variable": "variable",
	operator: "operator",
	meta: "meta",
	section: "meta",
	bullet: "meta",
	addition: "inserted",
	deletion: "deleted",
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

function decodeEntities(text: string): string {
	return text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

function kindOfClass(classes: string): SyntaxTokenKind | undefined {
	const [main = "", sub] = classes.split(/\s+/);
	const scope = main.replace(/^hljs-/, "");
	const qualified = sub ? `${scope}.${sub.replace(/_+$/, "")}` : scope;
	return SCOPE_KINDS[qualified] ?? SCOPE_KINDS[scope];
}

/** Reads highlight.js HTML back into tokens; the innermost span with a known kind decides. */
function tokensOfHtml(html: string): SyntaxToken[] {
	const tokens: SyntaxToken[] = [];
	const stack: (SyntaxTokenKind | undefined)[] = [];
	for (const part of html.split(/(<span class="[^"]*">|<\/span>)/)) {
		if (part.startsWith("<span")) stack.push(kindOfClass(/class="([^"]*)"/.exec(part)?.[1] ?? ""));
		else if (part === "</span>") stack.pop();
		else if (part) {
			const kind = stack.findLast((candidate) => candidate !== undefined) ?? "plain";
			const text = decodeEntities(part);
			const last = tokens[tokens.length - 1];
			if (last?.kind === kind) last.text += text;
			else tokens.push({ kind, text });
		}
	}
	return tokens;
}

/** Splits code into lines of tokens. Unknown languages give one plain token per line. */
export function tokenizeCode(code: string, language: string | undefined): SyntaxToken[][] {
	const html = highlightCodeHtml(code, language);
	if (html === undefined) return code.split("\n").map((line) => [{ kind: "plain", text: line }]);
	return splitIntoLines(tokensOfHtml(html));
}

/** Highlights code to one styled string per source line. */
export function highlightCode(
	code: string,
	language: string | undefined,
	theme: SyntaxTheme = defaultSyntaxTheme(),
): string[] {
	return tokenizeCode(code, language).map((tokens) =>
		tokens.map((token) => (token.text && theme[token.kind] ? theme[token.kind]!(token.text) : token.text)).join(""),
	);
}

/** Cuts tokens at line breaks so each line can be styled (and wrapped) on its own. */
function splitIntoLines(tokens: SyntaxToken[]): SyntaxToken[][] {
	const lines: SyntaxToken[][] = [[]];
	for (const token of tokens) {
		const parts = token.text.split("\n");
		parts.forEach((part, index) => {
			if (index > 0) lines.push([]);
			if (part.length > 0) lines[lines.length - 1]?.push({ kind: token.kind, text: part });
		});
	}
	return lines;
}
