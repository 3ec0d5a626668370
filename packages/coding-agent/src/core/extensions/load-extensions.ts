import { existsSync } from "node:fs";
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
 * Discovers and loads extensions in the order of extensions.md §1.1: global folder, global
 * settings, inline factories, `-e` paths; then (trusted projects only) the project folder and
 * project settings. A file that fails (syntax, missing import, no default export, throwing
 * factory) is skipped and reported with its path and line; the others still load.
 */
export async function loadExtensions(options: LoadExtensionsOptions): Promise<LoadedExtensions> {
	const runner = new ExtensionRunner({ flagValues: options.flagValues });
	const bus = createExtensionEventBus();
	const extensions: { path: string }[] = [];
	const seen = new Set<string>();

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
			const imported = await importExtensionModule(path);
			if ("error" in imported) {
				runner.addLoadError({ path, error: imported.error });
				continue;
			}
			await runFactory(path, imported.factory);
		}
	};

	const cliBuiltins = (options.extensionPaths ?? []).filter(isBuiltinExtensionRef);
	const [globalPaths, cliPaths] = splitCli({
		...options,
		extensionPaths: (options.extensionPaths ?? []).filter((path) => !isBuiltinExtensionRef(path)),
	});
	await loadFiles(globalPaths);
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
		await runFactory(name, typeof entry === "function" ? entry : entry.factory);
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

// Discovery (global folder and settings) and the `-e` paths, kept apart so inline factories go between.
function splitCli(options: LoadExtensionsOptions): [string[], string[]] {
	const discovered = discoverGlobalExtensions({ ...options, extensionPaths: [] });
	const cli = discoverGlobalExtensions({ ...options, noExtensions: true });
	return [discovered, cli];
}
