import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { hasProjectTrustInputs, loadContextFiles } from "../../src/core/resources/context-files.js";
import { parseFrontmatter } from "../../src/core/resources/frontmatter.js";
import { resolveProjectTrust, TrustStore } from "../../src/core/resources/project-trust.js";
import {
	expandPromptTemplate,
	parseTemplateArguments,
	substituteTemplateArguments,
} from "../../src/core/resources/prompt-templates.js";
import { loadResources } from "../../src/core/resources/resource-loader.js";
import { expandResourcePatterns, globToRegExp } from "../../src/core/resources/resource-paths.js";
import { expandSkillCommand, formatSkillsForPrompt } from "../../src/core/resources/skills.js";
import { buildSystemPrompt } from "../../src/core/resources/system-prompt.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function write(path: string, content: string): void {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(path, content);
}

describe("frontmatter", () => {
	it("splits YAML frontmatter from the body", () => {
		expect(parseFrontmatter('---\nname: x\ndescription: "Does y"\n---\nBody\n')).toEqual({
			attributes: { name: "x", description: "Does y" },
			body: "Body\n",
		});
		expect(parseFrontmatter("No frontmatter")).toEqual({ attributes: {}, body: "No frontmatter" });
		expect(parseFrontmatter("---\n: [\n---\nB").error).toBeDefined();
	});
});

describe("context files", () => {
	it("collects the global file then project files outermost first, AGENTS.md over CLAUDE.md", () => {
		const root = tempDir();
		const agentDir = join(root, "agent");
		const cwd = join(root, "a", "b");
		write(join(agentDir, "CLAUDE.md"), "global");
		write(join(root, "a", "AGENTS.md"), "outer");
		write(join(root, "a", "CLAUDE.md"), "ignored");
		write(join(cwd, "CLAUDE.md"), "inner");
		const { files } = loadContextFiles({ cwd, agentDir, includeProject: true });
		expect(files.map((file) => file.content)).toEqual(["global", "outer", "inner"]);
		expect(loadContextFiles({ cwd, agentDir, includeProject: false }).files.map((file) => file.content)).toEqual([
			"global",
		]);
		expect(hasProjectTrustInputs(cwd)).toBe(true);
	});
});

describe("prompt templates", () => {
	it("parses arguments like a simple shell", () => {
		expect(parseTemplateArguments(`a "b c" 'd e'  f`)).toEqual(["a", "b c", "d e", "f"]);
		expect(parseTemplateArguments(`""`)).toEqual([""]);
	});

	it("substitutes positional, ranges and all arguments without re-scanning", () => {
		const args = ["one", "$2", "three", "four"];
		expect(substituteTemplateArguments("$1|$2|$9|${@:2}|${@:2:2}|${@:0:1}|$ARGUMENTS|$@", args)).toBe(
			"one|$2||$2 three four|$2 three|one|one $2 three four|one $2 three four",
		);
	});

	it("expands known templates and passes unknown commands through", () => {
		const templates = new Map([
			["review", { name: "review", description: "", content: "Review $1 carefully", filePath: "", source: "" }],
		]);
		expect(expandPromptTemplate("/review src/a.ts", templates)).toBe("Review src/a.ts carefully");
		expect(expandPromptTemplate("/unknown x", templates)).toBe("/unknown x");
	});
});

describe("skills", () => {
	it("discovers skills, warns on duplicates and bad names, skips missing descriptions, and expands /skill:", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(
			join(agentDir, "skills", "pdf", "SKILL.md"),
			"---\nname: pdf\ndescription: Work with <PDF> files\n---\nUse pdftotext.\n",
		);
		write(join(agentDir, "skills", "nodesc", "SKILL.md"), "---\nname: nodesc\n---\nx");
		write(join(agentDir, "skills", "quick.md"), "---\ndescription: Quick one\n---\nQuick body");
		write(join(agentDir, "skills", "Bad_Name", "SKILL.md"), "---\ndescription: bad\n---\nb");
		write(join(cwd, ".pi", "skills", "pdf", "SKILL.md"), "---\nname: pdf\ndescription: duplicate\n---\nz");
		const settings = SettingsManager.inMemory();
		const loaded = loadResources({ cwd, agentDir, settings, projectTrusted: true });
		const names = loaded.skills.map((skill) => skill.name).sort();
		expect(names).toEqual(["Bad_Name", "pdf", "quick"]);
		const messages = loaded.diagnostics.map((diagnostic) => diagnostic.message).join("\n");
		expect(messages).toMatch(/no description and was not loaded/);
		expect(messages).toMatch(/name "pdf" collision/);
		expect(messages).toMatch(/Skill name "Bad_Name" should be/);
		const block = formatSkillsForPrompt(loaded.skills);
		expect(block).toContain("<description>Work with &lt;PDF&gt; files</description>");
		const skills = new Map(loaded.skills.map((skill) => [skill.name, skill]));
		const expanded = expandSkillCommand("/skill:pdf summarise a.pdf", skills).text;
		expect(expanded).toMatch(
			/^<skill name="pdf" location=".*SKILL\.md">\nReferences are relative to .*pdf\.\n\nUse pdftotext\.\n<\/skill>\n\nsummarise a\.pdf$/,
		);
		expect(expandSkillCommand("/skill:nope x", skills).text).toBe("/skill:nope x");
	});

	it("loads --skill paths even with --no-skills", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(join(agentDir, "skills", "a", "SKILL.md"), "---\ndescription: A\n---\n");
		write(join(cwd, "extra", "b", "SKILL.md"), "---\ndescription: B\n---\n");
		const loaded = loadResources({
			cwd,
			agentDir,
			settings: SettingsManager.inMemory(),
			projectTrusted: false,
			noSkills: true,
			skillPaths: ["extra"],
		});
		expect(loaded.skills.map((skill) => skill.name)).toEqual(["b"]);
	});
});

describe("resource patterns", () => {
	it("expands globs with exclusions and forced paths", () => {
		const base = tempDir();
		write(join(base, "p", "a.md"), "");
		write(join(base, "p", "b.md"), "");
		write(join(base, "p", "deep", "c.md"), "");
		expect(globToRegExp("**/*.md").test("x/y/z.md")).toBe(true);
		const result = expandResourcePatterns(["p/**/*.md", "!**/b.md", "+p/b.md", "-p/deep/c.md"], base).map((path) =>
			path.slice(base.length + 1),
		);
		expect(result.sort()).toEqual(["p/a.md", "p/b.md"]);
	});
});

describe("system prompt", () => {
	it("follows the specified structure", () => {
		const prompt = buildSystemPrompt({
			cwd: "/work/app",
			tools: [
				{ name: "read", description: "" },
				{ name: "bash", description: "" },
				{ name: "edit", description: "" },
				{ name: "write", description: "" },
			],
			appendPrompts: ["APPENDED"],
			contextFiles: [{ path: "/work/app/AGENTS.md", content: "Use tabs." }],
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
			date: new Date(2026, 0, 5),
		});
		expect(prompt).toContain("- read: Read file contents\n- bash: Execute bash commands (ls, grep, find, etc.)");
		expect(prompt).toContain("- Use bash for file operations like ls, grep and find.");
		expect(prompt).toContain("- Read a file before editing it.");
		const order = [
			"Available tools:",
			"Guidelines:",
			"APPENDED",
			"# Project Context",
			"## /work/app/AGENTS.md",
			"<available_skills>",
			"Current date: 2026-01-05",
		];
		const positions = order.map((marker) => prompt.indexOf(marker));
		expect(positions.every((position) => position >= 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
		expect(prompt.endsWith("Current working directory: /work/app")).toBe(true);
	});

	it("lets a custom prompt replace the default part and hides skills without read", () => {
		const prompt = buildSystemPrompt({
			cwd: "/w",
			tools: [],
			customPrompt: "CUSTOM",
			skills: [
				{ name: "s", description: "d", filePath: "/s", baseDir: "/", disableModelInvocation: false, source: "" },
			],
		});
		expect(prompt.startsWith("CUSTOM\n\nCurrent date:")).toBe(true);
		expect(buildSystemPrompt({ cwd: "/w", tools: [] })).toContain("Available tools:\n(none)");
	});
});

describe("project trust", () => {
	it("resolves CLI, saved, alwaysTrust and the default in order", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		const store = TrustStore.forAgentDir(agentDir);
		const base = { cwd, hasInputs: true, store, alwaysTrust: false, defaultProjectTrust: "ask" as const };
		expect(resolveProjectTrust(base)).toEqual({ trusted: "ask" });
		expect(resolveProjectTrust({ ...base, defaultProjectTrust: "never" })).toEqual({
			trusted: false,
			source: "default",
		});
		expect(resolveProjectTrust({ ...base, alwaysTrust: true })).toEqual({ trusted: true, source: "alwaysTrust" });
		store.set(cwd, false);
		expect(resolveProjectTrust({ ...base, alwaysTrust: true })).toEqual({ trusted: false, source: "saved" });
		expect(resolveProjectTrust({ ...base, cliApprove: true })).toEqual({ trusted: true, source: "cli" });
		expect(resolveProjectTrust({ ...base, hasInputs: false })).toEqual({ trusted: true, source: "no-inputs" });
	});
});
