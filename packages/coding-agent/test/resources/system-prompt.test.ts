import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getInstalledDocsPaths } from "../../src/core/resources/pi-docs-paths.js";
import { buildSystemPrompt, type PromptTool } from "../../src/core/resources/system-prompt.js";

const tool = (name: string, extra: Partial<PromptTool> = {}): PromptTool => ({ name, description: "", ...extra });
const guidelinesOf = (prompt: string): string[] =>
	(prompt.split("Guidelines:\n")[1] ?? "")
		.split("\n\n")[0]!
		.split("\n")
		.map((line) => line.replace(/^- /, ""));

describe("system prompt: tools and guidelines", () => {
	it("says (none) for no tools, still followed by the sentence about other custom tools", () => {
		const prompt = buildSystemPrompt({ cwd: "/w", tools: [], docsPaths: {} });
		expect(prompt).toContain(
			"Available tools:\n(none)\n\nOther custom tools may be available depending on the project.",
		);
	});

	it("lists extension tools by promptSnippet, else by description", () => {
		const prompt = buildSystemPrompt({
			cwd: "/w",
			tools: [
				tool("deploy", { description: "Deploys the app", promptSnippet: "Deploy" }),
				tool("lint", { description: "Runs the linter" }),
			],
			docsPaths: {},
		});
		expect(prompt).toContain("Available tools:\n- deploy: Deploy\n- lint: Runs the linter\n\nOther custom tools");
	});

	it("prefers grep/find/ls over bash for exploration when any of them is active", () => {
		const withLs = guidelinesOf(buildSystemPrompt({ cwd: "/w", tools: [tool("bash"), tool("ls")], docsPaths: {} }));
		expect(withLs[0]).toMatch(/^Prefer the grep, find and ls tools over bash/);
		expect(withLs.some((line) => line.startsWith("Use bash for file operations"))).toBe(false);
	});

	it("includes only relevant bullets, then tool guidelines deduplicated, then the two standing ones", () => {
		const lines = guidelinesOf(
			buildSystemPrompt({
				cwd: "/w",
				tools: [
					tool("write", { promptGuidelines: ["Run the tests after changes."] }),
					tool("deploy", { promptGuidelines: ["Run the tests after changes.", "Never deploy on Fridays."] }),
				],
				docsPaths: {},
			}),
		);
		expect(lines).toEqual([
			"Use write only for new files or complete rewrites.",
			"When you change files, summarise what you did in plain text; do not print whole files back.",
			"Run the tests after changes.",
			"Never deploy on Fridays.",
			"Be concise in your responses.",
			"Show file paths clearly when working with files.",
		]);
	});
});

describe("system prompt: sections", () => {
	it("points at the installed docs by default and omits the section for {}", () => {
		const docs = getInstalledDocsPaths();
		expect(docs.readme && existsSync(docs.readme)).toBe(true);
		const prompt = buildSystemPrompt({ cwd: "/w", tools: [] });
		expect(prompt).toContain(`- README: ${docs.readme}`);
		expect(prompt.indexOf("README:")).toBeLessThan(prompt.indexOf("Current date:"));
		expect(buildSystemPrompt({ cwd: "/w", tools: [], docsPaths: {} })).not.toContain("README:");
	});

	it("inserts context files verbatim under # Project Context, keeping leading indentation", () => {
		const prompt = buildSystemPrompt({
			cwd: "C:\\src\\app",
			tools: [],
			docsPaths: {},
			contextFiles: [{ path: "/a/AGENTS.md", content: "    indented code\nline\n\n" }],
		});
		expect(prompt).toContain("# Project Context\n\n");
		expect(prompt).toContain("## /a/AGENTS.md\n\n    indented code\nline\n\nCurrent date:");
		expect(prompt).toMatch(/Current date: \d{4}-\d{2}-\d{2}\nCurrent working directory: C:\/src\/app$/);
	});

	it("replaces items 1-4 with a custom prompt and still appends items 5-8", () => {
		const prompt = buildSystemPrompt({
			cwd: "/w",
			tools: [tool("read")],
			customPrompt: "CUSTOM",
			appendPrompts: ["APPEND ONE", "APPEND TWO"],
			contextFiles: [{ path: "/w/AGENTS.md", content: "ctx" }],
			skills: [
				{
					name: "s",
					description: "d",
					filePath: "/s/SKILL.md",
					baseDir: "/s",
					disableModelInvocation: false,
					source: "",
				},
			],
		});
		expect(prompt.startsWith("CUSTOM\n\nAPPEND ONE\n\nAPPEND TWO\n\n# Project Context")).toBe(true);
		expect(prompt).not.toContain("Available tools:");
		expect(prompt).not.toContain("README:");
		expect(prompt).toContain("<available_skills>");
	});
});
