import { parse as parseYaml } from "yaml";

/** A markdown file split into its YAML frontmatter and body. */
export interface Frontmatter {
	attributes: Record<string, unknown>;
	body: string;
	/** Set when the frontmatter block is not valid YAML (attributes are then empty). */
	error?: string;
}

/** Splits `---\n<yaml>\n---\n<body>`; text without a leading `---` line is all body. */
export function parseFrontmatter(text: string): Frontmatter {
	const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
	const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(normalized);
	if (!match) return { attributes: {}, body: normalized };
	const body = normalized.slice(match[0].length);
	try {
		const parsed = parseYaml(match[1]!) as unknown;
		const attributes =
			parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
				? (parsed as Record<string, unknown>)
				: {};
		return { attributes, body };
	} catch (error) {
		return { attributes: {}, body, error: (error as Error).message };
	}
}
