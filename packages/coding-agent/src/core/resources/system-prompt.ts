import { BUILTIN_TOOL_SNIPPETS, isBuiltinToolName } from "../tools/create-tools.js";
import type { ContextFile } from "./context-files.js";
import { getInstalledDocsPaths, type PiDocsPaths } from "./pi-docs-paths.js";
import { formatSkillsForPrompt, type Skill } from "./skills.js";

/** What the prompt needs to know about an active tool. */
export interface PromptTool {
	name: string;
	description: string;
	/** One-line summary for the tool list; built-ins have fixed snippets. */
	promptSnippet?: string;
	/** Extra guideline bullets contributed by the tool. */
	promptGuidelines?: string[];
}

/** Inputs of the system prompt (configuration.md §7). */
export interface SystemPromptOptions {
	cwd: string;
	tools: readonly PromptTool[];
	/** Replaces items 1–4 (SYSTEM.md or `--system-prompt`). */
	customPrompt?: string;
	/** APPEND_SYSTEM.md / `--append-system-prompt` texts. */
	appendPrompts?: readonly string[];
	contextFiles?: readonly ContextFile[];
	skills?: readonly Skill[];
	/** Absolute paths of pi's docs and examples. Default: the installed package's; `{}` omits the section. */
	docsPaths?: PiDocsPaths;
	/** Default: now. */
	date?: Date;
}

function toolList(tools: readonly PromptTool[]): string {
	const lines = tools.map(
		(tool) =>
			`- ${tool.name}: ${tool.promptSnippet ?? (isBuiltinToolName(tool.name) ? BUILTIN_TOOL_SNIPPETS[tool.name] : tool.description)}`,
	);
	const list = lines.length > 0 ? lines.join("\n") : "(none)";
	return `Available tools:\n${list}\n\nOther custom tools may be available depending on the project.`;
}

function guidelines(tools: readonly PromptTool[]): string {
	const names = new Set(tools.map((tool) => tool.name));
	const has = (name: string) => names.has(name);
	const explorers = ["grep", "find", "ls"].some(has);
	const bullets: string[] = [];
	if (has("bash") && !explorers) bullets.push("Use bash for file operations like ls, grep and find.");
	if (has("powershell") && !has("bash") && !explorers)
		bullets.push("Use PowerShell for file operations like listing, searching and finding files.");
	if (has("bash") && explorers)
		bullets.push("Prefer the grep, find and ls tools over bash for exploring files (faster, respect .gitignore).");
	if (has("read") && has("edit"))
		bullets.push("Read a file before editing it. Use the read tool instead of cat or sed to look at files.");
	if (has("edit")) bullets.push("Edits need old text that matches the file exactly, including whitespace.");
	if (has("write")) bullets.push("Use write only for new files or complete rewrites.");
	if (has("edit") || has("write"))
		bullets.push("When you change files, summarise what you did in plain text; do not print whole files back.");
	for (const tool of tools) bullets.push(...(tool.promptGuidelines ?? []));
	bullets.push("Be concise in your responses.", "Show file paths clearly when working with files.");
	return `Guidelines:\n${[...new Set(bullets)].map((bullet) => `- ${bullet}`).join("\n")}`;
}

function docsSection(docs: PiDocsPaths): string | undefined {
	if (!docs.readme && !docs.docs && !docs.examples) return undefined;
	const lines = [
		"Documentation about pi itself (read it only when the user asks about pi, its SDK, extensions or configuration):",
	];
	if (docs.readme) lines.push(`- README: ${docs.readme}`);
	if (docs.docs) lines.push(`- Docs: ${docs.docs}`);
	if (docs.examples) lines.push(`- Examples: ${docs.examples}`);
	return lines.join("\n");
}

function localDate(date: Date): string {
	const pad = (value: number) => String(value).padStart(2, "0");
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Builds the system prompt in the order of configuration.md §7. */
export function buildSystemPrompt(options: SystemPromptOptions): string {
	const sections: string[] = [];
	if (options.customPrompt !== undefined) sections.push(options.customPrompt.trim());
	else {
		sections.push(
			"You are an expert coding assistant working inside pi, a coding agent harness. You help users by reading files, running commands, editing code and writing new files.",
			toolList(options.tools),
			guidelines(options.tools),
		);
		const docs = docsSection(options.docsPaths ?? getInstalledDocsPaths());
		if (docs) sections.push(docs);
	}
	for (const appended of options.appendPrompts ?? []) if (appended.trim()) sections.push(appended.trim());
	const contextFiles = options.contextFiles ?? [];
	if (contextFiles.length > 0) {
		// Verbatim: only trailing whitespace goes, so a file's leading indentation survives.
		const files = contextFiles.map((file) => `## ${file.path}\n\n${file.content.trimEnd()}`);
		sections.push(["# Project Context", "Project-specific instructions and guidelines:", ...files].join("\n\n"));
	}
	if (options.tools.some((tool) => tool.name === "read")) {
		const skills = formatSkillsForPrompt(options.skills ?? []);
		if (skills) sections.push(skills);
	}
	sections.push(
		`Current date: ${localDate(options.date ?? new Date())}\nCurrent working directory: ${options.cwd.split("\\").join("/")}`,
	);
	return sections.join("\n\n");
}
