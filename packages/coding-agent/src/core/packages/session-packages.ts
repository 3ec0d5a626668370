// Packages at session start: what settings declare is installed when missing (personal ones before
// project trust is known, project ones only once it is granted), then resolved to resource files.
// `-e npm:…` / `-e git:…` sources are installed into a one-run folder and never touch settings.

import { isLocalSource } from "./local-source.js";
import { NpmClient } from "./npm-client.js";
import { PackageInstaller, type PackageProgress } from "./package-installer.js";
import type { PackageLocations } from "./package-locations.js";
import {
	hostDependencyWarning,
	type PackageSettingsLists,
	type ResolvedPackage,
	readPackageLists,
	resolveConfiguredPackages,
	resolveEntry,
} from "./package-resolver.js";

/** Inputs of the session's package phases. */
export interface SessionPackagesOptions extends PackageLocations {
	/** `npmCommand` from settings. */
	npmCommand?: unknown;
	/** The two settings files' `packages` values (default: read from the files). */
	lists?: PackageSettingsLists;
	/** Where install progress goes (default: stderr). */
	onProgress?: (event: PackageProgress) => void;
}

/** True for `-e` values that name a package source rather than a file. */
export function isPackageSourceArgument(value: string): boolean {
	return !isLocalSource(value) && !value.startsWith("builtin:");
}

function defaultProgress(event: PackageProgress): void {
	if (event.type === "start") process.stderr.write(`${event.message}\n`);
}

/**
 * The package state of one session: `userPhase` before project trust is decided, `projectPhase`
 * after. Each returns the packages whose extensions should load in that phase.
 */
export class SessionPackages {
	private readonly lists: PackageSettingsLists;
	private loadedIdentities = new Set<string>();
	// Each missing package gets one install attempt per session (both phases resolve it).
	private attempted = new Set<string>();
	private final: ResolvedPackage[] = [];
	private temporary: ResolvedPackage[] = [];
	readonly warnings: string[] = [];

	constructor(private readonly options: SessionPackagesOptions) {
		this.lists = options.lists ?? readPackageLists(options);
	}

	private installer(): PackageInstaller {
		return new PackageInstaller({
			...this.options,
			npm: new NpmClient(this.options.npmCommand),
			onProgress: this.options.onProgress ?? defaultProgress,
		});
	}

	// Installs what is missing (or at the wrong pinned version); failures become warnings.
	private async installMissing(packages: readonly ResolvedPackage[]): Promise<boolean> {
		if (process.env.PI_OFFLINE === "1") return false;
		let changed = false;
		for (const pkg of packages) {
			if (!pkg.parsed || pkg.parsed.type === "local" || !pkg.problem) continue;
			if (this.attempted.has(`${pkg.scope}:${pkg.identity}`)) continue;
			this.attempted.add(`${pkg.scope}:${pkg.identity}`);
			const installScope = pkg.entry.autoload === false && pkg.scope === "project" ? "user" : pkg.scope;
			try {
				(this.options.onProgress ?? defaultProgress)({ type: "start", message: `Installing ${pkg.source}...` });
				await this.installer().install(pkg.parsed, installScope, pkg.baseDir);
				changed = true;
			} catch (error) {
				this.warnings.push(`Package ${pkg.source} could not be installed: ${(error as Error).message}`);
			}
		}
		return changed;
	}

	private async resolve(trusted: boolean): Promise<ResolvedPackage[]> {
		let packages = resolveConfiguredPackages(this.options, this.lists, trusted);
		const candidates = packages.filter((pkg) => trusted || pkg.scope === "user");
		if (await this.installMissing(candidates)) packages = resolveConfiguredPackages(this.options, this.lists, trusted);
		return packages;
	}

	/**
	 * Personal packages the project file does not also declare (those wait for the trust decision,
	 * since a trusted project's entry replaces them).
	 */
	async userPhase(): Promise<ResolvedPackage[]> {
		const untrustedView = await this.resolve(false);
		const projectView = resolveConfiguredPackages(this.options, this.lists, true);
		const shadowed = new Set(projectView.filter((pkg) => pkg.scope === "project").map((pkg) => pkg.identity));
		const now = untrustedView.filter((pkg) => !shadowed.has(pkg.identity));
		for (const pkg of now) this.loadedIdentities.add(pkg.identity);
		this.final = untrustedView;
		return now;
	}

	/** Everything not loaded yet, once trust is known. */
	async projectPhase(trusted: boolean): Promise<ResolvedPackage[]> {
		const all = await this.resolve(trusted);
		this.final = all;
		return all.filter((pkg) => !this.loadedIdentities.has(pkg.identity));
	}

	/** Installs (if needed) and resolves `-e` package sources for this run only. */
	async temporaryPhase(sources: readonly string[]): Promise<ResolvedPackage[]> {
		const resolved: ResolvedPackage[] = [];
		for (const source of sources) {
			const entry = { source, raw: source };
			let pkg = resolveEntry(this.options, entry, "temporary");
			if (pkg.problem && pkg.parsed && process.env.PI_OFFLINE !== "1") {
				try {
					(this.options.onProgress ?? defaultProgress)({ type: "start", message: `Installing ${source}...` });
					await this.installer().install(pkg.parsed, "temporary", this.options.cwd);
				} catch (error) {
					this.warnings.push(`Package ${source} could not be installed: ${(error as Error).message}`);
				}
				pkg = resolveEntry(this.options, entry, "temporary");
			}
			if (pkg.problem) {
				if (!this.warnings.some((warning) => warning.includes(source)))
					this.warnings.push(`Package ${source} is not loaded: ${pkg.problem}`);
				continue;
			}
			resolved.push(pkg);
		}
		this.temporary = resolved;
		return resolved;
	}

	/**
	 * The packages of this session, for resource loading and `pi list`, in pi 1.4's precedence
	 * (the first skill or prompt of a name wins): one-run `-e` packages, then project, then personal.
	 */
	all(): ResolvedPackage[] {
		const project = this.final.filter((pkg) => pkg.scope === "project");
		return [...this.temporary, ...project, ...this.final.filter((pkg) => pkg.scope !== "project")];
	}

	/** Problems of configured packages that did not load, and host-copy warnings of those that did. */
	diagnostics(): string[] {
		const messages = [...this.warnings];
		for (const pkg of this.all()) {
			if (pkg.problem && !messages.some((message) => message.includes(pkg.source)))
				messages.push(`Package ${pkg.source} is not loaded: ${pkg.problem}`);
			const loadsExtensions = pkg.resources?.extensions.some((file) => file.enabled);
			if (pkg.root && loadsExtensions && pkg.parsed?.type !== "local") {
				const warning = hostDependencyWarning(pkg.root);
				if (warning) messages.push(warning);
			}
		}
		return messages;
	}
}
