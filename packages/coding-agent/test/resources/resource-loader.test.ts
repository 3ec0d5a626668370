import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { loadContextFiles } from "../../src/core/resources/context-files.js";
import { loadResources, type ResourceLoaderOptions } from "../../src/core/resources/resource-loader.js";
import { expandSkillCommand } from "../../src/core/resources/skills.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function write(path: string, content: string): void {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(path, content);
}

function fixture(): {
	agentDir: string;
	cwd: string;
	load: (extra?: Partial<ResourceLoaderOptions>) => ReturnType<typeof loadResources>;
} {
	const agentDir = tempDir();
	const cwd = tempDir();
	const load = (extra: Partial<ResourceLoaderOptions> = {}) =>
		loadResources({ cwd, agentDir, settings: SettingsManager.inMemory(), projectTrusted: true, ...extra });
	return { agentDir, cwd, load };
}

describe("SYSTEM.md and APPEND_SYSTEM.md", () => {
	it("take the trusted project's file first, else the global one", () => {
		const { agentDir, cwd, load } = fixture();
		write(join(agentDir, "SYSTEM.md"), "global system");
		write(join(agentDir, "APPEND_SYSTEM.md"), "global append");
		expect(load()).toMatchObject({ customSystemPrompt: "global system", appendSystemPrompts: ["global append"] });
		write(join(cwd, ".pi", "SYSTEM.md"), "project system");
		write(join(cwd, ".pi", "APPEND_SYSTEM.md"), "project append");
		expect(load()).toMatchObject({ customSystemPrompt: "project system", appendSystemPrompts: ["project append"] });
		expect(load({ projectTrusted: false })).toMatchObject({
			customSystemPrompt: "global system",
			appendSystemPrompts: ["global append"],
		});
	});

	it("lets --system-prompt win and reads CLI values that name a file", () => {
		const { agentDir, cwd, load } = fixture();
		write(join(agentDir, "SYSTEM.md"), "global system");
		write(join(cwd, "prompt.md"), "from file");
		const loaded = load({ systemPrompt: "prompt.md", appendSystemPrompt: ["literal text", "prompt.md"] });
		expect(loaded.customSystemPrompt).toBe("from file");
		expect(loaded.appendSystemPrompts).toEqual(["literal text", "from file"]);
	});
});

describe("context files", () => {
	it("are skipped entirely with --no-context-files", () => {
		const { agentDir, cwd, load } = fixture();
		write(join(agentDir, "AGENTS.md"), "global");
		write(join(cwd, "AGENTS.md"), "project");
		expect(load().contextFiles.map((file) => file.content)).toEqual(["global", "project"]);
		expect(load({ noContextFiles: true }).contextFiles).toEqual([]);
	});

	it("skip an unreadable file with a warning, and list a path once", () => {
		const root = tempDir();
		mkdirSync(join(root, "AGENTS.md"));
		write(join(root, "sub", "AGENTS.md"), "inner");
		const { files, diagnostics } = loadContextFiles({
			cwd: join(root, "sub"),
			agentDir: join(root, "sub"),
			includeProject: true,
		});
		expect(files.map((file) => file.path)).toEqual([join(root, "sub", "AGENTS.md")]);
		expect(diagnostics).toMatchObject([{ type: "warning", path: join(root, "AGENTS.md") }]);
		expect(diagnostics[0]!.message).toMatch(/^Cannot read context file /);
	});
});

describe("prompt template discovery", () => {
	it("loads global, trusted project and CLI templates, first name wins, non-recursive", () => {
		const { agentDir, cwd, load } = fixture();
		write(join(agentDir, "prompts", "review.md"), "---\ndescription: Global review\n---\nReview $1");
		write(join(agentDir, "prompts", "nested", "deep.md"), "not loaded");
		write(join(cwd, ".pi", "prompts", "review.md"), "Project review");
		write(join(cwd, ".pi", "prompts", "fix.md"), "Fix it");
		write(join(cwd, "cli", "ship.md"), "Ship it");
		const loaded = load({ promptTemplatePaths: ["cli/ship.md"] });
		expect(loaded.promptTemplates.map((template) => [template.name, template.source])).toEqual([
			["review", "global"],
			["fix", "project"],
			["ship", "cli"],
		]);
		expect(load({ projectTrusted: false }).promptTemplates.map((template) => template.name)).toEqual(["review"]);
		const noDiscovery = load({ noPromptTemplates: true, promptTemplatePaths: ["cli/ship.md"] });
		expect(noDiscovery.promptTemplates.map((template) => template.name)).toEqual(["ship"]);
	});

	it("describes a template by its first non-empty line, cut to 60 characters plus …", () => {
		const { agentDir, load } = fixture();
		write(join(agentDir, "prompts", "long.md"), `\n\n  ${"x".repeat(61)}  \nsecond`);
		write(join(agentDir, "prompts", "exact.md"), "y".repeat(60));
		const byName = new Map(load().promptTemplates.map((template) => [template.name, template.description]));
		expect(byName.get("long")).toBe(`${"x".repeat(60)}…`);
		expect(byName.get("exact")).toBe("y".repeat(60));
	});

	it("applies !exclusions of a settings list to that list's other entries", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(join(agentDir, "mine", "a.md"), "A");
		write(join(agentDir, "mine", "draft.md"), "D");
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ prompts: ["mine/*.md", "!**/draft.md"] }));
		const loaded = loadResources({
			cwd,
			agentDir,
			settings: SettingsManager.create(cwd, agentDir),
			projectTrusted: false,
		});
		expect(loaded.promptTemplates.map((template) => template.name)).toEqual(["a"]);
	});
});

describe("skills", () => {
	it("are discovered in the documented order, the first of a name winning and later ones warned about", () => {
		const agentDir = tempDir();
		const root = tempDir();
		const cwd = join(root, "repo", "pkg");
		const skill = (dir: string, name: string) => write(join(dir, name, "SKILL.md"), `---\ndescription: ${name}\n---\n`);
		mkdirSync(join(root, "repo", ".git"), { recursive: true });
		for (const [dir, own] of [
			[join(agentDir, "skills"), "from-global"],
			[join(agentDir, "listed"), "from-settings"],
			[join(cwd, ".pi", "skills"), "from-project"],
			[join(root, "repo", ".agents", "skills"), "from-repo-agents"],
			[join(cwd, ".pi", "listed"), "from-project-settings"],
			[join(cwd, "ext"), "from-extension"],
			[join(cwd, "cli"), "from-cli"],
		] as const) {
			skill(dir, own);
			skill(dir, "dup");
		}
		// Above the git root: not a project skills directory.
		skill(join(root, ".agents", "skills"), "above-repo");
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ skills: ["listed"] }));
		mkdirSync(join(cwd, ".pi"), { recursive: true });
		writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify({ skills: ["listed"] }));
		const loaded = loadResources({
			cwd,
			agentDir,
			settings: SettingsManager.create(cwd, agentDir, { projectTrusted: true }),
			projectTrusted: true,
			extraSkillPaths: ["ext"],
			skillPaths: ["cli"],
		});
		expect(loaded.skills.map((skill) => skill.name)).toEqual([
			"dup",
			"from-global",
			"from-settings",
			"from-project",
			"from-repo-agents",
			"from-project-settings",
			"from-extension",
			"from-cli",
		]);
		expect(loaded.skills[0]!.filePath).toBe(join(agentDir, "skills", "dup", "SKILL.md"));
		const shadowed = loaded.diagnostics.filter((diagnostic) => diagnostic.message.includes('"dup"'));
		expect(shadowed).toHaveLength(6);
		expect(shadowed.at(-1)!.path).toBe(join(cwd, "cli", "dup", "SKILL.md"));
	});

	it("packages come after the agent folders, -e packages before everything; losers are 1.4's collisions", () => {
		const { agentDir, cwd, load } = fixture();
		const skill = (dir: string, description: string) =>
			write(join(dir, "dup", "SKILL.md"), `---\nname: dup\ndescription: ${description}\n---\n`);
		skill(join(agentDir, "skills"), "agent");
		skill(join(cwd, "pkg", "skills"), "package");
		skill(join(cwd, "once", "skills"), "one run");
		write(join(agentDir, "prompts", "greet.md"), "agent greet");
		write(join(cwd, "pkg", "prompts", "greet.md"), "package greet");
		write(join(cwd, "once", "prompts", "greet.md"), "one-run greet");
		const installed = {
			packageSkillPaths: [join(cwd, "pkg", "skills", "dup", "SKILL.md")],
			packagePromptPaths: [join(cwd, "pkg", "prompts", "greet.md")],
		};
		const loaded = load(installed);
		expect(loaded.skills.map((entry) => [entry.name, entry.description])).toEqual([["dup", "agent"]]);
		expect(loaded.promptTemplates.map((entry) => entry.content)).toEqual(["agent greet"]);
		expect(loaded.diagnostics).toEqual([
			{
				type: "collision",
				message: 'name "dup" collision',
				path: join(cwd, "pkg", "skills", "dup", "SKILL.md"),
				collision: {
					resourceType: "skill",
					name: "dup",
					winnerPath: join(agentDir, "skills", "dup", "SKILL.md"),
					loserPath: join(cwd, "pkg", "skills", "dup", "SKILL.md"),
				},
			},
			{
				type: "collision",
				message: 'name "/greet" collision',
				path: join(cwd, "pkg", "prompts", "greet.md"),
				collision: {
					resourceType: "prompt",
					name: "greet",
					winnerPath: join(agentDir, "prompts", "greet.md"),
					loserPath: join(cwd, "pkg", "prompts", "greet.md"),
				},
			},
		]);
		const withOneRun = load({
			...installed,
			cliPackageSkillPaths: [join(cwd, "once", "skills", "dup", "SKILL.md")],
			cliPackagePromptPaths: [join(cwd, "once", "prompts", "greet.md")],
		});
		expect(withOneRun.skills.map((entry) => entry.description)).toEqual(["one run"]);
		expect(withOneRun.promptTemplates.map((entry) => entry.content)).toEqual(["one-run greet"]);
		expect(withOneRun.diagnostics.filter((entry) => entry.type === "collision")).toHaveLength(4);
		// -e packages load under --no-skills / --no-prompt-templates, as 1.4's do.
		const bare = load({
			noSkills: true,
			noPromptTemplates: true,
			cliPackageSkillPaths: [join(cwd, "once", "skills", "dup", "SKILL.md")],
			cliPackagePromptPaths: [join(cwd, "once", "prompts", "greet.md")],
		});
		expect([bare.skills.length, bare.promptTemplates.length]).toEqual([1, 1]);
	});

	it("warn when a SKILL.md name differs from its directory", () => {
		const { agentDir, load } = fixture();
		write(join(agentDir, "skills", "folder", "SKILL.md"), "---\nname: other\ndescription: D\n---\n");
		const loaded = load();
		expect(loaded.skills.map((skill) => skill.name)).toEqual(["other"]);
		expect(loaded.diagnostics.map((diagnostic) => diagnostic.message)).toContain(
			'Skill name "other" does not match its directory "folder"',
		);
	});

	it("warn about compatibility over 500 characters and metadata that is not a map, but load", () => {
		const { agentDir, load } = fixture();
		write(
			join(agentDir, "skills", "big", "SKILL.md"),
			`---\ndescription: Big\ncompatibility: ${"c".repeat(501)}\nmetadata: [1, 2]\n---\nbody`,
		);
		const loaded = load();
		expect(loaded.skills.map((skill) => skill.name)).toEqual(["big"]);
		const messages = loaded.diagnostics.map((diagnostic) => diagnostic.message);
		expect(messages).toContain('Skill "big" compatibility should be text of at most 500 characters');
		expect(messages).toContain('Skill "big" metadata should be a map');
	});

	it("pass /skill: text through and report an error when the skill file cannot be read", () => {
		const { agentDir, load } = fixture();
		write(join(agentDir, "skills", "gone", "SKILL.md"), "---\ndescription: Soon gone\n---\nbody");
		const skills = new Map(load().skills.map((skill) => [skill.name, skill]));
		rmSync(join(agentDir, "skills", "gone", "SKILL.md"));
		const result = expandSkillCommand("/skill:gone now", skills);
		expect(result.text).toBe("/skill:gone now");
		expect(result.error).toMatch(/^Cannot read skill .*SKILL\.md: /);
	});

	it("expand /skill: without arguments to the block alone", () => {
		const { agentDir, load } = fixture();
		write(join(agentDir, "skills", "pdf", "SKILL.md"), "---\ndescription: PDFs\n---\n\nUse pdftotext.\n\n");
		const skills = new Map(load().skills.map((skill) => [skill.name, skill]));
		const skillDir = join(agentDir, "skills", "pdf");
		expect(expandSkillCommand("/skill:pdf", skills).text).toBe(
			`<skill name="pdf" location="${join(skillDir, "SKILL.md")}">\nReferences are relative to ${skillDir}.\n\nUse pdftotext.\n</skill>`,
		);
	});
});
