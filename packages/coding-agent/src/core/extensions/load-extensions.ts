import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { SettingsManager } from "../config/settings-manager.js";
import { createExtensionAPI, createExtensionEventBus } from "./create-extension-api.js";
import {
	canonicalExtensionPath,
	type DiscoverExtensionsOptions,
	discoverGlobalExtensions,
	discoverProjectExtensions,
} from "./discover-extensions.js";
import type { ExtensionFactory, InlineExtension } from "./extension-api.js";
import { createExtensionRecord } from "./extension-record.js";
import { ExtensionRunner } from "./extension-runner.js";
import { bundledHostPackagesWarning, findBundledHostPackages } from "./host-modules.js";
import { formatLoadError, importExtensionModule } from "./import-extension.js";

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
	extensions: { path: string }[];
	errors: { path: string; error: string }[];
	projectTrusted: boolean;
}

function inlineName(entry: ExtensionFactory | InlineExtension, index: number): string {
	if (typeof entry !== "function") return entry.name;
	return entry.name ? `<inline:${entry.name}>` : `<inline:${index}>`;
}

/**
 * Discovers and loads extensions in the order of extensions.md §1.1: global folder, global
 * settings, inline factories, `-e` paths; then (trusted projects only) the project folder and
 * project settings. A file that fails (syntax, missing import, no default export, throwing
 * factory) is skipped and reported with its path and line; the others still load.
 */
export async function loadExtensions(options: LoadExtensionsOptions): Promise<LoadedExtensions> {
	const runner = new ExtensionRunner({ flagValues: options.flagValues, settings: options.settings });
	const bus = createExtensionEventBus();
	const extensions: { path: string }[] = [];
	const seen = new Set<string>();
	const warnedDirs = new Set<string>();

	const runFactory = async (path: string, factory: ExtensionFactory): Promise<void> => {
		const record = createExtensionRecord(path);
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
		for (const path of paths) {
			const key = canonicalExtensionPath(path);
			if (seen.has(key)) continue;
			seen.add(key);
			if (!existsSync(path)) {
				runner.addLoadError({ path, error: `Extension not found: ${path}` });
				continue;
			}
			warnAboutBundledHostPackages(runner, path, warnedDirs);
			const imported = await importExtensionModule(path);
			if ("error" in imported) {
				runner.addLoadError({ path, error: imported.error });
				continue;
			}
			await runFactory(path, imported.factory);
		}
	};

	const [globalPaths, cliPaths] = splitCli(options);
	await loadFiles(globalPaths);
	let index = 0;
	for (const entry of options.extensionFactories ?? []) {
		await runFactory(inlineName(entry, index++), typeof entry === "function" ? entry : entry.factory);
	}
	await loadFiles(cliPaths);
	const projectTrusted = await options.decideProjectTrust(runner);
	if (projectTrusted) await loadFiles(discoverProjectExtensions(options));
	return {
		runner,
		extensions,
		errors: runner.loadErrors.map((error) => ({ path: error.path, error: error.error })),
		projectTrusted,
	};
}

/** Says once per directory when an extension ships its own copy of a host package (it is never used). */
function warnAboutBundledHostPackages(runner: ExtensionRunner, path: string, warned: Set<string>): void {
	const dir = dirname(path);
	if (warned.has(dir)) return;
	warned.add(dir);
	const warning = bundledHostPackagesWarning(dir, findBundledHostPackages(dir));
	if (warning) runner.diagnostics.push(warning);
}

// Discovery (global folder and settings) and the `-e` paths, kept apart so inline factories go between.
function splitCli(options: LoadExtensionsOptions): [string[], string[]] {
	const discovered = discoverGlobalExtensions({ ...options, extensionPaths: [] });
	const cli = discoverGlobalExtensions({ ...options, noExtensions: true });
	return [discovered, cli];
}
