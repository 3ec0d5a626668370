// `pi config [-l]`: which package resources and built-in extensions load, per scope. The
// non-interactive form scripts use: `--list`, `--enable <path> [--package <source>]`,
// `--disable <path> [--package <source>]`. Changes are filter entries in the scope's settings file.

import { isatty } from "node:tty";
import { withFileLock } from "../core/config/file-lock.js";
import { readJsonObjectFile, writeJsonFileAtomic } from "../core/config/json-file.js";
import { SettingsManager } from "../core/config/settings-manager.js";
import { parsePackageEntries, updatePackagesInFile } from "../core/packages/package-entries.js";
import { displayPath } from "../core/packages/package-manifest.js";
import { settingsPathFor } from "../core/packages/package-operations.js";
import {
	type ResolvedPackage,
	readPackageLists,
	resolveConfiguredPackages,
	scopeBaseDir,
} from "../core/packages/package-resolver.js";
import { identityOfSourceString } from "../core/packages/package-source.js";
import { hasProjectTrustInputs } from "../core/resources/context-files.js";
import { resolveProjectTrust, TrustStore } from "../core/resources/project-trust.js";
import { getAgentDir } from "../core/session/session-paths.js";

const USAGE = `Usage: pi config [-l|--local] [--list] [--enable <path>|--disable <path> [--package <source>]]

Shows which resources of installed packages and which built-in extensions load, and turns
them on or off. Personal settings by default; -l writes the project's .pi/settings.json.

  --list                 print every resource with [x] (loads) or [ ] (disabled)
  --enable <path>        turn a resource on (a path as --list prints it, or builtin:<name>)
  --disable <path>       turn a resource off
  --package <source>     the package the path belongs to (needed when several have it)
`;

type Action = { type: "list" } | { type: "set"; path: string; enabled: boolean; packageSource?: string };

const TYPES = ["extensions", "skills", "prompts", "themes"] as const;

function trustedFor(cwd: string, agentDir: string, override: boolean | undefined): boolean {
	if (override !== undefined) return override;
	const settings = SettingsManager.create(cwd, agentDir);
	return (
		resolveProjectTrust({
			cwd,
			hasInputs: hasProjectTrustInputs(cwd),
			store: TrustStore.forAgentDir(agentDir),
			alwaysTrust: settings.getAlwaysTrust(),
			defaultProjectTrust: settings.getDefaultProjectTrust(),
		}).trusted === true
	);
}

/** Runs `pi config`; resolves with the exit status. */
export async function runConfigCommand(argv: readonly string[], builtins: readonly string[]): Promise<number> {
	let local = false;
	let approve: boolean | undefined;
	let action: Action = { type: "list" };
	let packageSource: string | undefined;
	let explicitList = false;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg === "-h" || arg === "--help") {
			process.stdout.write(USAGE);
			return 0;
		}
		if (arg === "-l" || arg === "--local") local = true;
		else if (arg === "-a" || arg === "--approve") approve = true;
		else if (arg === "-na" || arg === "--no-approve") approve = false;
		else if (arg === "--list") {
			action = { type: "list" };
			explicitList = true;
		} else if ((arg === "--enable" || arg === "--disable") && argv[i + 1] !== undefined)
			action = { type: "set", path: argv[++i]!, enabled: arg === "--enable" };
		else if (arg === "--package" && argv[i + 1] !== undefined) packageSource = argv[++i];
		else {
			// Worded as 1.4's mistakes: no "Error:" prefix, the hint on its own line.
			const kind = arg.startsWith("-") ? "option" : "argument";
			process.stderr.write(
				kind === "option"
					? `Unknown option ${arg} for "config".\nUse "pi --help" or "${USAGE.split("\n")[0]!.replace(/^Usage: /, "")}".\n`
					: `Unexpected argument ${arg}.\n${USAGE.split("\n")[0]}\n`,
			);
			return 1;
		}
	}
	const cwd = process.cwd();
	const agentDir = getAgentDir();
	const trusted = trustedFor(cwd, agentDir, approve);
	if (local && !trusted) {
		process.stderr.write("Project is not trusted. Use --approve to modify local resource config.\n");
		return 1;
	}
	const scope = local ? "project" : "user";
	const locations = { cwd, agentDir };
	const lists = readPackageLists(locations);
	const packages = resolveConfiguredPackages(locations, lists, trusted);
	if (action.type === "list" && explicitList === false && isatty(0) && process.stdout.isTTY === true) {
		const { runConfigTui } = await import("./config-tui.js");
		return runConfigTui({ locations, builtins, trusted, startScope: scope });
	}
	if (action.type === "list") return printList(packages, builtins, agentDir);
	return setEnabled({ ...action, packageSource }, packages, scope, locations);
}

function printList(packages: readonly ResolvedPackage[], builtins: readonly string[], agentDir: string): number {
	const extensionsSetting = readJsonObjectFile<{ extensions?: unknown }>(`${agentDir}/settings.json`, {}).value
		.extensions;
	const overrides = Array.isArray(extensionsSetting) ? (extensionsSetting as string[]) : [];
	if (builtins.length > 0) {
		process.stdout.write("Built-in extensions:\n");
		for (const name of builtins) {
			const off = overrides.includes(`-builtin:${name}`) || overrides.includes(`!builtin:${name}`);
			process.stdout.write(`  [${off ? " " : "x"}] builtin:${name}\n`);
		}
	}
	for (const pkg of packages) {
		process.stdout.write(
			`${pkg.source} (${pkg.scope === "project" ? "project" : "user"})${pkg.problem ? ` — ${pkg.problem}` : ""}\n`,
		);
		for (const type of TYPES) {
			for (const file of pkg.resources?.[type] ?? []) {
				process.stdout.write(`  [${file.enabled ? "x" : " "}] ${displayPath(pkg.root ?? "", file.path)}\n`);
			}
		}
	}
	if (packages.length === 0 && builtins.length === 0) process.stdout.write("No configurable resources.\n");
	return 0;
}

/** One toggle of `pi config`: a resource path (as `--list` prints it) or `builtin:<name>`. */
export interface ConfigToggle {
	path: string;
	enabled: boolean;
	packageSource?: string;
	/** Picks the package by identity (the TUI knows it). */
	packageIdentity?: string;
}

function setEnabled(
	action: ConfigToggle,
	packages: readonly ResolvedPackage[],
	scope: "user" | "project",
	locations: { cwd: string; agentDir: string },
): number {
	const outcome = applyConfigToggle(action, packages, scope, locations);
	if ("error" in outcome) {
		process.stderr.write(`Error: ${outcome.error}\n`);
		return 1;
	}
	process.stdout.write(`${outcome.message}\n`);
	return 0;
}

/** Writes one toggle into the scope's settings file (atomically, under its lock). */
export function applyConfigToggle(
	action: ConfigToggle,
	packages: readonly ResolvedPackage[],
	scope: "user" | "project",
	locations: { cwd: string; agentDir: string },
): { message: string } | { error: string } {
	const settingsPath = settingsPathFor(locations, scope);
	if (action.path.startsWith("builtin:")) {
		withFileLock(`${settingsPath}.lock`, () => {
			const current = readJsonObjectFile<Record<string, unknown>>(settingsPath, {}).value;
			const list = (Array.isArray(current.extensions) ? (current.extensions as unknown[]) : []).filter(
				(entry) => entry !== `+${action.path}` && entry !== `-${action.path}` && entry !== `!${action.path}`,
			);
			list.push(`${action.enabled ? "+" : "-"}${action.path}`);
			writeJsonFileAtomic(settingsPath, { ...current, extensions: list });
		});
		return { message: `${action.enabled ? "Enabled" : "Disabled"} ${action.path}` };
	}
	const baseDir = scopeBaseDir(locations, scope);
	const wantedIdentity =
		action.packageIdentity ??
		(action.packageSource ? identityOfSourceString(action.packageSource, locations.cwd) : undefined);
	const candidates = packages.filter(
		(pkg) =>
			(wantedIdentity === undefined || pkg.identity === wantedIdentity) &&
			TYPES.some((type) =>
				(pkg.resources?.[type] ?? []).some((file) => displayPath(pkg.root ?? "", file.path) === action.path),
			),
	);
	if (candidates.length !== 1) {
		const what = candidates.length === 0 ? "No package resource" : "Several packages have a resource";
		const hint = candidates.length > 1 ? " and add --package <source>" : "";
		return { error: `${what} "${action.path}"; see pi config --list${hint}` };
	}
	const pkg = candidates[0]!;
	const type = TYPES.find((t) =>
		(pkg.resources?.[t] ?? []).some((file) => displayPath(pkg.root ?? "", file.path) === action.path),
	)!;
	let found = false;
	updatePackagesInFile(settingsPath, (raw) => {
		const entries = parsePackageEntries(raw);
		const index = entries.findIndex((entry) => identityOfSourceString(entry.source, baseDir) === pkg.identity);
		const base = index >= 0 ? entries[index]! : undefined;
		const object: Record<string, unknown> =
			base === undefined
				? { source: pkg.source, autoload: false }
				: typeof base.raw === "string"
					? { source: base.raw }
					: { ...(base.raw as Record<string, unknown>) };
		const original = Array.isArray(object[type]) ? (object[type] as string[]) : undefined;
		const others = (original ?? []).filter((entry) => entry !== action.path && entry.slice(1) !== action.path);
		let next: string[];
		if (action.enabled) {
			// No list: everything the package offers loads already.
			if (original === undefined) {
				found = true;
				return undefined;
			}
			next = original.length === 0 ? [action.path] : [...others, `+${action.path}`];
		} else next = [...others, `-${action.path}`];
		object[type] = next;
		found = true;
		const list = [...raw];
		const position = base ? raw.indexOf(base.raw) : -1;
		if (position >= 0) list[position] = object;
		else list.push(object);
		return list;
	});
	if (!found) return { error: `Could not update ${pkg.source}` };
	return { message: `${action.enabled ? "Enabled" : "Disabled"} ${action.path} (${pkg.source})` };
}
