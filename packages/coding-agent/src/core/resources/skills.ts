import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseFrontmatter } from "./frontmatter.js";
import { collisionDiagnostic, type ResourceDiagnostic } from "./resource-diagnostic.js";
import { isDirectory } from "./resource-paths.js";

/** A skill: instructions the model reads on demand (extensions.md §8). */
export interface Skill {
	name: string;
	description: string;
	/** Absolute path of the SKILL.md (or single-file skill). */
	filePath: string;
	/** Directory relative references resolve against. */
	baseDir: string;
	/** True → not listed in the system prompt; usable only via `/skill:name`. */
	disableModelInvocation: boolean;
	source: string;
}

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Directory entries sorted by name, so discovery order never depends on the file system. */
function sortedEntries(dir: string): Dirent[] {
	return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Skill files in one skills directory, by name: root `*.md` files, and every `SKILL.md` below. */
export function findSkillFiles(dir: string): string[] {
	if (!isDirectory(dir)) return existsSync(dir) ? [dir] : [];
	const files: string[] = [];
	for (const entry of sortedEntries(dir)) {
		const path = join(dir, entry.name);
		if (entry.isFile() && entry.name.endsWith(".md")) files.push(path);
		else if (entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith(".")) {
			files.push(...findNestedSkillFiles(path));
		}
	}
	return files;
}

function findNestedSkillFiles(dir: string, depth = 0): string[] {
	if (depth > 8) return [];
	const direct = join(dir, "SKILL.md");
	if (existsSync(direct)) return [direct];
	let entries: Dirent[];
	try {
		entries = sortedEntries(dir);
	} catch {
		// Unreadable directory: skip it, discovery is best-effort.
		return [];
	}
	return entries
		.filter((entry) => entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith("."))
		.flatMap((entry) => findNestedSkillFiles(join(dir, entry.name), depth + 1));
}

/** Reads one skill file; undefined (with a diagnostic) when it cannot be used. */
export function loadSkillFile(filePath: string, source: string, diagnostics: ResourceDiagnostic[]): Skill | undefined {
	let text: string;
	try {
		text = readFileSync(filePath, "utf8");
	} catch (error) {
		diagnostics.push({
			type: "warning",
			path: filePath,
			message: `Cannot read skill ${filePath}: ${(error as Error).message}`,
		});
		return undefined;
	}
	const { attributes, error } = parseFrontmatter(text);
	if (error)
		diagnostics.push({ type: "warning", path: filePath, message: `Invalid frontmatter in ${filePath}: ${error}` });
	const isSkillMd = basename(filePath) === "SKILL.md";
	const fallbackName = isSkillMd ? basename(dirname(filePath)) : basename(filePath, ".md");
	const name = typeof attributes.name === "string" && attributes.name ? attributes.name : fallbackName;
	const description = typeof attributes.description === "string" ? attributes.description.trim() : "";
	if (!description) {
		diagnostics.push({
			type: "warning",
			path: filePath,
			message: `Skill ${filePath} has no description and was not loaded`,
		});
		return undefined;
	}
	if (!NAME_PATTERN.test(name) || name.length > 64) {
		diagnostics.push({
			type: "warning",
			path: filePath,
			message: `Skill name "${name}" should be 1-64 chars of a-z, 0-9 and single hyphens`,
		});
	}
	if (isSkillMd && name !== fallbackName) {
		diagnostics.push({
			type: "warning",
			path: filePath,
			message: `Skill name "${name}" does not match its directory "${fallbackName}"`,
		});
	}
	const warn = (message: string) => diagnostics.push({ type: "warning", path: filePath, message });
	if (description.length > 1024) warn(`Skill "${name}" description is longer than 1024 characters`);
	const { compatibility, metadata } = attributes;
	if (compatibility !== undefined && (typeof compatibility !== "string" || compatibility.length > 500)) {
		warn(`Skill "${name}" compatibility should be text of at most 500 characters`);
	}
	if (metadata !== undefined && (metadata === null || typeof metadata !== "object" || Array.isArray(metadata))) {
		warn(`Skill "${name}" metadata should be a map`);
	}
	return {
		name,
		description,
		filePath,
		baseDir: dirname(filePath),
		disableModelInvocation: attributes["disable-model-invocation"] === true,
		source,
	};
}

/** Adds skills in order; the first occurrence of a name wins, later ones are reported. */
export function addSkills(into: Map<string, Skill>, skills: Skill[], diagnostics: ResourceDiagnostic[]): void {
	for (const skill of skills) {
		const existing = into.get(skill.name);
		if (existing) {
			if (existing.filePath !== skill.filePath) {
				diagnostics.push(collisionDiagnostic("skill", skill.name, existing.filePath, skill.filePath));
			}
			continue;
		}
		into.set(skill.name, skill);
	}
}

function escapeXml(text: string): string {
	return text
		.replace(/&/g, "&amp;")
		.replace(/</g, "&lt;")
		.replace(/>/g, "&gt;")
		.replace(/"/g, "&quot;")
		.replace(/'/g, "&apos;");
}

/** The system-prompt block listing skills the model may read; empty when none is visible. */
export function formatSkillsForPrompt(skills: readonly Skill[]): string {
	const visible = skills.filter((skill) => !skill.disableModelInvocation);
	if (visible.length === 0) return "";
	const entries = visible.map(
		(skill) =>
			`  <skill>\n    <name>${escapeXml(skill.name)}</name>\n    <description>${escapeXml(skill.description)}</description>\n    <location>${escapeXml(skill.filePath)}</location>\n  </skill>`,
	);
	return [
		"The following skills provide specialized instructions for specific tasks.",
		"When a task matches a skill's description, read its file with the read tool before acting, and resolve relative paths in it against the skill's directory.",
		"",
		"<available_skills>",
		...entries,
		"</available_skills>",
	].join("\n");
}

/**
 * Expands `/skill:<name> [args]` (extensions.md §8). Unknown names pass through unchanged; a read
 * error is returned as `error` and the text passes through.
 */
export function expandSkillCommand(text: string, skills: ReadonlyMap<string, Skill>): { text: string; error?: string } {
	const match = /^\/skill:([^\s]+)(?:\s+([\s\S]*))?$/.exec(text);
	if (!match) return { text };
	const skill = skills.get(match[1]!);
	if (!skill) return { text };
	let body: string;
	try {
		body = parseFrontmatter(readFileSync(skill.filePath, "utf8")).body.trim();
	} catch (error) {
		return { text, error: `Cannot read skill ${skill.filePath}: ${(error as Error).message}` };
	}
	const block = `<skill name="${skill.name}" location="${skill.filePath}">\nReferences are relative to ${skill.baseDir}.\n\n${body}\n</skill>`;
	const args = match[2]?.trim();
	return { text: args ? `${block}\n\n${args}` : block };
}
