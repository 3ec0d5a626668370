import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import type { SettingsManager } from "../config/settings-manager.js";
import { isLocalSource } from "../packages/local-source.js";
import type { ResolvedPackage } from "../packages/package-resolver.js";
import type { SessionPackages } from "../packages/session-packages.js";
import { createExtensionAPI, createExtensionEventBus } from "./create-extension-api.js";
import {
	canonicalExtensionPath,
	type DiscoverExtensionsOptions,
	discoverGlobalExtensions,
	discoverProjectExtensions,
} from "./discover-extensions.js";
import type { ExtensionFactory, InlineExtension } from "./extension-api.js";
import { findExtensionConflicts, findReplacedBuiltins } from "./extension-conflicts.js";
import { createExtensionRecord } from "./extension-record.js";
import { ExtensionRunner } from "./extension-runner.js";
import { formatLoadError } from "./load-error.js";

/**
 * Options of `loadExtensions` (extensions.md §1). The CLI passes `extensionPaths` (`-e`),
 * `noExtensions`, `flagValues` (unknown CLI flags) and `extensionFactories` (built-ins).
 */
export interface LoadExtensionsOptions extends DiscoverExtensionsOptions {
	settings?: SettingsManager;
	/** Inline extensions, loaded before the `-e` paths in every runtime (apps/pi's built-ins). */
	extensionFactories?: readonly (ExtensionFactory | InlineExtension)[];
	/** Unknown CLI flags by name without dashes; matched against `registerFlag`. */
	flagValues?: Readonly<Record<string, boolean | string>>;
	/**
	 * Decides project trust once global and CLI extensions are loaded (so their `project_trust`
	 * handlers can answer). Project extensions load only when it resolves true.
	 */
	decideProjectTrust: (runner: ExtensionRunner) => boolean | Promise<boolean>;
}

/** What loading produced: the runner plus the summary the SDK reports as `extensionsResult`. */
export interface LoadedExtensions {
	runner: ExtensionRunner;
	/** The packages of this session (settings and `-e` sources), when any were declared. */
	packages?: SessionPackages;
	extensions: { path: string }[];
	errors: { path: string; error: string }[];
	/** Tools and flags two extensions register (1.4 refuses to start on these). */
	conflicts: { path: string; error: string }[];
	projectTrusted: boolean;
}

/** `builtin:<name>`: a built-in extension of the binary, named in `-e` or the `extensions` setting. */
export function isBuiltinExtensionRef(path: string): boolean {
	return path.startsWith("builtin:");
}

/**
 * Built-ins the `extensions` setting turns off with `-builtin:<name>`; a project entry
 * (`+builtin:<name>` or `-builtin:<name>`) overrides the user's.
 */
function disabledBuiltins(settings: SettingsManager | undefined): Set<string> {
	const disabled = new Set<string>();
	if (!settings) return disabled;
	const scopes = [settings.getGlobalSettings().extensions ?? []];
	if (settings.isProjectTrusted()) scopes.push(settings.getProjectSettings().extensions ?? []);
	for (const list of scopes) {
		for (const entry of list) {
			const name = entry.slice(1);
			if (!isBuiltinExtensionRef(name)) continue;
			if (entry.startsWith("-")) disabled.add(name);
			else if (entry.startsWith("+")) disabled.delete(name);
		}
	}
	return disabled;
}

function inlineName(entry: ExtensionFactory | InlineExtension, index: number): string {
	if (typeof entry !== "function") return entry.name;
	return entry.name ? `<inline:${entry.name}>` : `<inline:${index}>`;
}

/**
 * Discovers and loads extensions: global folder, global settings, inline factories, `-e` paths;
 * then (trusted projects only) the project folder and project settings. Once loaded they are put
 * in pi 1.4's run order (`LoadGroup`), which decides handler order and `getCommands()` order. A file that fails (syntax, missing import, no default export, throwing
 * factory) is skipped and reported with its path and line; the others still load.
 */
export async function loadExtensions(options: LoadExtensionsOptions): Promise<LoadedExtensions> {
	const runner = new ExtensionRunner({ flagValues: options.flagValues, settings: options.settings });
	const bus = createExtensionEventBus();
	const extensions: { path: string }[] = [];
	const seen = new Set<string>();
	const warnedDirs = new Set<string>();
	// Loading follows what each phase needs (personal and `-e` extensions answer project_trust
	// before project ones load); the order handlers and commands run in is 1.4's, set at the end.
	const groups = new Map<string, LoadGroup>();
	let group: LoadGroup = LoadGroup.Personal;

	const runFactory = async (path: string, factory: ExtensionFactory): Promise<void> => {
		const record = createExtensionRecord(path);
		groups.set(path, group);
		try {
			await factory(createExtensionAPI(record, runner, bus));
		} catch (error) {
			runner.addLoadError({ path, error: formatLoadError(error, path) });
			return;
		}
		runner.addExtension(record);
		extensions.push({ path });
	};

	const loadFiles = async (paths: readonly string[]): Promise<void> => {
		if (paths.length === 0) return;
		// The file loader (jiti, the host-module map) loads only when there are files to load.
		const [{ importExtensionModule }, hostModules] = await Promise.all([
			import("./import-extension.js"),
			import("./host-modules.js"),
		]);
		for (const path of paths) {
			const key = canonicalExtensionPath(path);
			if (seen.has(key)) continue;
			seen.add(key);
			if (!existsSync(path)) {
				runner.addLoadError({ path, error: `Extension not found: ${path}` });
				continue;
			}
			warnAboutBundledHostPackages(hostModules, runner, path, warnedDirs);
			const imported = await importExtensionModule(path);
			if ("error" in imported) {
				runner.addLoadError({ path, error: imported.error });
				continue;
			}
			await runFactory(path, imported.factory);
		}
	};

	const packages = await openSessionPackages(options);
	const packageSources = (options.extensionPaths ?? []).filter(isPackageSourceValue);
	const localOptions = {
		...options,
		extensionPaths: (options.extensionPaths ?? []).filter(
			(path) => !isPackageSourceValue(path) && !isBuiltinExtensionRef(path),
		),
	};
	const packageExtensions = (list: readonly ResolvedPackage[]) =>
		options.noExtensions
			? []
			: list.flatMap((pkg) =>
					(pkg.resources?.extensions ?? []).filter((file) => file.enabled).map((file) => file.path),
				);

	const cliBuiltins = (options.extensionPaths ?? []).filter(isBuiltinExtensionRef);
	const [globalPaths, cliPaths] = splitCli(localOptions);
	await loadFiles(globalPaths);
	if (packages) await loadFiles(packageExtensions(await packages.userPhase()));
	const factories = options.extensionFactories ?? [];
	const inlineNames = factories.map(inlineName);
	for (const ref of cliBuiltins) {
		if (!inlineNames.includes(ref)) {
			const known = inlineNames.filter(isBuiltinExtensionRef);
			runner.addLoadError({
				path: ref,
				error: `Unknown built-in extension ${ref}${known.length > 0 ? ` (built-in: ${known.join(", ")})` : ""}`,
			});
		}
	}
	const disabled = disabledBuiltins(options.settings);
	for (const [index, entry] of factories.entries()) {
		const name = inlineNames[index] ?? "";
		if (isBuiltinExtensionRef(name) && !cliBuiltins.includes(name)) {
			// `--no-extensions` and `-builtin:<name>` in settings leave a built-in out; `-e builtin:<name>` loads it anyway.
			if (options.noExtensions || disabled.has(name)) continue;
		}
		group = isBuiltinExtensionRef(name) ? LoadGroup.Builtin : LoadGroup.Inline;
		await runFactory(name, typeof entry === "function" ? entry : entry.factory);
	}
	group = LoadGroup.Cli;
	await loadFiles(cliPaths);
	if (packages && packageSources.length > 0) {
		const oneRun = await packages.temporaryPhase(packageSources);
		await loadFiles(
			oneRun.flatMap((pkg) =>
				(pkg.resources?.extensions ?? []).filter((file) => file.enabled).map((file) => file.path),
			),
		);
	}
	const projectTrusted = await options.decideProjectTrust(runner);
	group = LoadGroup.Project;
	if (projectTrusted) await loadFiles(discoverProjectExtensions(localOptions));
	if (packages) await loadFiles(packageExtensions(await packages.projectPhase(projectTrusted)));
	for (const message of packages?.diagnostics() ?? []) runner.diagnostics.push(message);
	if (packages) await registerPackageMcpServers(runner, packages, projectTrusted);
	const rank = (path: string): number => groups.get(path) ?? LoadGroup.Inline;
	sortInPlace(runner.records, (record) => rank(record.path));
	sortInPlace(extensions, (entry) => rank(entry.path));
	// Before any session exists, so a left-out built-in never saw an event.
	for (const { record, warning } of findReplacedBuiltins(runner.records)) {
		runner.records.splice(runner.records.indexOf(record), 1);
		extensions.splice(
			extensions.findIndex((entry) => entry.path === record.path),
			1,
		);
		runner.diagnostics.unshift(warning);
		// Its flags stay accepted on the command line (`--no-mcp` is a plain pi option in 1.4).
		const flags = [...record.flags].filter(([name]) => !runner.records.some((other) => other.flags.has(name)));
		if (flags.length > 0) {
			const stub = createExtensionRecord(record.path);
			for (const [name, options] of flags) stub.flags.set(name, options);
			runner.records.push(stub);
		}
	}
	runner.markHandlersChanged();
	return {
		runner,
		packages,
		extensions,
		errors: runner.loadErrors.map((error) => ({ path: error.path, error: error.error })),
		conflicts: findExtensionConflicts(runner.records),
		projectTrusted,
	};
}

/**
 * Where an extension runs among the others (pi 1.4's order): `-e` extensions first, then the
 * project's, then the personal ones, then the built-ins, then other inline factories (SDK).
 */
const LoadGroup = { Cli: 0, Project: 1, Personal: 2, Builtin: 3, Inline: 4 } as const;
type LoadGroup = (typeof LoadGroup)[keyof typeof LoadGroup];

/** Stable sort of `list` by `key`, in place: the runner's handler table reads its records live. */
function sortInPlace<T>(list: T[], key: (item: T) => number): void {
	const sorted = list
		.map((item, index) => ({ item, index }))
		.sort((a, b) => key(a.item) - key(b.item) || a.index - b.index);
	list.splice(0, list.length, ...sorted.map(({ item }) => item));
}

/** Servers of the loaded packages' mcp files join the registry the MCP extension starts servers from. */
async function registerPackageMcpServers(
	runner: ExtensionRunner,
	packages: SessionPackages,
	projectTrusted: boolean,
): Promise<void> {
	const loaded = packages.all().filter((pkg) => pkg.manifest?.mcp && (pkg.scope !== "project" || projectTrusted));
	if (loaded.length === 0) return;
	const { readPackageMcpServers } = await import("../packages/package-mcp.js");
	const { servers, problems } = readPackageMcpServers(loaded);
	runner.diagnostics.push(...problems);
	for (const server of servers) {
		try {
			runner.mcpServers.register(server.name, server.config, server.source);
		} catch (error) {
			runner.diagnostics.push(`Package ${server.source}: ${(error as Error).message}`);
		}
	}
}

/** Says once per directory when an extension ships its own copy of a host package (it is never used). */
function warnAboutBundledHostPackages(
	hostModules: typeof import("./host-modules.js"),
	runner: ExtensionRunner,
	path: string,
	warned: Set<string>,
): void {
	const dir = dirname(path);
	if (warned.has(dir)) return;
	warned.add(dir);
	const warning = hostModules.bundledHostPackagesWarning(dir, hostModules.findBundledHostPackages(dir));
	if (warning) runner.diagnostics.push(warning);
}

// `-e npm:…`, `-e git:…`, `-e https://…`, or `-e <folder>` of a pi package (a `pi` manifest or
// conventional resource folders): a package for this run, whose skills and prompts load too.
function isPackageSourceValue(value: string): boolean {
	if (!isLocalSource(value)) return !isBuiltinExtensionRef(value);
	if (!isAbsolute(value) || !isDirectory(value)) return false;
	if (["extensions", "skills", "prompts", "themes"].some((name) => isDirectory(join(value, name)))) return true;
	try {
		const manifest = JSON.parse(readFileSync(join(value, "package.json"), "utf8")) as { pi?: unknown };
		return manifest.pi !== null && typeof manifest.pi === "object";
	} catch {
		// No readable package.json: a plain extension folder, loaded as before.
		return false;
	}
}

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

// Package work is imported only when settings declare packages or `-e` names one.
async function openSessionPackages(options: LoadExtensionsOptions): Promise<SessionPackages | undefined> {
	const settings = options.settings;
	const lists = { user: settings?.getGlobalSettings().packages, project: settings?.getProjectSettings().packages };
	const declared =
		(Array.isArray(lists.user) && lists.user.length > 0) || (Array.isArray(lists.project) && lists.project.length > 0);
	if (!declared && !(options.extensionPaths ?? []).some(isPackageSourceValue)) return undefined;
	const { SessionPackages } = await import("../packages/session-packages.js");
	return new SessionPackages({
		cwd: options.cwd,
		agentDir: options.agentDir,
		lists,
		npmCommand: settings?.getSettings().npmCommand,
	});
}

// Discovery (global folder and settings) and the `-e` paths, kept apart so inline factories go between.
function splitCli(options: LoadExtensionsOptions): [string[], string[]] {
	const discovered = discoverGlobalExtensions({ ...options, extensionPaths: [] });
	const cli = discoverGlobalExtensions({ ...options, noExtensions: true });
	return [discovered, cli];
}
