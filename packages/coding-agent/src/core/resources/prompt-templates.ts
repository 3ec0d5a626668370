import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseFrontmatter } from "./frontmatter.js";
import type { ResourceDiagnostic } from "./resource-diagnostic.js";
import { isDirectory } from "./resource-paths.js";

/** A prompt template invoked as `/name` (extensions.md §9). */
export interface PromptTemplate {
	name: string;
	description: string;
	content: string;
	filePath: string;
	source: string;
}

const DESCRIPTION_MAX = 60;

/** Template files at a path: `*.md` directly in a directory (non-recursive), or the file itself. */
export function findTemplateFiles(path: string): string[] {
	if (!isDirectory(path)) return path.endsWith(".md") ? [path] : [];
	return readdirSync(path, { withFileTypes: true })
		.filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
		.map((entry) => join(path, entry.name))
		.sort();
}

/** Reads one template file; undefined (with a diagnostic) when unreadable. */
export function loadTemplateFile(
	filePath: string,
	source: string,
	diagnostics: ResourceDiagnostic[],
): PromptTemplate | undefined {
	let text: string;
	try {
		text = readFileSync(filePath, "utf8");
	} catch (error) {
		diagnostics.push({
			type: "warning",
			path: filePath,
			message: `Cannot read prompt template ${filePath}: ${(error as Error).message}`,
		});
		return undefined;
	}
	const { attributes, body } = parseFrontmatter(text);
	let description = typeof attributes.description === "string" ? attributes.description.trim() : "";
	if (!description) {
		const firstLine =
			body
				.split("\n")
				.find((line) => line.trim() !== "")
				?.trim() ?? "";
		description = firstLine.length > DESCRIPTION_MAX ? `${firstLine.slice(0, DESCRIPTION_MAX)}…` : firstLine;
	}
	// pi 1.4 trims the body after a frontmatter block (published templates end in a newline), and
	// leaves a file without frontmatter as it is.
	const hasFrontmatter = body.length !== text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n").length;
	const content = hasFrontmatter ? body.trim() : body;
	return { name: basename(filePath, ".md"), description, content, filePath, source };
}

/** Splits arguments like a simple shell: whitespace separates, quotes group (removed), no escapes. */
export function parseTemplateArguments(text: string): string[] {
	const args: string[] = [];
	let current = "";
	let quote: '"' | "'" | undefined;
	let hasToken = false;
	for (const char of text) {
		if (quote) {
			if (char === quote) quote = undefined;
			else current += char;
		} else if (char === '"' || char === "'") {
			quote = char;
			hasToken = true;
		} else if (/\s/.test(char)) {
			if (hasToken) args.push(current);
			current = "";
			hasToken = false;
		} else {
			current += char;
			hasToken = true;
		}
	}
	if (hasToken) args.push(current);
	return args;
}

/**
 * Substitutes `$1`…, `${@:N}`, `${@:N:L}`, `$ARGUMENTS` and `$@` in one pass, so inserted
 * values are never re-scanned.
 */
export function substituteTemplateArguments(template: string, args: readonly string[]): string {
	return template.replace(
		/\$\{@:(\d+)(?::(\d+))?\}|\$ARGUMENTS|\$@|\$(\d+)/g,
		(_match, start?: string, length?: string, position?: string) => {
			if (position !== undefined) return args[Number(position) - 1] ?? "";
			if (start !== undefined) {
				const from = Math.max(Number(start), 1) - 1;
				const slice = length !== undefined ? args.slice(from, from + Number(length)) : args.slice(from);
				return slice.join(" ");
			}
			return args.join(" ");
		},
	);
}

/** Expands `/name args` when `name` is a known template; anything else passes through. */
export function expandPromptTemplate(text: string, templates: ReadonlyMap<string, PromptTemplate>): string {
	const match = /^\/([^\s/:]+)(?:\s+([\s\S]*))?$/.exec(text);
	if (!match) return text;
	const template = templates.get(match[1]!);
	if (!template) return text;
	return substituteTemplateArguments(template.content, parseTemplateArguments(match[2] ?? ""));
}
