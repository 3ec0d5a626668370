import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import type { SettingsManager } from "../config/settings-manager.js";
import { CONFIG_DIR_NAME } from "../session/session-paths.js";
import { ancestorsOutermostFirst, type ContextFile, loadContextFiles } from "./context-files.js";
import { findTemplateFiles, loadTemplateFile, type PromptTemplate } from "./prompt-templates.js";
import type { ResourceDiagnostic } from "./resource-diagnostic.js";
import { expandSettingsList } from "./resource-paths.js";
import { addSkills, findSkillFiles, loadSkillFile, type Skill } from "./skills.js";

/** Options of one resource load (configuration.md §6–§7, extensions.md §8–§9). */
export interface ResourceLoaderOptions {
	cwd: string;
	agentDir: string;
	settings: SettingsManager;
	/** Project inputs (AGENTS.md, .pi/…) load only when true. */
	projectTrusted: boolean;
	/** `--no-context-files`. */
	noContextFiles?: boolean;
	/** `--skill <path>` entries: loaded even with `noSkills`. */
	skillPaths?: readonly string[];
	/** `--no-skills`: disables discovery. */
	noSkills?: boolean;
	/** `--prompt-template <path>` entries. */
	promptTemplatePaths?: readonly string[];
	/** `--no-prompt-templates`. */
	noPromptTemplates?: boolean;
	/** `--system-prompt <text|file>`. */
	systemPrompt?: string;
	/** `--append-system-prompt <text|file>` (repeatable). */
	appendSystemPrompt?: readonly string[];
	/** Skill and prompt files of installed packages (settings `packages`, `-e npm:…`). */
	packageSkillPaths?: readonly string[];
	packagePromptPaths?: readonly string[];
	/** Extra paths contributed by extensions (`resources_discover`). */
	extraSkillPaths?: readonly string[];
	extraPromptPaths?: readonly string[];
}

/** Everything loaded for a session's prompt. */
export interface LoadedResources {
	contextFiles: ContextFile[];
	skills: Skill[];
	promptTemplates: PromptTemplate[];
	/** Replacement of the default prompt, when SYSTEM.md or `--system-prompt` is given. */
	customSystemPrompt?: string;
	appendSystemPrompts: string[];
	diagnostics: ResourceDiagnostic[];
}

/** A CLI value that names an existing file is read as that file's content. */
export function readTextOrFile(value: string, cwd: string): string {
	const path = resolve(cwd, value);
	if (value.length < 4096 && existsSync(path)) {
		try {
			return readFileSync(path, "utf8");
		} catch {
			// Not readable as a file (e.g. a directory): use the text as given.
		}
	}
	return value;
}

/**
 * A prompt file's text; undefined when it is absent, and also when it cannot be read (a directory,
 * a FIFO, no permission), then with a warning naming the path — like an unreadable AGENTS.md.
 */
function readOptional(path: string, diagnostics: ResourceDiagnostic[]): string | undefined {
	if (!existsSync(path)) return undefined;
	try {
		// Checked first: reading a FIFO would block start-up until something writes to it.
		if (!statSync(path).isFile()) throw new Error("not a regular file");
		return readFileSync(path, "utf8");
	} catch (error) {
		diagnostics.push({
			type: "warning",
			path,
			message: `Cannot read ${basename(path)} at ${path}: ${(error as Error).message}; it is ignored`,
		});
		return undefined;
	}
}

// .agents/skills in cwd and every ancestor up to the git root (filesystem root outside a repo).
function projectAgentsSkillDirs(cwd: string): string[] {
	const dirs = ancestorsOutermostFirst(cwd).reverse();
	const result: string[] = [];
	for (const dir of dirs) {
		result.push(join(dir, ".agents", "skills"));
		if (existsSync(join(dir, ".git"))) break;
	}
	return result.reverse();
}

function loadSkills(options: ResourceLoaderOptions, diagnostics: ResourceDiagnostic[]): Skill[] {
	const skills = new Map<string, Skill>();
	const fromDirs = (dirs: readonly string[], source: string) => {
		for (const dir of dirs) {
			if (!existsSync(dir)) continue;
			const loaded = findSkillFiles(dir).flatMap((file) => loadSkillFile(file, source, diagnostics) ?? []);
			addSkills(skills, loaded, diagnostics);
		}
	};
	if (!options.noSkills) {
		fromDirs([join(options.agentDir, "skills"), join(homedir(), ".agents", "skills")], "global");
		const settingSkills = options.settings.getResourceSettings("skills", options.agentDir);
		const expand = (scope: "global" | "project") => expandSettingsList(settingSkills, scope);
		fromDirs(expand("global"), "settings");
		if (options.projectTrusted) {
			fromDirs([join(options.cwd, CONFIG_DIR_NAME, "skills"), ...projectAgentsSkillDirs(options.cwd)], "project");
			fromDirs(expand("project"), "project-settings");
		}
		fromDirs(options.packageSkillPaths ?? [], "package");
		fromDirs(
			(options.extraSkillPaths ?? []).map((path) => resolve(options.cwd, path)),
			"extension",
		);
	}
	fromDirs(
		(options.skillPaths ?? []).map((path) => resolve(options.cwd, path)),
		"cli",
	);
	return [...skills.values()];
}

function loadTemplates(options: ResourceLoaderOptions, diagnostics: ResourceDiagnostic[]): PromptTemplate[] {
	const templates = new Map<string, PromptTemplate>();
	const fromPaths = (paths: readonly string[], source: string) => {
		for (const path of paths) {
			for (const file of findTemplateFiles(path)) {
				const template = loadTemplateFile(file, source, diagnostics);
				if (template && !templates.has(template.name)) templates.set(template.name, template);
			}
		}
	};
	if (!options.noPromptTemplates) {
		const settingPrompts = options.settings.getResourceSettings("prompts", options.agentDir);
		const expand = (scope: "global" | "project") => expandSettingsList(settingPrompts, scope);
		fromPaths([join(options.agentDir, "prompts")], "global");
		fromPaths(expand("global"), "settings");
		if (options.projectTrusted) {
			fromPaths([join(options.cwd, CONFIG_DIR_NAME, "prompts")], "project");
			fromPaths(expand("project"), "project-settings");
		}
		fromPaths(options.packagePromptPaths ?? [], "package");
		fromPaths(
			(options.extraPromptPaths ?? []).map((path) => resolve(options.cwd, path)),
			"extension",
		);
	}
	fromPaths(
		(options.promptTemplatePaths ?? []).map((path) => resolve(options.cwd, path)),
		"cli",
	);
	return [...templates.values()];
}

function projectOrGlobal(
	options: ResourceLoaderOptions,
	name: string,
	diagnostics: ResourceDiagnostic[],
): string | undefined {
	const project = options.projectTrusted
		? readOptional(join(options.cwd, CONFIG_DIR_NAME, name), diagnostics)
		: undefined;
	return project ?? readOptional(join(options.agentDir, name), diagnostics);
}

/** Loads context files, skills, prompt templates and system prompt files for one session. */
export function loadResources(options: ResourceLoaderOptions): LoadedResources {
	const diagnostics: ResourceDiagnostic[] = [];
	const context = options.noContextFiles
		? { files: [], diagnostics: [] }
		: loadContextFiles({ cwd: options.cwd, agentDir: options.agentDir, includeProject: options.projectTrusted });
	diagnostics.push(...context.diagnostics);
	const customSystemPrompt =
		options.systemPrompt !== undefined
			? readTextOrFile(options.systemPrompt, options.cwd)
			: projectOrGlobal(options, "SYSTEM.md", diagnostics);
	const appendSystemPrompts = [
		...[projectOrGlobal(options, "APPEND_SYSTEM.md", diagnostics)].filter((text): text is string => text !== undefined),
		...(options.appendSystemPrompt ?? []).map((value) => readTextOrFile(value, options.cwd)),
	];
	return {
		contextFiles: context.files,
		skills: loadSkills(options, diagnostics),
		promptTemplates: loadTemplates(options, diagnostics),
		customSystemPrompt,
		appendSystemPrompts,
		diagnostics,
	};
}

/** What a non-interactive mode should report when it skipped project inputs (extensions.md §1.4). */
export function describeSkippedProjectInputs(cwd: string): string[] {
	const skipped: string[] = [];
	for (const dir of ancestorsOutermostFirst(cwd)) {
		for (const name of ["AGENTS.md", "CLAUDE.md"]) {
			if (existsSync(join(dir, name))) skipped.push(join(dir, name));
		}
	}
	const piDir = join(cwd, CONFIG_DIR_NAME);
	for (const name of ["settings.json", "extensions", "skills", "prompts", "SYSTEM.md", "APPEND_SYSTEM.md"]) {
		if (existsSync(join(piDir, name))) skipped.push(join(CONFIG_DIR_NAME, name));
	}
	if (existsSync(join(cwd, ".agents", "skills"))) skipped.push(".agents/skills");
	return skipped;
}
