// Name clashes between loaded extensions, settled once every extension has loaded (pi 1.4's rules):
// a built-in extension gives way to an extension that registers one of its names, and two other
// extensions registering the same tool or flag is an error the run stops on.
import type { ExtensionRecord } from "./extension-record.js";

const BUILTIN_PREFIX = "builtin:";

/** Built-in extensions (`builtin:<name>`) are replaceable: a user's MCP extension takes over `/mcp`. */
export function isReplaceableExtension(record: { path: string }): boolean {
	return record.path.startsWith(BUILTIN_PREFIX);
}

function registeredNames(record: ExtensionRecord): string[] {
	return [
		...[...record.tools.keys()].map((name) => `tool:${name}`),
		...[...record.commands.keys()].map((name) => `command:${name}`),
		...[...record.flags.keys()].map((name) => `flag:${name}`),
	];
}

/** A built-in left out because another extension registers one of its names. */
export interface ReplacedBuiltin {
	record: ExtensionRecord;
	/** Worded as 1.4's, prefixed `Extension package "builtin:<name>": ` like its other package warnings. */
	warning: string;
}

/**
 * The built-ins that share a tool, command or flag name with a non-built-in extension. Both would
 * otherwise run side by side (two MCP clients connecting the same servers), so the built-in goes.
 */
export function findReplacedBuiltins(records: readonly ExtensionRecord[]): ReplacedBuiltin[] {
	const taken = new Map<string, ExtensionRecord>();
	for (const record of records) {
		if (isReplaceableExtension(record)) continue;
		for (const name of registeredNames(record)) if (!taken.has(name)) taken.set(name, record);
	}
	const replaced: ReplacedBuiltin[] = [];
	for (const record of records) {
		if (!isReplaceableExtension(record)) continue;
		const clash = registeredNames(record).find((name) => taken.has(name));
		if (!clash) continue;
		const owner = taken.get(clash)!;
		const [kind = "", rawName = ""] = clash.split(/:(.*)/s);
		const shown = kind === "command" ? `/${rawName}` : kind === "flag" ? `--${rawName}` : rawName;
		const builtin = record.path.slice(BUILTIN_PREFIX.length);
		replaced.push({
			record,
			warning:
				`Extension package "${record.path}": Extension ${owner.path} registers ${kind} \`${shown}\`, ` +
				`so built-in extension \`${builtin}\` was not loaded. To use \`${builtin}\`, run \`pi config\` and make ` +
				"sure it is enabled under Built-in extensions, then disable or remove the existing extension. " +
				"We recommend only having one or the other loaded at a time.",
		});
	}
	return replaced;
}

/** A tool or flag a later extension registers again: `path` is the later one, as 1.4 reports it. */
export interface ExtensionConflict {
	path: string;
	error: string;
}

/** Tools and flags registered by two extensions (built-ins already left out). */
export function findExtensionConflicts(records: readonly ExtensionRecord[]): ExtensionConflict[] {
	const conflicts: ExtensionConflict[] = [];
	const toolOwners = new Map<string, string>();
	const flagOwners = new Map<string, string>();
	for (const record of records) {
		for (const name of record.tools.keys()) {
			const owner = toolOwners.get(name);
			if (owner !== undefined && owner !== record.path)
				conflicts.push({ path: record.path, error: `Tool "${name}" conflicts with ${owner}` });
			else toolOwners.set(name, record.path);
		}
		for (const name of record.flags.keys()) {
			const owner = flagOwners.get(name);
			if (owner !== undefined && owner !== record.path)
				conflicts.push({ path: record.path, error: `Flag "--${name}" conflicts with ${owner}` });
			else flagOwners.set(name, record.path);
		}
	}
	return conflicts;
}
