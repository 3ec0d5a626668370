import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import type { SettingsManager } from "../config/settings-manager.js";
import { CONFIG_DIR_NAME } from "../session/session-paths.js";
import { ancestorsOutermostFirst, type ContextFile, loadContextFiles } from "./context-files.js";
import { findTemplateFiles, loadTemplateFile, type PromptTemplate } from "./prompt-templates.js";
import { collisionDiagnostic, type ResourceDiagnostic } from "./resource-diagnostic.js";
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
	/** Skill and prompt files of the settings' packages (project packages first). */
	packageSkillPaths?: readonly string[];
	packagePromptPaths?: readonly string[];
	/** Skill and prompt files of packages given with `-e` for this run: they come before everything else. */
	cliPackageSkillPaths?: readonly string[];
	cliPackagePromptPaths?: readonly string[];
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

// Where skills and prompt templates come from, in order of precedence (the first of a name wins;
// extensions.md §8–§9): packages given with `-e` for this run (pi 1.4 puts them first), the user's
// folders, the user's settings entries, the trusted project's folders and settings entries,
// installed packages (project ones first), what extensions add (`resources_discover`), and last
// `--skill` / `--prompt-template` paths. Installed packages come after every folder, as in pi 1.4:
// a prompt in ~/.pi/agent/prompts keeps its name when a package brings one of the same name.
interface ResourceSource {
	source: string;
	paths: readonly string[];
}

function skillSources(options: ResourceLoaderOptions): ResourceSource[] {
	const cwdPaths = (paths: readonly string[] | undefined) => (paths ?? []).map((path) => resolve(options.cwd, path));
	const cli: ResourceSource[] = [
		{ source: "package", paths: options.cliPackageSkillPaths ?? [] },
		{ source: "cli", paths: cwdPaths(options.skillPaths) },
	];
	// `--no-skills` leaves only what the command line names.
	if (options.noSkills) return cli;
	const settingSkills = options.settings.getResourceSettings("skills", options.agentDir);
	const project: ResourceSource[] = options.projectTrusted
		? [
				{
					source: "project",
					paths: [join(options.cwd, CONFIG_DIR_NAME, "skills"), ...projectAgentsSkillDirs(options.cwd)],
				},
				{ source: "project-settings", paths: expandSettingsList(settingSkills, "project") },
			]
		: [];
	return [
		cli[0]!,
		{ source: "global", paths: [join(options.agentDir, "skills"), join(homedir(), ".agents", "skills")] },
		{ source: "settings", paths: expandSettingsList(settingSkills, "global") },
		...project,
		{ source: "package", paths: options.packageSkillPaths ?? [] },
		{ source: "extension", paths: cwdPaths(options.extraSkillPaths) },
		cli[1]!,
	];
}

function loadSkills(options: ResourceLoaderOptions, diagnostics: ResourceDiagnostic[]): Skill[] {
	const skills = new Map<string, Skill>();
	for (const { source, paths } of skillSources(options)) {
		for (const dir of paths) {
			if (!existsSync(dir)) continue;
			const loaded = findSkillFiles(dir).flatMap((file) => loadSkillFile(file, source, diagnostics) ?? []);
			addSkills(skills, loaded, diagnostics);
		}
	}
	return [...skills.values()];
}

function templateSources(options: ResourceLoaderOptions): ResourceSource[] {
	const cwdPaths = (paths: readonly string[] | undefined) => (paths ?? []).map((path) => resolve(options.cwd, path));
	const cli: ResourceSource[] = [
		{ source: "package", paths: options.cliPackagePromptPaths ?? [] },
		{ source: "cli", paths: cwdPaths(options.promptTemplatePaths) },
	];
	if (options.noPromptTemplates) return cli;
	const settingPrompts = options.settings.getResourceSettings("prompts", options.agentDir);
	const project: ResourceSource[] = options.projectTrusted
		? [
				{ source: "project", paths: [join(options.cwd, CONFIG_DIR_NAME, "prompts")] },
				{ source: "project-settings", paths: expandSettingsList(settingPrompts, "project") },
			]
		: [];
	return [
		cli[0]!,
		{ source: "global", paths: [join(options.agentDir, "prompts")] },
		{ source: "settings", paths: expandSettingsList(settingPrompts, "global") },
		...project,
		{ source: "package", paths: options.packagePromptPaths ?? [] },
		{ source: "extension", paths: cwdPaths(options.extraPromptPaths) },
		cli[1]!,
	];
}

function loadTemplates(options: ResourceLoaderOptions, diagnostics: ResourceDiagnostic[]): PromptTemplate[] {
	const templates = new Map<string, PromptTemplate>();
	for (const { source, paths } of templateSources(options)) {
		for (const path of paths) {
			for (const file of findTemplateFiles(path)) {
				const template = loadTemplateFile(file, source, diagnostics);
				if (!template) continue;
				const existing = templates.get(template.name);
				if (!existing) templates.set(template.name, template);
				else if (existing.filePath !== template.filePath) {
					diagnostics.push(collisionDiagnostic("prompt", template.name, existing.filePath, template.filePath));
				}
			}
		}
	}
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
