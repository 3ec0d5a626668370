import { createRequire } from "node:module";

/** A markdown file split into its YAML frontmatter and body. */
export interface Frontmatter {
	attributes: Record<string, unknown>;
	body: string;
	/** Set when the frontmatter block is not valid YAML (attributes are then empty). */
	error?: string;
}

type YamlParse = (text: string) => unknown;

let yamlParse: YamlParse | undefined;

/**
 * The YAML parser, loaded on first use: most runs have no skill or template whose frontmatter
 * needs more than `key: text` lines, and the parser is ~265 kB of JavaScript to load.
 */
function parseYaml(text: string): unknown {
	yamlParse ??= (createRequire(import.meta.url)("yaml") as { parse: YamlParse }).parse;
	return yamlParse(text);
}

const SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_-]*): +(.+)$/;
/** Plain scalars YAML 1.2 (core schema) reads as something other than that text. */
const NOT_PLAIN_TEXT = /^(?:[-?:,[\]{}#&*!|>'"%@`~+.0-9]|(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$)/;

/**
 * `key: text` lines only, read exactly as YAML would (plain scalars that stay strings); anything
 * else (quotes, lists, block scalars, comments, numbers, booleans, a `: ` or ` #` in a value,
 * repeated keys) is left to the YAML parser: undefined.
 */
function parseSimpleFrontmatter(yaml: string): Record<string, string> | undefined {
	const attributes: Record<string, string> = {};
	for (const line of yaml.split("\n")) {
		if (/[\t\r]|\s$/.test(line)) return undefined;
		const match = SIMPLE_LINE.exec(line);
		if (!match) return undefined;
		const [, key, value] = match as unknown as [string, string, string];
		if (key === "__proto__" || NOT_PLAIN_TEXT.test(key) || Object.hasOwn(attributes, key)) return undefined;
		if (NOT_PLAIN_TEXT.test(value) || value.includes(": ") || value.includes(" #") || value.endsWith(":")) {
			return undefined;
		}
		attributes[key] = value;
	}
	return attributes;
}

/** Splits `---\n<yaml>\n---\n<body>`; text without a leading `---` line is all body. */
export function parseFrontmatter(text: string): Frontmatter {
	const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
	const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(normalized);
	if (!match) return { attributes: {}, body: normalized };
	const body = normalized.slice(match[0].length);
	const simple = parseSimpleFrontmatter(match[1]!);
	if (simple) return { attributes: simple, body };
	try {
		const parsed = parseYaml(match[1]!);
		const attributes =
			parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
				? (parsed as Record<string, unknown>)
				: {};
		return { attributes, body };
	} catch (error) {
		return { attributes: {}, body, error: (error as Error).message };
	}
}
