// What a package offers: the `pi` key of its package.json, else the conventional `extensions/`,
// `skills/`, `prompts/` and `themes/` folders; narrowed by a settings entry's filters.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { resolveExtensionPath } from "../extensions/discover-extensions.js";
import { globToRegExp } from "../resources/resource-paths.js";
import { findSkillFiles } from "../resources/skills.js";
import { PACKAGE_RESOURCE_TYPES, type PackageFilters, type PackageResourceType } from "./package-entries.js";
import { applyDeltaPatterns, applyFilterPatterns, hasGlob, isOverridePattern } from "./package-filters.js";

/** The `pi` key of a package.json. `mcp` names an mcp.json-format file (read by the MCP extension). */
export interface PiManifest {
	extensions?: string[];
	skills?: string[];
	prompts?: string[];
	themes?: string[];
	mcp?: string;
}

/** The package.json facts pi uses. */
export interface PackageJsonFacts {
	name?: string;
	version?: string;
	description?: string;
	manifest?: PiManifest;
	dependencies: Record<string, string>;
}

/** Reads `<root>/package.json`; undefined when there is none or it is not JSON. */
export function readPackageJson(root: string): PackageJsonFacts | undefined {
	const path = join(root, "package.json");
	if (!existsSync(path)) return undefined;
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
	} catch {
		// An unreadable manifest: the package is treated as one without (conventional folders).
		return undefined;
	}
	if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
	const json = parsed as Record<string, unknown>;
	const pi = json.pi;
	let manifest: PiManifest | undefined;
	if (pi !== null && typeof pi === "object" && !Array.isArray(pi)) {
		manifest = {};
		const piObject = pi as Record<string, unknown>;
		for (const type of PACKAGE_RESOURCE_TYPES) {
			const list = piObject[type];
			if (Array.isArray(list) && list.every((entry) => typeof entry === "string")) manifest[type] = list as string[];
		}
		if (typeof piObject.mcp === "string") manifest.mcp = piObject.mcp;
	}
	const deps = json.dependencies;
	return {
		name: typeof json.name === "string" ? json.name : undefined,
		version: typeof json.version === "string" ? json.version : undefined,
		description: typeof json.description === "string" ? json.description : undefined,
		manifest,
		dependencies:
			deps !== null && typeof deps === "object" && !Array.isArray(deps) ? (deps as Record<string, string>) : {},
	};
}

const FILE_PATTERN: Record<PackageResourceType, RegExp> = {
	extensions: /\.(ts|js)$/,
	skills: /\.md$/,
	prompts: /\.md$/,
	themes: /\.json$/,
};

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

// Every matching file under `dir` (dot entries and node_modules skipped), sorted.
function walk(dir: string, pattern: RegExp, into: string[] = []): string[] {
	let entries: import("node:fs").Dirent[];
	try {
		entries = readdirSync(dir, { withFileTypes: true });
	} catch {
		// An unreadable folder contributes nothing; the rest of the package still loads.
		return into;
	}
	for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
		if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(dir, entry.name);
		if (isDirectory(path)) walk(path, pattern, into);
		else if (pattern.test(entry.name) && !entry.name.endsWith(".d.ts")) into.push(path);
	}
	return into;
}

/** The resource files of one type found at `path` (a file, or a folder searched the type's way). */
function filesAt(path: string, type: PackageResourceType): string[] {
	if (!existsSync(path)) return [];
	if (!isDirectory(path)) return [path];
	switch (type) {
		case "extensions":
			return resolveExtensionPath(path).filter((file) => existsSync(file));
		case "skills":
			return findSkillFiles(path);
		case "prompts":
		case "themes":
			return walk(path, FILE_PATTERN[type]);
		default: {
			const never: never = type;
			throw new Error(`unknown resource type ${String(never)}`);
		}
	}
}

// Glob entries find visible paths only (no dot segments); exact entries may name dot paths.
function expandGlob(pattern: string, root: string): string[] {
	const full = resolve(root, pattern).split(sep).join("/");
	const fixed = full.slice(0, full.search(/[*?]/)).replace(/[^/]*$/, "");
	const matcher = globToRegExp(full);
	if (!isDirectory(fixed)) return [];
	const found: string[] = [];
	const visit = (dir: string) => {
		let entries: import("node:fs").Dirent[];
		try {
			entries = readdirSync(dir, { withFileTypes: true });
		} catch {
			// Unreadable: nothing from it.
			return;
		}
		for (const entry of entries) {
			if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
			const path = join(dir, entry.name);
			if (matcher.test(path.split(sep).join("/"))) found.push(path);
			if (isDirectory(path)) visit(path);
		}
	};
	visit(fixed);
	return found.sort();
}

/** The files a manifest list names (globs expanded, its own `!`/`+`/`-` entries applied). */
function manifestFiles(entries: readonly string[], root: string, type: PackageResourceType): string[] {
	const paths = entries
		.filter((entry) => !isOverridePattern(entry))
		.flatMap((entry) => (hasGlob(entry) ? expandGlob(entry, root) : [resolve(root, entry)]));
	const files = [...new Set(paths.flatMap((path) => filesAt(path, type)))];
	const overrides = entries.filter(isOverridePattern);
	if (overrides.length === 0) return files;
	const enabled = applyFilterPatterns(files, overrides, root);
	return files.filter((file) => enabled.has(file));
}

/** All files of one type the package offers (before any settings filter). */
export function offeredFiles(root: string, type: PackageResourceType, manifest: PiManifest | undefined): string[] {
	if (manifest) return manifest[type] ? manifestFiles(manifest[type]!, root, type) : [];
	return filesAt(join(root, type), type);
}

/** One resource file of a package and whether the settings entry's filters leave it on. */
export interface PackageResourceFile {
	path: string;
	enabled: boolean;
}

export type PackageResources = Record<PackageResourceType, PackageResourceFile[]>;

/**
 * The package's resources with their state. Filters only narrow what the package offers: absent
 * = everything, `[]` = nothing. `delta` (an `autoload: false` project entry) adjusts `base`'s
 * selection instead. A plain directory without manifest or conventional folders is one extension.
 */
export function collectPackageResources(
	root: string,
	filters?: PackageFilters,
	delta?: { base?: PackageFilters; patterns: PackageFilters },
): PackageResources {
	const facts = readPackageJson(root);
	const manifest = facts?.manifest;
	const resources = {} as PackageResources;
	let found = 0;
	for (const type of PACKAGE_RESOURCE_TYPES) {
		const files = offeredFiles(root, type, manifest);
		found += files.length;
		const baseFilters = delta ? delta.base : filters;
		let enabled =
			baseFilters?.[type] === undefined ? new Set(files) : applyFilterPatterns(files, baseFilters[type]!, root);
		if (baseFilters?.[type]?.length === 0) enabled = new Set();
		const deltaPatterns = delta?.patterns[type];
		if (deltaPatterns && deltaPatterns.length > 0) enabled = applyDeltaPatterns(files, enabled, deltaPatterns, root);
		resources[type] = files.map((path) => ({ path, enabled: enabled.has(path) }));
	}
	if (found === 0 && !manifest) {
		const entries = resolveExtensionPath(root).filter((file) => existsSync(file));
		resources.extensions = entries.map((path) => ({ path, enabled: filters?.extensions?.length !== 0 }));
	}
	return resources;
}

/** `relative` for display: `extensions/foo.ts` rather than an absolute path. */
export function displayPath(root: string, file: string): string {
	const rel = relative(root, file);
	return rel === "" || rel.startsWith("..") ? file : rel.split(sep).join("/");
}
