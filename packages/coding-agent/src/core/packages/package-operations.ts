// `pi install`, `pi remove`, `pi update`: install with npm/git, then change the settings file
// (atomically, under its lock). Nothing is written to settings when the install fails.
import { join, relative, resolve } from "node:path";
import { CONFIG_DIR_NAME } from "../session/session-paths.js";
import { PiUserError } from "../user-error.js";
import { NpmClient } from "./npm-client.js";
import { findEntryIndex, type PackageScope, parsePackageEntries, updatePackagesInFile } from "./package-entries.js";
import { PackageInstaller, type PackageProgress } from "./package-installer.js";
import type { PackageLocations } from "./package-locations.js";
import { type ResolvedPackage, readPackageLists, resolveEntry, scopeBaseDir } from "./package-resolver.js";
import { identityOfSourceString, type PackageSource, parsePackageSource, resolveLocalPath } from "./package-source.js";

export interface PackageOperationsOptions extends PackageLocations {
	npmCommand?: unknown;
	onProgress?: (event: PackageProgress) => void;
	signal?: AbortSignal;
}

/** The settings file of a scope. */
export function settingsPathFor(locations: PackageLocations, scope: PackageScope): string {
	return scope === "project"
		? join(resolve(locations.cwd), CONFIG_DIR_NAME, "settings.json")
		: join(locations.agentDir, "settings.json");
}

/** A local source as the settings file should hold it: relative to that file's folder. */
export function sourceForSettings(locations: PackageLocations, source: string, scope: PackageScope): string {
	const parsed = parsePackageSource(source);
	if (parsed.type !== "local") return source.trim();
	const absolute = resolveLocalPath(parsed.path, locations.cwd);
	return relative(scopeBaseDir(locations, scope), absolute) || ".";
}

export class PackageOperations {
	private readonly installer: PackageInstaller;

	constructor(private readonly options: PackageOperationsOptions) {
		this.installer = new PackageInstaller({ ...options, npm: new NpmClient(options.npmCommand) });
	}

	private progress(message: string): void {
		this.options.onProgress?.({ type: "start", message });
	}

	/** Installs `source` into `scope` (`temporary` to inspect it first) and resolves what it offers. */
	async install(source: string, scope: PackageScope | "temporary"): Promise<ResolvedPackage> {
		const parsed = parsePackageSource(source);
		const settingsSource = scope === "temporary" ? source : sourceForSettings(this.options, source, scope);
		this.progress(`Installing ${source}...`);
		await this.installer.install(parsed, scope, this.options.cwd);
		const entry = { source: settingsSource, raw: settingsSource };
		const resolved =
			parsed.type === "local"
				? resolveEntry(this.options, { source: resolveLocalPath(parsed.path, this.options.cwd), raw: source }, scope)
				: resolveEntry(this.options, entry, scope);
		if (resolved.problem) throw new PiUserError("package_install_failed", `${source}: ${resolved.problem}`);
		return resolved;
	}

	/**
	 * Adds the source to the scope's settings. An entry of the same package is replaced (its
	 * filters kept); the same source again changes nothing. Returns whether the file changed.
	 */
	persist(source: string, scope: PackageScope): boolean {
		const settingsSource = sourceForSettings(this.options, source, scope);
		const baseDir = scopeBaseDir(this.options, scope);
		return updatePackagesInFile(settingsPathFor(this.options, scope), (packages) => {
			const entries = parsePackageEntries(packages);
			const index = findEntryIndex(entries, settingsSource, baseDir);
			if (index < 0) return [...packages, settingsSource];
			const existing = entries[index]!;
			if (existing.source === settingsSource) return undefined;
			const position = packages.indexOf(existing.raw);
			const next = [...packages];
			next[position] =
				typeof existing.raw === "string" ? settingsSource : { ...(existing.raw as object), source: settingsSource };
			return next;
		});
	}

	/** Removes the package's settings entry and its installed files. False when nothing matched. */
	async remove(source: string, scope: PackageScope): Promise<boolean> {
		const parsed = parsePackageSource(source);
		const path = settingsPathFor(this.options, scope);
		const baseDir = scopeBaseDir(this.options, scope);
		const lists = readPackageLists(this.options);
		const entries = parsePackageEntries(scope === "project" ? lists.project : lists.user);
		const wanted = inputIdentity(parsed, this.options.cwd);
		const matches = entries.filter((entry) => identityOfSourceString(entry.source, baseDir) === wanted);
		if (matches.length === 0) return false;
		this.progress(`Removing ${source}...`);
		// Files first: if they cannot be removed, the entry stays and the error says why.
		await this.installer.remove(parsed, scope);
		updatePackagesInFile(path, (packages) => packages.filter((raw) => !matches.some((entry) => entry.raw === raw)));
		return true;
	}

	/**
	 * Updates configured packages (one, when `source` is given): unpinned npm to the newest
	 * release, pinned npm to its version, git checkouts to their ref or default branch.
	 */
	async update(source: string | undefined, scopes: readonly PackageScope[]): Promise<string[]> {
		const lists = readPackageLists(this.options);
		const wanted = source === undefined ? undefined : inputIdentity(parsePackageSource(source), this.options.cwd);
		const updated: string[] = [];
		for (const scope of scopes) {
			const baseDir = scopeBaseDir(this.options, scope);
			for (const entry of parsePackageEntries(scope === "project" ? lists.project : lists.user)) {
				if (wanted !== undefined && identityOfSourceString(entry.source, baseDir) !== wanted) continue;
				const parsed = parsePackageSource(entry.source);
				if (parsed.type === "local") {
					updated.push(entry.source);
					continue;
				}
				this.progress(`Updating ${entry.source}...`);
				if (parsed.type === "npm" && parsed.pinned) await this.installer.install(parsed, scope, baseDir);
				else await this.installer.update(parsed, scope);
				updated.push(entry.source);
			}
		}
		if (source !== undefined && updated.length === 0) {
			throw new PiUserError("package_not_found", `No matching package found for ${source}`);
		}
		return updated;
	}
}

// The identity of a command-line source: local paths resolve from the current directory.
function inputIdentity(parsed: PackageSource, cwd: string): string {
	if (parsed.type === "npm") return `npm:${parsed.name}`;
	if (parsed.type === "git") return `git:${parsed.host}/${parsed.path}`;
	return `local:${resolveLocalPath(parsed.path, cwd)}`;
}
