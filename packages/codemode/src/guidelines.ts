// The prompt guidelines scripts and the codemode description show for a tool. The system prompt's
// rules cover only declared tools, so a tool hidden behind codemode (`codemode.mode: "only"`) or
// never declared would lose them: codemode shows them next to its declaration instead.
import type { ToolInfo } from "@pi/coding-agent";

/**
 * Guidelines of pi's built-in tools, which the system prompt writes as rules instead of carrying
 * them on the tools; the same advice, per tool.
 */
const BUILTIN_GUIDELINES: Readonly<Record<string, readonly string[]>> = {
	read: ["Use read instead of cat or sed to look at files."],
	bash: ["Use bash for file operations like ls, grep and find when no dedicated tool exists."],
	edit: [
		"Read a file before editing it.",
		"Edits need old text that matches the file exactly, including whitespace; put several changes to one file in one call.",
	],
	write: ["Use write only for new files or complete rewrites."],
};

/** The tool's own guidelines, or a built-in tool's. */
export function guidelinesOf(tool: Pick<ToolInfo, "name" | "promptGuidelines">): readonly string[] {
	if (tool.promptGuidelines && tool.promptGuidelines.length > 0) return tool.promptGuidelines;
	return BUILTIN_GUIDELINES[tool.name] ?? [];
}

/** The guidelines as a Markdown list, or undefined when there are none. */
export function guidelineList(tool: Pick<ToolInfo, "name" | "promptGuidelines">): string | undefined {
	const lines = guidelinesOf(tool);
	return lines.length > 0 ? lines.map((line) => `- ${line}`).join("\n") : undefined;
}
