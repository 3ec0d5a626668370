/**
 * A small syntax highlighter for code blocks: a rule-based tokenizer (comments, strings,
 * numbers, keywords, literals, types, function names) for TypeScript/JavaScript, JSON, Python,
 * shell, diff, and C-like languages. Not a parser: it aims to look right on typical snippets,
 * including incomplete ones (an unterminated string or comment runs to the end).
 */
import chalk from "chalk";
import { findLanguage, type SyntaxLanguage, type SyntaxTokenKind } from "./syntax-languages.js";

export type { SyntaxTokenKind } from "./syntax-languages.js";

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
	return findLanguage(language) !== undefined;
}

/** Splits code into lines of tokens. Unknown languages give one plain token per line. */
export function tokenizeCode(code: string, language: string | undefined): SyntaxToken[][] {
	const definition = findLanguage(language);
	if (!definition) return code.split("\n").map((line) => [{ kind: "plain", text: line }]);
	if (definition.lineKind) {
		const lineKind = definition.lineKind;
		return code.split("\n").map((line) => [{ kind: lineKind(line), text: line }]);
	}
	return splitIntoLines(scan(code, definition));
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

function scan(code: string, language: SyntaxLanguage): SyntaxToken[] {
	const tokens: SyntaxToken[] = [];
	let position = 0;
	while (position < code.length) {
		const match = matchRule(code, position, language);
		if (!match) {
			appendPlain(tokens, code[position] ?? "");
			position++;
			continue;
		}
		const kind = match.kind === "identifier" ? classifyIdentifier(code, position, match.text, language) : match.kind;
		if (kind === "plain") appendPlain(tokens, match.text);
		else tokens.push({ kind, text: match.text });
		position += match.text.length;
	}
	return tokens;
}

function matchRule(
	code: string,
	position: number,
	language: SyntaxLanguage,
): { kind: SyntaxTokenKind | "identifier"; text: string } | undefined {
	for (const rule of language.rules) {
		if (rule.atWordStart && position > 0 && !/\s/.test(code[position - 1] ?? "")) continue;
		rule.pattern.lastIndex = position;
		const match = rule.pattern.exec(code);
		if (match && match[0].length > 0) return { kind: rule.kind, text: match[0] };
	}
	return undefined;
}

function classifyIdentifier(code: string, position: number, word: string, language: SyntaxLanguage): SyntaxTokenKind {
	if (language.keywords.has(word)) return "keyword";
	if (language.literals.has(word)) return "literal";
	if (language.types.has(word)) return "type";
	const rest = code.slice(position + word.length, position + word.length + 40);
	if (/^\s*\(/.test(rest)) return "function";
	if (language.capitalizedTypes && /^[A-Z][a-z]/.test(word)) return "type";
	if (code[position - 1] === "." && language.capitalizedTypes) return "property";
	return "plain";
}

function appendPlain(tokens: SyntaxToken[], text: string): void {
	const last = tokens[tokens.length - 1];
	if (last?.kind === "plain") last.text += text;
	else tokens.push({ kind: "plain", text });
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
