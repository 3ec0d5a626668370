import { isAbsolute } from "node:path";
import type { PromptTemplate } from "../resources/prompt-templates.js";
import type { Skill } from "../resources/skills.js";
import type { SlashCommandInfo } from "./extension-api.js";
import type { ExtensionCommand } from "./extension-runner-seam.js";

// One mapping for `pi.getCommands()` and RPC `get_commands` (rpc.md §9.10.1): extension commands,
// then prompt templates, then skills.

function locationOf(source: string): SlashCommandInfo["location"] {
	if (source === "global") return "user";
	if (source === "project") return "project";
	return "path";
}

/** `path` is the extension's file only when it has one: inline factories have a name, not a path. */
export function extensionCommandInfo(command: ExtensionCommand): SlashCommandInfo {
	return {
		name: command.name,
		...(command.description !== undefined ? { description: command.description } : {}),
		source: "extension",
		...(command.extensionPath !== undefined && isAbsolute(command.extensionPath)
			? { path: command.extensionPath }
			: {}),
	};
}

function templateCommandInfo(template: PromptTemplate): SlashCommandInfo {
	return {
		name: template.name,
		...(template.description ? { description: template.description } : {}),
		source: "prompt",
		location: locationOf(template.source),
		path: template.filePath,
	};
}

function skillCommandInfo(skill: Skill): SlashCommandInfo {
	return {
		name: `skill:${skill.name}`,
		...(skill.description ? { description: skill.description } : {}),
		source: "skill",
		location: locationOf(skill.source),
		path: skill.filePath,
	};
}

/** Prompt templates then skills, as command entries. */
export function resourceCommandInfos(
	templates: readonly PromptTemplate[],
	skills: readonly Skill[],
): SlashCommandInfo[] {
	return [...templates.map(templateCommandInfo), ...skills.map(skillCommandInfo)];
}
