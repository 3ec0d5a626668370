/**
 * Language definitions for the small syntax highlighter: ordered token rules (sticky regular
 * expressions tried in turn at each position) and keyword sets for identifiers.
 */

/** What a token is, for colouring. */
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

/** One rule: at the current position, `pattern` (sticky) yields a token of `kind`. */
export interface SyntaxRule {
	kind: SyntaxTokenKind | "identifier";
	pattern: RegExp;
	/** Only match at the start of a line or after whitespace (e.g. `#` comments in shell). */
	atWordStart?: boolean;
}

/** A language: rules in priority order plus word lists for identifiers. */
export interface SyntaxLanguage {
	rules: SyntaxRule[];
	keywords: ReadonlySet<string>;
	/** Constants such as `true`, `null`, `None`. */
	literals: ReadonlySet<string>;
	/** Built-in type names; capitalised identifiers count as types too when `capitalizedTypes`. */
	types: ReadonlySet<string>;
	capitalizedTypes: boolean;
	/** Whole-line classification (diff); when set, rules are not used. */
	lineKind?: (line: string) => SyntaxTokenKind;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(" "));

const IDENTIFIER: SyntaxRule = { kind: "identifier", pattern: /[A-Za-z_$][\w$]*/y };
const NUMBER: SyntaxRule = {
	kind: "number",
	pattern: /(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)n?/y,
};
const DOUBLE_QUOTED: SyntaxRule = { kind: "string", pattern: /"(?:\\.|[^"\\\n])*"?/y };
const SINGLE_QUOTED: SyntaxRule = { kind: "string", pattern: /'(?:\\.|[^'\\\n])*'?/y };
const OPERATOR: SyntaxRule = { kind: "operator", pattern: /[=+\-*/%&|^!<>?:~]+/y };
const C_COMMENTS: SyntaxRule[] = [
	{ kind: "comment", pattern: /\/\/.*/y },
	{ kind: "comment", pattern: /\/\*[\s\S]*?(?:\*\/|$)/y },
];

const JS_KEYWORDS = words(
	"abstract as async await break case catch class const continue debugger declare default delete do else enum export extends finally for from function get if implements import in infer instanceof interface is keyof let namespace new of private protected public readonly return satisfies set static super switch this throw try type typeof var void while with yield",
);

const javascript: SyntaxLanguage = {
	rules: [
		...C_COMMENTS,
		{ kind: "string", pattern: /`(?:\\[\s\S]|[^`\\])*`?/y },
		DOUBLE_QUOTED,
		SINGLE_QUOTED,
		NUMBER,
		{ kind: "meta", pattern: /@[A-Za-z_]\w*/y },
		IDENTIFIER,
		OPERATOR,
	],
	keywords: JS_KEYWORDS,
	literals: words("true false null undefined NaN Infinity"),
	types: words("string number boolean unknown never any void object symbol bigint"),
	capitalizedTypes: true,
};

const json: SyntaxLanguage = {
	rules: [
		...C_COMMENTS,
		{ kind: "property", pattern: /"(?:\\.|[^"\\\n])*"(?=\s*:)/y },
		DOUBLE_QUOTED,
		{ kind: "number", pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y },
		IDENTIFIER,
	],
	keywords: words(""),
	literals: words("true false null"),
	types: words(""),
	capitalizedTypes: false,
};

const python: SyntaxLanguage = {
	rules: [
		{ kind: "comment", pattern: /#.*/y },
		{ kind: "string", pattern: /[rRbBuUfF]{0,2}"""[\s\S]*?(?:"""|$)/y },
		{ kind: "string", pattern: /[rRbBuUfF]{0,2}'''[\s\S]*?(?:'''|$)/y },
		{ kind: "string", pattern: /[rRbBuUfF]{0,2}"(?:\\.|[^"\\\n])*"?/y },
		{ kind: "string", pattern: /[rRbBuUfF]{0,2}'(?:\\.|[^'\\\n])*'?/y },
		{ kind: "meta", pattern: /@[A-Za-z_][\w.]*/y },
		NUMBER,
		IDENTIFIER,
		OPERATOR,
	],
	keywords: words(
		"and as assert async await break class continue def del elif else except finally for from global if import in is lambda match case nonlocal not or pass raise return try while with yield",
	),
	literals: words("True False None self cls"),
	types: words("int float str bool list dict set tuple bytes object type"),
	capitalizedTypes: true,
};

const shell: SyntaxLanguage = {
	rules: [
		{ kind: "comment", pattern: /#.*/y, atWordStart: true },
		{ kind: "string", pattern: /"(?:\\[\s\S]|[^"\\])*"?/y },
		{ kind: "string", pattern: /'[^']*'?/y },
		{ kind: "variable", pattern: /\$(?:\{[^}\n]*\}?|[A-Za-z_]\w*|[0-9#?@*$!-])/y },
		{ kind: "meta", pattern: /--?[A-Za-z][\w-]*/y, atWordStart: true },
		{ kind: "number", pattern: /\d+(?![\w.])/y },
		{ kind: "identifier", pattern: /[A-Za-z_][\w.-]*/y },
		{ kind: "operator", pattern: /[|&;<>]+/y },
	],
	keywords: words(
		"if then else elif fi for while until do done case esac in function select return exit export local readonly declare unset shift source alias set",
	),
	literals: words("true false"),
	types: words(""),
	capitalizedTypes: false,
};

function diffLineKind(line: string): SyntaxTokenKind {
	if (line.startsWith("+++") || line.startsWith("---") || line.startsWith("diff ") || line.startsWith("index ")) {
		return "meta";
	}
	if (line.startsWith("@@")) return "function";
	if (line.startsWith("+")) return "inserted";
	if (line.startsWith("-")) return "deleted";
	return "plain";
}

const diff: SyntaxLanguage = {
	rules: [],
	keywords: words(""),
	literals: words(""),
	types: words(""),
	capitalizedTypes: false,
	lineKind: diffLineKind,
};

function cLike(
	keywordList: string,
	literalList: string,
	typeList: string,
	extraRules: SyntaxRule[] = [],
): SyntaxLanguage {
	return {
		rules: [...C_COMMENTS, ...extraRules, DOUBLE_QUOTED, SINGLE_QUOTED, NUMBER, IDENTIFIER, OPERATOR],
		keywords: words(keywordList),
		literals: words(literalList),
		types: words(typeList),
		capitalizedTypes: true,
	};
}

const go = cLike(
	"break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var",
	"true false nil iota",
	"int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 float32 float64 string bool byte rune error any",
	[{ kind: "string", pattern: /`[^`]*`?/y }],
);

const rust = cLike(
	"as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type unsafe use where while",
	"true false None Some Ok Err",
	"i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str String Vec Option Result Box",
);

const cFamily = cLike(
	"auto break case catch class const continue default delete do else enum extern final for friend goto if inline namespace new operator override private protected public return sizeof static struct switch template this throw try typedef typename union using virtual volatile while import package extends implements interface throws",
	"true false null nullptr NULL",
	"int long short char float double void bool unsigned signed size_t String boolean byte",
	[{ kind: "meta", pattern: /#\s*[a-z]+/y }],
);

const LANGUAGES: Record<string, SyntaxLanguage> = {
	javascript,
	json,
	python,
	shell,
	diff,
	go,
	rust,
	c: cFamily,
};

const ALIASES: Record<string, string> = {
	js: "javascript",
	jsx: "javascript",
	mjs: "javascript",
	cjs: "javascript",
	ts: "javascript",
	tsx: "javascript",
	mts: "javascript",
	cts: "javascript",
	typescript: "javascript",
	jsonc: "json",
	json5: "json",
	py: "python",
	python3: "python",
	sh: "shell",
	bash: "shell",
	zsh: "shell",
	console: "shell",
	shellscript: "shell",
	patch: "diff",
	golang: "go",
	rs: "rust",
	cpp: "c",
	"c++": "c",
	h: "c",
	hpp: "c",
	cc: "c",
	java: "c",
	cs: "c",
	csharp: "c",
	kotlin: "c",
	swift: "c",
};

/** The language for a code fence info string (`ts`, `bash`, `Python`…), or undefined when unknown. */
export function findLanguage(name: string | undefined): SyntaxLanguage | undefined {
	if (!name) return undefined;
	const key = name.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
	return LANGUAGES[ALIASES[key] ?? key];
}
