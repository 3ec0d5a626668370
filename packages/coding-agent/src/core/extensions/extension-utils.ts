// Small helpers extensions import from the host by the names the released pi gave them.
import { readFileSync } from "node:fs";
import { parseFrontmatter as parseFrontmatterBlock } from "../resources/frontmatter.js";

/** The host's version (of `@pi/coding-agent`). */
export const VERSION: string = readVersion();

function readVersion(): string {
	try {
		const url = new URL("../../../package.json", import.meta.url);
		return (JSON.parse(readFileSync(url, "utf8")) as { version?: string }).version ?? "0.0.0";
	} catch {
		return "0.0.0";
	}
}

/** A Markdown file's YAML frontmatter (`frontmatter`, also as `attributes`) and the text after it. */
export function parseFrontmatter<T extends Record<string, unknown> = Record<string, unknown>>(
	content: string,
): { frontmatter: T; attributes: T; body: string; error?: string } {
	const parsed = parseFrontmatterBlock(content);
	const frontmatter = parsed.attributes as T;
	return { frontmatter, attributes: frontmatter, body: parsed.body, ...(parsed.error ? { error: parsed.error } : {}) };
}

/** The text after a Markdown file's frontmatter. */
export function stripFrontmatter(content: string): string {
	return parseFrontmatterBlock(content).body;
}

/** `"lines 5-14"` style description of a read range (offset is 1-based, limit a line count). */
export function formatReadLineRange(offset: unknown, limit: unknown): string {
	const start = typeof offset === "number" && offset > 0 ? Math.floor(offset) : 1;
	if (typeof limit !== "number" || limit <= 0) return start > 1 ? `from line ${start}` : "";
	return `lines ${start}-${start + Math.floor(limit) - 1}`;
}
