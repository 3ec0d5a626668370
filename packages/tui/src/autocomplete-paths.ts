/**
 * File path completion for Tab: lists the directory named by the word before the cursor and
 * keeps entries whose name starts with the part after its last `/`. Paths are relative to a
 * base directory unless absolute or starting with `~` (the home directory).
 */
import { type Dirent, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { AutocompleteItem } from "./autocomplete-types.js";

/** At most this many entries are offered for one directory. */
export const MAX_PATH_SUGGESTIONS = 200;

const DELIMITERS = new Set([" ", "\t", '"', "'", "=", "(", "[", "{", ",", ";", "|", "<", ">"]);

/** The path-like word that ends at the end of `textBeforeCursor` ("" after a delimiter). */
export function extractPathPrefix(textBeforeCursor: string): string {
	let start = textBeforeCursor.length;
	while (start > 0 && !DELIMITERS.has(textBeforeCursor[start - 1] ?? "")) start--;
	return textBeforeCursor.slice(start);
}

/** Resolves a typed directory part (`""`, `"src/"`, `"~/"`, `"/etc/"`) to a directory on disk. */
export function resolveTypedDirectory(directoryPart: string, basePath: string): string {
	if (directoryPart === "~" || directoryPart.startsWith("~/")) return join(homedir(), directoryPart.slice(1));
	if (directoryPart.startsWith("/")) return directoryPart;
	return join(basePath, directoryPart);
}

/** True when the directory entry is a directory or a symlink to one. */
export function isDirectoryEntry(entry: Dirent, directory: string): boolean {
	if (entry.isDirectory()) return true;
	if (!entry.isSymbolicLink()) return false;
	try {
		return statSync(join(directory, entry.name)).isDirectory();
	} catch {
		// A dangling or unreadable symlink completes like a file.
		return false;
	}
}

/** Lists a directory, or returns [] when it does not exist or cannot be read (normal while typing). */
export function readDirectory(directory: string): Dirent[] {
	try {
		return readdirSync(directory, { withFileTypes: true });
	} catch {
		return [];
	}
}

/**
 * Completions for a typed path `prefix`. Each value is the whole path as it should read after
 * completion (`src/` + `components/`); directories end with `/`. A bare `~` completes to `~/`.
 * Case-sensitive prefix matches come before case-insensitive ones; directories first, then by name.
 */
export function getPathSuggestions(prefix: string, basePath: string): AutocompleteItem[] {
	if (prefix === "~") return [{ value: "~/", label: "~/" }];
	const slash = prefix.lastIndexOf("/");
	const directoryPart = slash === -1 ? "" : prefix.slice(0, slash + 1);
	const namePart = slash === -1 ? prefix : prefix.slice(slash + 1);
	const directory = resolveTypedDirectory(directoryPart, basePath);
	const lowerName = namePart.toLowerCase();
	const matches: { item: AutocompleteItem; isDirectory: boolean; exactCase: boolean }[] = [];
	for (const entry of readDirectory(directory)) {
		if (!entry.name.toLowerCase().startsWith(lowerName)) continue;
		if (entry.name.startsWith(".") && !namePart.startsWith(".")) continue;
		const isDirectory = isDirectoryEntry(entry, directory);
		const suffix = isDirectory ? "/" : "";
		matches.push({
			item: { value: directoryPart + entry.name + suffix, label: entry.name + suffix },
			isDirectory,
			exactCase: entry.name.startsWith(namePart),
		});
	}
	matches.sort(
		(a, b) =>
			Number(b.exactCase) - Number(a.exactCase) ||
			Number(b.isDirectory) - Number(a.isDirectory) ||
			a.item.label.localeCompare(b.item.label),
	);
	return matches.slice(0, MAX_PATH_SUGGESTIONS).map((match) => match.item);
}
