import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

/** File access for the ls tool (configuration.md §8, "pluggable operations"). */

/** One directory entry. */
export interface DirectoryEntry {
	name: string;
	/** True for directories and links to directories. */
	isDirectory: boolean;
}

/** File access used by the ls tool; replace it to list elsewhere. */
export interface LsOperations {
	/** Whether the path is a directory; rejects with a Node-style error (ENOENT, …) if inaccessible. */
	isDirectory(absolutePath: string): Promise<boolean>;
	/** The entries of a directory, in any order, dotfiles included. */
	list(absoluteDir: string): Promise<DirectoryEntry[]>;
}

/** The default {@link LsOperations}: the local file system. */
export function createLocalLsOperations(): LsOperations {
	return {
		isDirectory: async (absolutePath) => (await stat(absolutePath)).isDirectory(),
		list: async (absoluteDir) => {
			const entries = await readdir(absoluteDir, { withFileTypes: true });
			return Promise.all(
				entries.map(async (entry) => {
					if (!entry.isSymbolicLink()) return { name: entry.name, isDirectory: entry.isDirectory() };
					// Links count as what they point to; dangling or looping links as plain entries.
					const isDirectory = await stat(join(absoluteDir, entry.name)).then(
						(info) => info.isDirectory(),
						() => false,
					);
					return { name: entry.name, isDirectory };
				}),
			);
		},
	};
}
