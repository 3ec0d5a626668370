/**
 * The one highlighter of pi (the TUI's code blocks and the HTML export): highlight.js. Its core
 * loads with this module (a few ms); a language's definition is loaded the first time a code
 * block names it, and the full set (~190 languages, ~120 ms) only when a name is neither a
 * language file nor a known alias. Loading is synchronous so rendering stays synchronous.
 */
import { createRequire } from "node:module";
import type { HLJSApi, LanguageFn } from "highlight.js";

const require = createRequire(import.meta.url);
// Replaced by the full bundle (every language registered) the first time a name is not found.
let hljs = require("highlight.js/lib/core") as HLJSApi;

/** Fence names whose language file has another name (the definitions' own aliases, unloaded). */
const ALIASES: Record<string, string> = {
	ts: "typescript",
	tsx: "typescript",
	mts: "typescript",
	cts: "typescript",
	js: "javascript",
	jsx: "javascript",
	mjs: "javascript",
	cjs: "javascript",
	py: "python",
	sh: "bash",
	zsh: "bash",
	console: "shell",
	yml: "yaml",
	md: "markdown",
	rb: "ruby",
	rs: "rust",
	kt: "kotlin",
	cs: "csharp",
	"c++": "cpp",
	hpp: "cpp",
	cc: "cpp",
	h: "c",
	golang: "go",
	html: "xml",
	svg: "xml",
	ps1: "powershell",
	patch: "diff",
	jsonc: "json",
	dockerfile: "dockerfile",
	tf: "hcl",
};

let everyLanguageLoaded = false;
const missing = new Set<string>();

function tryLoad(fileName: string): boolean {
	if (!/^[a-z0-9-]+$/.test(fileName)) return false;
	try {
		const definition = require(`highlight.js/lib/languages/${fileName}`) as LanguageFn | { default: LanguageFn };
		hljs.registerLanguage(fileName, typeof definition === "function" ? definition : definition.default);
		return true;
	} catch {
		// Not a language file name: the caller falls back to the full set.
		return false;
	}
}

/** The registered language for a fence info string (`ts`, `Python`, `c++`), or undefined. */
export function findHighlightLanguage(language: string | undefined): string | undefined {
	const name = language?.trim().toLowerCase().split(/\s/)[0];
	if (!name || name.length > 32 || missing.has(name)) return undefined;
	if (hljs.getLanguage(name)) return name;
	const fileName = ALIASES[name] ?? name;
	if (hljs.getLanguage(fileName) || (!everyLanguageLoaded && tryLoad(fileName))) return fileName;
	if (!everyLanguageLoaded) {
		everyLanguageLoaded = true;
		hljs = require("highlight.js") as HLJSApi;
		if (hljs.getLanguage(name)) return name;
	}
	missing.add(name);
	return undefined;
}

/**
 * Highlights `code` as HTML: text escaped, tokens in `<span class="hljs-…">` (highlight.js's
 * classes, so its themes apply). Undefined when the language is unknown or not given. Never
 * throws on malformed or incomplete code (illegal input is tolerated).
 */
export function highlightCodeHtml(code: string, language: string | undefined): string | undefined {
	const resolved = findHighlightLanguage(language);
	if (!resolved) return undefined;
	return hljs.highlight(code, { language: resolved, ignoreIllegals: true }).value;
}
