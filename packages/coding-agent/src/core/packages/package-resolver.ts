// The packages a session loads: settings entries of both scopes, one per identity (a project entry
// replaces the personal one, or adjusts it with `autoload: false`), with their files on disk.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { CONFIG_DIR_NAME } from "../session/session-paths.js";
import { type PackageEntry, type PackageScope, parsePackageEntries } from "./package-entries.js";
import { installedPackagePath, npmVersionMatches } from "./package-installer.js";
import type { InstallScope, PackageLocations } from "./package-locations.js";
import {
	collectPackageResources,
	type PackageResources,
	type PiManifest,
	readPackageJson,
} from "./package-manifest.js";
import { type PackageSource, PackageSourceError, packageIdentity, parsePackageSource } from "./package-source.js";

/** One configured package as this session sees it. */
export interface ResolvedPackage {
	/** The source as written in settings (or on the command line). */
	source: string;
	scope: InstallScope;
	identity: string;
	parsed?: PackageSource;
	/** The folder (or file) the package is loaded from; undefined while not installed. */
	root?: string;
	/** True when the entry has per-type filters. */
	filtered: boolean;
	resources?: PackageResources;
	/** The package.json `pi` manifest, including `mcp` (read by the MCP extension). */
	manifest?: PiManifest;
	/** Why it cannot load (bad source, not installed). */
	problem?: string;
	/** The entry it was resolved from. */
	entry: PackageEntry;
	/** The directory relative sources of this entry resolve from. */
	baseDir: string;
}

/** The raw `packages` lists of both settings files. */
export interface PackageSettingsLists {
	user: unknown;
	project: unknown;
}

/** Settings base directories: the agent dir for personal entries, `<cwd>/.pi` for project ones. */
export function scopeBaseDir(locations: PackageLocations, scope: InstallScope): string {
	return scope === "project" ? join(resolve(locations.cwd), CONFIG_DIR_NAME) : locations.agentDir;
}

function safeParse(source: string): PackageSource | string {
	try {
		return parsePackageSource(source);
	} catch (error) {
		if (error instanceof PackageSourceError) return error.message;
		throw error;
	}
}

/** Turns one entry into a ResolvedPackage (reading its files when installed). */
export function resolveEntry(
	locations: PackageLocations,
	entry: PackageEntry,
	scope: InstallScope,
	delta?: { base: PackageEntry; baseScope: InstallScope },
): ResolvedPackage {
	const loadFrom = delta ? delta.base : entry;
	const loadScope = delta ? delta.baseScope : scope;
	const baseDir = scopeBaseDir(locations, loadScope);
	const parsed = safeParse(loadFrom.source);
	const common = { source: entry.source, scope, filtered: entry.filters !== undefined, entry, baseDir };
	if (typeof parsed === "string") return { ...common, identity: `invalid:${entry.source}`, problem: parsed };
	const identity = packageIdentity(parsed, baseDir);
	const root = installedPackagePath(locations, parsed, loadScope, baseDir);
	if (!root) {
		const problem = parsed.type === "local" ? `path not found: ${resolve(baseDir, parsed.path)}` : "not installed";
		return { ...common, identity, parsed, problem };
	}
	if (parsed.type === "npm" && !npmVersionMatches(parsed, root)) {
		return { ...common, identity, parsed, root, problem: `installed version differs from ${parsed.spec}` };
	}
	if (!isDirectoryPath(root)) {
		// A local file is one extension.
		const off = entry.filters?.extensions?.length === 0;
		const resources: PackageResources = {
			extensions: [{ path: root, enabled: !off }],
			skills: [],
			prompts: [],
			themes: [],
		};
		return { ...common, identity, parsed, root, resources };
	}
	const resources = delta
		? collectPackageResources(root, undefined, { base: delta.base.filters, patterns: entry.filters ?? {} })
		: collectPackageResources(root, entry.filters);
	return { ...common, identity, parsed, root, resources, manifest: readPackageJson(root)?.manifest };
}

function isDirectoryPath(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

function identityOf(locations: PackageLocations, entry: PackageEntry, scope: PackageScope): string {
	const parsed = safeParse(entry.source);
	return typeof parsed === "string"
		? `invalid:${entry.source}`
		: packageIdentity(parsed, scopeBaseDir(locations, scope));
}

/**
 * The configured packages, one per identity, in load order (personal first, then project). With
 * `projectTrusted` false the project file is ignored entirely. A project entry replaces the
 * personal entry of the same package in place; with `autoload: false` it adjusts it instead.
 */
export function resolveConfiguredPackages(
	locations: PackageLocations,
	lists: PackageSettingsLists,
	projectTrusted: boolean,
): ResolvedPackage[] {
	const user = parsePackageEntries(lists.user);
	const project = projectTrusted ? parsePackageEntries(lists.project) : [];
	const projectIds = new Map<string, PackageEntry>();
	for (const entry of project) {
		const identity = identityOf(locations, entry, "project");
		if (!projectIds.has(identity)) projectIds.set(identity, entry);
	}
	const result: ResolvedPackage[] = [];
	const userIds = new Set<string>();
	for (const entry of user) {
		const identity = identityOf(locations, entry, "user");
		if (userIds.has(identity)) continue;
		userIds.add(identity);
		const override = projectIds.get(identity);
		if (!override) result.push(resolveEntry(locations, entry, "user"));
		else if (override.autoload === false)
			result.push(resolveEntry(locations, override, "project", { base: entry, baseScope: "user" }));
	}
	const projectSeen = new Set<string>();
	for (const entry of project) {
		const identity = identityOf(locations, entry, "project");
		if (projectSeen.has(identity)) continue;
		projectSeen.add(identity);
		if (entry.autoload === false && userIds.has(identity)) continue;
		result.push(resolveEntry(locations, entry, "project"));
	}
	return result;
}

/** Reads the two settings files' `packages` lists directly (for commands that run before trust). */
export function readPackageLists(locations: PackageLocations): PackageSettingsLists {
	const read = (path: string): unknown => {
		if (!existsSync(path)) return undefined;
		try {
			return (JSON.parse(readFileSync(path, "utf8")) as { packages?: unknown }).packages;
		} catch {
			// A broken settings file is reported by the settings manager; here it has no packages.
			return undefined;
		}
	};
	return {
		user: read(join(locations.agentDir, "settings.json")),
		project: read(join(resolve(locations.cwd), CONFIG_DIR_NAME, "settings.json")),
	};
}

/** True when `lists` name any package (a run without packages skips all package work). */
export function hasConfiguredPackages(lists: PackageSettingsLists): boolean {
	return (
		(Array.isArray(lists.user) && lists.user.length > 0) || (Array.isArray(lists.project) && lists.project.length > 0)
	);
}

/** The enabled files of one resource type across packages, in order. */
export function enabledFiles(packages: readonly ResolvedPackage[], type: keyof PackageResources): string[] {
	return packages.flatMap((pkg) =>
		(pkg.resources?.[type] ?? []).filter((file) => file.enabled).map((file) => file.path),
	);
}

const HOST_PACKAGES = new Set([
	"@earendil-works/pi-agent-core",
	"@earendil-works/pi-ai",
	"@earendil-works/pi-coding-agent",
	"@earendil-works/pi-tui",
	"@mariozechner/pi-agent-core",
	"@mariozechner/pi-ai",
	"@mariozechner/pi-coding-agent",
	"@mariozechner/pi-tui",
	"@sinclair/typebox",
	"typebox",
]);

/** pi 1.4's warning for a package that lists a host package in `dependencies` (its copy bypasses the host's). */
export function hostDependencyWarning(root: string): string | undefined {
	const facts = readPackageJson(root);
	if (!facts) return undefined;
	const names = Object.keys(facts.dependencies)
		.filter((name) => HOST_PACKAGES.has(name))
		.sort();
	if (names.length === 0) return undefined;
	return `Extension package "${join(root, "package.json")}": Host-provided extension packages must be declared in peerDependencies with a "*" range, not dependencies: ${names.join(", ")}. Installed copies can bypass the extension loader and create duplicate runtime modules.`;
}
