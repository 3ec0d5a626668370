// Installs, updates and removes packages with the user's npm and the git on PATH. A failed install
// leaves nothing behind: the npm project's files are restored and a new checkout is deleted.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { withFileLockAsync } from "../config/file-lock.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { NpmClient } from "./npm-client.js";
import {
	gitPackagePath,
	gitRoot,
	type InstallScope,
	npmPackagePath,
	npmRoot,
	type PackageLocations,
} from "./package-locations.js";
import { readPackageJson } from "./package-manifest.js";
import {
	type GitPackageSource,
	type NpmPackageSource,
	type PackageSource,
	resolveLocalPath,
} from "./package-source.js";
import { PackageInstallError, type RunToolOptions, runTool } from "./run-tool.js";

/** Progress of one operation, for the terminal (`Installing npm:x...`). */
/** A step starting ("Installing npm:x..."), or a chunk npm or git wrote on `stream`. */
export type PackageProgress =
	| { type: "start"; message: string }
	| { type: "output"; text: string; stream: "stdout" | "stderr" };

export interface PackageInstallerOptions extends PackageLocations {
	npm: NpmClient;
	onProgress?: (event: PackageProgress) => void;
	signal?: AbortSignal;
}

/** Where a source's files are on disk when installed (local: the path itself), else undefined. */
export function installedPackagePath(
	locations: PackageLocations,
	source: PackageSource,
	scope: InstallScope,
	baseDir: string,
): string | undefined {
	const path =
		source.type === "npm"
			? npmPackagePath(locations, source, scope)
			: source.type === "git"
				? gitPackagePath(locations, source, scope)
				: resolveLocalPath(source.path, baseDir);
	if (existsSync(path)) return path;
	// pi 1.4 still loads a personal npm package that an older pi installed with `npm install -g`.
	if (source.type === "npm" && scope === "user") return globallyInstalledPath(locations, source);
	return undefined;
}

const globalRoots = new Map<string, string | undefined>();

function globallyInstalledPath(locations: PackageLocations, source: NpmPackageSource): string | undefined {
	let client: NpmClient;
	try {
		client = new NpmClient(locations.npmCommand);
	} catch {
		return undefined;
	}
	const key = [client.command, ...client.prefixArgs].join("\0");
	if (!globalRoots.has(key)) globalRoots.set(key, client.globalRootSync());
	const root = globalRoots.get(key);
	if (!root) return undefined;
	const path = join(root, source.name);
	return existsSync(join(path, "package.json")) ? path : undefined;
}

/** Whether an installed npm package is the version its source asks for (a range or tag: any). */
export function npmVersionMatches(source: NpmPackageSource, installedPath: string): boolean {
	const version = readPackageJson(installedPath)?.version;
	if (version === undefined) return false;
	if (!source.pinned) return true;
	return version === source.version!.replace(/^v/, "");
}

function ensureIgnoredFolder(dir: string): void {
	mkdirSync(dir, { recursive: true });
	const ignore = join(dir, ".gitignore");
	if (!existsSync(ignore)) writeFileSync(ignore, "*\n!.gitignore\n");
}

function readIfExists(path: string): string | undefined {
	return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

// Removes now-empty folders between a deleted checkout and the git root.
function pruneEmptyParents(from: string, root: string | undefined): void {
	if (!root) return;
	let current = dirname(from);
	while (current.startsWith(resolve(root)) && current !== resolve(root)) {
		if (existsSync(current) && readdirSync(current).length > 0) return;
		try {
			rmdirSync(current);
		} catch {
			// Already gone or not empty after all: stop pruning.
			return;
		}
		current = dirname(current);
	}
}

function dropDependency(manifestPath: string, name: string): void {
	const text = readIfExists(manifestPath);
	if (text === undefined) return;
	const manifest = JSON.parse(text) as { dependencies?: Record<string, string> };
	if (!manifest.dependencies || !(name in manifest.dependencies)) return;
	delete manifest.dependencies[name];
	writeFileAtomic(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

// A concurrent install may be downloading a large tree: wait as long as one install may run.
const INSTALL_LOCK_TIMEOUT_MS = 600_000;

/** npm and git operations for one cwd and agent dir. */
export class PackageInstaller {
	/** Scope locks this installer holds now, so nested steps (install → update) do not wait on themselves. */
	private readonly heldLocks = new Set<string>();

	constructor(private readonly options: PackageInstallerOptions) {}

	/**
	 * Runs one operation holding the scope's install lock (`<agentDir>/npm.lock`, `.pi/npm.lock`):
	 * two `pi install` runs in one HOME would otherwise let npm rewrite the same tree at once.
	 * npm and git steps share it because both end in the same settings and folders.
	 */
	private async locked<T>(scope: InstallScope, fn: () => Promise<T>): Promise<T> {
		const lockPath = `${npmRoot(this.options, scope)}.lock`;
		if (this.heldLocks.has(lockPath)) return fn();
		mkdirSync(dirname(lockPath), { recursive: true });
		return withFileLockAsync(
			lockPath,
			async () => {
				this.heldLocks.add(lockPath);
				try {
					return await fn();
				} finally {
					this.heldLocks.delete(lockPath);
				}
			},
			INSTALL_LOCK_TIMEOUT_MS,
		);
	}

	private runOptions(cwd?: string): RunToolOptions {
		const onProgress = this.options.onProgress;
		return {
			cwd,
			signal: this.options.signal,
			onOutput: onProgress ? (text, stream) => onProgress({ type: "output", text, stream }) : undefined,
		};
	}

	private git(args: readonly string[], cwd?: string): Promise<string> {
		return runTool("git", args, { ...this.runOptions(cwd), timeoutMs: 300_000 });
	}

	/** A git query whose answer pi reads (`rev-parse`): its output is not the user's to see. */
	private gitQuery(args: readonly string[], cwd?: string): Promise<string> {
		return runTool("git", args, { ...this.runOptions(cwd), onOutput: undefined, timeoutMs: 300_000 });
	}

	/** Installs (or repairs) a source in a scope. Local sources must exist; nothing is copied. */
	install(source: PackageSource, scope: InstallScope, baseDir: string): Promise<void> {
		return this.locked(scope, () => this.installUnlocked(source, scope, baseDir));
	}

	private async installUnlocked(source: PackageSource, scope: InstallScope, baseDir: string): Promise<void> {
		switch (source.type) {
			case "npm":
				return this.installNpm([source.spec], scope);
			case "git":
				return this.installGit(source, scope);
			case "local": {
				const path = resolveLocalPath(source.path, baseDir);
				if (!existsSync(path)) throw new PackageInstallError(`Path does not exist: ${path}`);
				return;
			}
			default: {
				const never: never = source;
				throw new Error(`unknown source ${JSON.stringify(never)}`);
			}
		}
	}

	/** `npm install <specs>` into the scope's npm project; on failure its files are put back. */
	installNpm(specs: readonly string[], scope: InstallScope): Promise<void> {
		return this.locked(scope, () => this.installNpmUnlocked(specs, scope));
	}

	private async installNpmUnlocked(specs: readonly string[], scope: InstallScope): Promise<void> {
		const root = npmRoot(this.options, scope);
		const existed = existsSync(root);
		const manifestPath = join(root, "package.json");
		const lockPath = join(root, "package-lock.json");
		const savedManifest = readIfExists(manifestPath);
		const savedLock = readIfExists(lockPath);
		ensureIgnoredFolder(root);
		if (savedManifest === undefined) {
			writeFileSync(manifestPath, `${JSON.stringify({ name: "pi-extensions", private: true }, null, 2)}\n`);
		}
		try {
			await this.options.npm.run(this.options.npm.installArgs(specs, root), this.runOptions(root));
		} catch (error) {
			if (!existed) rmSync(root, { recursive: true, force: true });
			else {
				if (savedManifest !== undefined) writeFileAtomic(manifestPath, savedManifest);
				if (savedLock !== undefined) writeFileAtomic(lockPath, savedLock);
				else rmSync(lockPath, { force: true });
			}
			throw error;
		}
	}

	private async installGit(source: GitPackageSource, scope: InstallScope): Promise<void> {
		const target = gitPackagePath(this.options, source, scope);
		if (existsSync(target)) return this.updateGit(source, scope);
		const root = gitRoot(this.options, scope);
		const rootExisted = root !== undefined && existsSync(root);
		if (root) ensureIgnoredFolder(root);
		mkdirSync(dirname(target), { recursive: true });
		try {
			await this.git(["clone", source.repo, target]);
			if (source.ref) await this.git(["checkout", "--quiet", source.ref], target);
			await this.installGitDependencies(target);
		} catch (error) {
			rmSync(target, { recursive: true, force: true });
			pruneEmptyParents(target, root);
			// A first install that failed leaves no git folder behind either.
			if (root && !rootExisted) rmSync(root, { recursive: true, force: true });
			throw error;
		}
	}

	private async installGitDependencies(target: string): Promise<void> {
		const facts = readPackageJson(target);
		if (!facts || Object.keys(facts.dependencies).length === 0) return;
		await this.options.npm.run(this.options.npm.dependencyInstallArgs(), this.runOptions(target));
	}

	/**
	 * Brings a checkout to its configured ref (pinned: that ref; else the remote's default branch).
	 * A checkout that moved is cleaned and its dependencies reinstalled.
	 */
	updateGit(source: GitPackageSource, scope: InstallScope): Promise<void> {
		return this.locked(scope, () => this.updateGitUnlocked(source, scope));
	}

	private async updateGitUnlocked(source: GitPackageSource, scope: InstallScope): Promise<void> {
		const target = gitPackagePath(this.options, source, scope);
		if (!existsSync(target)) return this.installGit(source, scope);
		const before = (await this.gitQuery(["rev-parse", "HEAD"], target)).trim();
		if (source.ref) {
			await this.git(["fetch", "--quiet", "origin", source.ref], target);
		} else {
			await this.git(["fetch", "--quiet", "--prune", "origin", "+HEAD:refs/remotes/origin/HEAD"], target);
		}
		const wanted = source.ref ? "FETCH_HEAD" : "refs/remotes/origin/HEAD";
		const after = (await this.gitQuery(["rev-parse", `${wanted}^{commit}`], target)).trim();
		if (after === before) return;
		await this.git(["reset", "--quiet", "--hard", after], target);
		await this.git(["clean", "-fdxq"], target);
		await this.installGitDependencies(target);
	}

	/** Updates a source: unpinned npm to its newest release, git to its ref or default branch. */
	update(source: PackageSource, scope: InstallScope): Promise<void> {
		return this.locked(scope, () => this.updateUnlocked(source, scope));
	}

	private async updateUnlocked(source: PackageSource, scope: InstallScope): Promise<void> {
		if (source.type === "npm") {
			const spec = source.version ? source.spec : `${source.name}@latest`;
			return this.installNpm([spec], scope);
		}
		if (source.type === "git") return this.updateGit(source, scope);
	}

	/** Removes an installed package's files (local sources are left alone). */
	remove(source: PackageSource, scope: InstallScope): Promise<void> {
		return this.locked(scope, () => this.removeUnlocked(source, scope));
	}

	private async removeUnlocked(source: PackageSource, scope: InstallScope): Promise<void> {
		if (source.type === "npm") {
			const root = npmRoot(this.options, scope);
			if (!existsSync(join(root, "node_modules", source.name))) return;
			try {
				await this.options.npm.run(this.options.npm.uninstallArgs(source.name, root), this.runOptions(root));
			} catch {
				// npm could not rewrite its tree (offline, broken lock file): drop the package by hand,
				// so a removal never depends on the network.
				dropDependency(join(root, "package.json"), source.name);
			}
			// npm leaves the folder when the package was not in package.json (installed by hand).
			rmSync(npmPackagePath(this.options, source, scope), { recursive: true, force: true });
			return;
		}
		if (source.type === "git") {
			const target = gitPackagePath(this.options, source, scope);
			rmSync(target, { recursive: true, force: true });
			pruneEmptyParents(target, gitRoot(this.options, scope));
		}
	}
}
