import { constants } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { openRegularFile } from "./regular-file.js";

/**
 * File access for the mutating tools (configuration.md §8, "pluggable operations"); replace them
 * to redirect `write` and `edit` elsewhere (e.g. over SSH). Errors are Node-style (`code` ENOENT,
 * EACCES, …) so the tools can name them.
 */

/** File access used by the write tool. */
export interface WriteOperations {
	/** Creates `absoluteDir` and its missing parents; succeeds when it exists. */
	mkdir(absoluteDir: string): Promise<void>;
	/** Creates or overwrites the file with `content` encoded as UTF-8. */
	writeFile(absolutePath: string, content: string): Promise<void>;
}

/** File access used by the edit tool. */
export interface EditOperations {
	/** The file's bytes. */
	readFile(absolutePath: string): Promise<Uint8Array>;
	/** Overwrites the file with `content` encoded as UTF-8. */
	writeFile(absolutePath: string, content: string): Promise<void>;
}

/**
 * The default {@link WriteOperations}: the local file system. Files are replaced durably (temp
 * file, fsync, rename), so a full disk or a crash never leaves a truncated file behind.
 */
export function createLocalWriteOperations(): WriteOperations {
	return {
		mkdir: async (absoluteDir) => {
			await mkdir(absoluteDir, { recursive: true });
		},
		writeFile: async (absolutePath, content) => replaceFile(absolutePath, content),
	};
}

/** The default {@link EditOperations}: the local file system. */
export function createLocalEditOperations(): EditOperations {
	return {
		readFile: async (absolutePath) => {
			const handle = await openRegularFile(absolutePath);
			try {
				return await handle.readFile();
			} finally {
				await handle.close();
			}
		},
		writeFile: async (absolutePath, content) => replaceFile(absolutePath, content),
	};
}

/**
 * A rename would replace even a read-only file (only the directory's permissions count), so an
 * existing file must be writable first: a file the user protected stays `Permission denied`.
 */
async function replaceFile(absolutePath: string, content: string): Promise<void> {
	try {
		await access(absolutePath, constants.W_OK);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
	}
	writeFileAtomic(absolutePath, content);
}
