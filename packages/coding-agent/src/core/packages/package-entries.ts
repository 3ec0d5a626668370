// The `packages` entries of one settings file: read, matched by identity, and written back durably.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { withFileLock } from "../config/file-lock.js";
import { readJsonObjectFile, writeJsonFileAtomic } from "../config/json-file.js";
import { SettingsWriteError } from "../config/settings-manager.js";
import { identityOfSourceString } from "./package-source.js";

/** The resource types a package can contribute, in load order. */
export const PACKAGE_RESOURCE_TYPES = ["extensions", "skills", "prompts", "themes"] as const;
export type PackageResourceType = (typeof PACKAGE_RESOURCE_TYPES)[number];

/** Per-type filters of a settings entry: absent = all the package offers, `[]` = none. */
export type PackageFilters = Partial<Record<PackageResourceType, string[]>>;

/** One `packages` entry: a source string, or `{ source, extensions?, skills?, prompts?, themes?, autoload? }`. */
export interface PackageEntry {
	source: string;
	filters?: PackageFilters;
	/**
	 * `autoload: false` on a project entry: the entry is a delta over the personal entry of the same
	 * package (its filters adjust that one) instead of replacing it.
	 */
	autoload?: boolean;
	/** The entry exactly as written, kept when the file is rewritten. */
	raw: unknown;
}

/** Which settings file: personal (`<agentDir>/settings.json`) or the project's `.pi/settings.json`. */
export type PackageScope = "user" | "project";

/** Reads the entries of a `packages` value; entries that are neither form are skipped. */
export function parsePackageEntries(value: unknown): PackageEntry[] {
	if (!Array.isArray(value)) return [];
	const entries: PackageEntry[] = [];
	for (const raw of value) {
		if (typeof raw === "string") {
			if (raw.trim() !== "") entries.push({ source: raw, raw });
			continue;
		}
		if (raw === null || typeof raw !== "object" || Array.isArray(raw)) continue;
		const object = raw as Record<string, unknown>;
		if (typeof object.source !== "string" || object.source.trim() === "") continue;
		const filters: PackageFilters = {};
		let hasFilters = false;
		for (const type of ["extensions", "skills", "prompts", "themes"] as const) {
			const list = object[type];
			if (Array.isArray(list)) {
				filters[type] = list.filter((item): item is string => typeof item === "string");
				hasFilters = true;
			}
		}
		entries.push({
			source: object.source,
			filters: hasFilters ? filters : undefined,
			autoload: typeof object.autoload === "boolean" ? object.autoload : undefined,
			raw,
		});
	}
	return entries;
}

/** Index of the entry with the same identity as `source` (each resolved from `baseDir`), or -1. */
export function findEntryIndex(entries: readonly PackageEntry[], source: string, baseDir: string): number {
	const wanted = identityOfSourceString(source, baseDir);
	if (wanted === undefined) return -1;
	return entries.findIndex((entry) => identityOfSourceString(entry.source, baseDir) === wanted);
}

/**
 * Read-modify-write of one settings file's `packages` array under its lock, written atomically
 * (temp file, fsync, rename): a crash leaves the old file. `change` returns the new array, or
 * undefined to write nothing. A file that is not valid JSON is never overwritten.
 */
export function updatePackagesInFile(
	settingsPath: string,
	change: (packages: unknown[]) => unknown[] | undefined,
): boolean {
	mkdirSync(dirname(settingsPath), { recursive: true, mode: 0o700 });
	return withFileLock(`${settingsPath}.lock`, () => {
		const current = readJsonObjectFile<Record<string, unknown>>(settingsPath, {});
		if (current.status === "invalid") {
			throw new SettingsWriteError(
				`Not saving settings: ${settingsPath} is not valid JSON. Fix or remove the file, then try again.`,
			);
		}
		const list = Array.isArray(current.value.packages) ? [...(current.value.packages as unknown[])] : [];
		const next = change(list);
		if (next === undefined) return false;
		writeJsonFileAtomic(settingsPath, { ...current.value, packages: next });
		return true;
	});
}

/** Reads one settings file's `packages` entries (a missing or broken file has none). */
export function readPackageEntries(settingsPath: string): PackageEntry[] {
	const read = readJsonObjectFile<Record<string, unknown>>(settingsPath, {});
	return parsePackageEntries(read.value.packages);
}
