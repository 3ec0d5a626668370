// What an installed package will be able to do, said before it is added to settings.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { displayPath } from "./package-manifest.js";
import type { ResolvedPackage } from "./package-resolver.js";

const SCRIPT = /\.(sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1)$/;

// A skill folder that ships scripts asks the model to run programs.
function skillScripts(skillFile: string): string[] {
	if (basename(skillFile) !== "SKILL.md") return [];
	const found: string[] = [];
	const visit = (dir: string, depth: number) => {
		if (depth > 3 || !existsSync(dir)) return;
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
			const path = join(dir, entry.name);
			if (entry.isDirectory()) visit(path, depth + 1);
			else if (SCRIPT.test(entry.name)) found.push(path);
		}
	};
	visit(dirname(skillFile), 0);
	return found;
}

/** Lines describing a package's abilities (what loads, and what runs code). */
export function describeCapabilities(pkg: ResolvedPackage): string[] {
	const resources = pkg.resources;
	if (!resources || !pkg.root) return [];
	const root = pkg.root;
	const lines: string[] = [];
	const on = (type: keyof typeof resources) => resources[type].filter((file) => file.enabled);
	const extensions = on("extensions");
	if (extensions.length > 0) {
		lines.push(
			`${extensions.length} extension${extensions.length === 1 ? "" : "s"} (run code inside pi with your permissions): ${extensions.map((file) => displayPath(root, file.path)).join(", ")}`,
		);
	}
	const skills = on("skills");
	if (skills.length > 0) {
		const runners = skills.filter((file) => skillScripts(file.path).length > 0);
		lines.push(
			`${skills.length} skill${skills.length === 1 ? "" : "s"}${runners.length > 0 ? `, ${runners.length} with scripts the model may run` : ""}: ${skills.map((file) => skillName(file.path)).join(", ")}`,
		);
	}
	const prompts = on("prompts");
	if (prompts.length > 0) {
		lines.push(
			`${prompts.length} prompt template${prompts.length === 1 ? "" : "s"}: ${prompts.map((file) => `/${basename(file.path, ".md")}`).join(", ")}`,
		);
	}
	const themes = on("themes");
	if (themes.length > 0) {
		lines.push(
			`${themes.length} theme${themes.length === 1 ? "" : "s"}: ${themes.map((file) => basename(file.path, ".json")).join(", ")}`,
		);
	}
	if (pkg.manifest?.mcp) lines.push(`MCP servers from ${pkg.manifest.mcp}`);
	return lines;
}

function skillName(file: string): string {
	return basename(file) === "SKILL.md" ? basename(dirname(file)) : basename(file, ".md");
}

/** True when loading the package runs code (extensions, or skills that ship scripts). */
export function runsCode(pkg: ResolvedPackage): boolean {
	const resources = pkg.resources;
	if (!resources) return false;
	return (
		resources.extensions.some((file) => file.enabled) ||
		resources.skills.some((file) => file.enabled && skillScripts(file.path).length > 0)
	);
}
