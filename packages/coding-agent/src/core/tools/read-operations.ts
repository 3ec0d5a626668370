import { stat } from "node:fs/promises";
import { readRegularFile } from "./regular-file.js";

/**
 * File access for the read tool (configuration.md §8, "pluggable operations"). Reading is a
 * stream so large files are never loaded whole.
 */

/** What the read tool needs to know about a path before reading it. */
export interface ReadFileInfo {
	isDirectory: boolean;
	/** False for a FIFO, device or socket, which the read tool refuses. Absent means a regular file. */
	isFile?: boolean;
	/** Size in bytes. */
	size: number;
}

/** File access used by the read tool; replace it to read from elsewhere (e.g. over SSH). */
export interface ReadOperations {
	/** Follows symlinks. Rejects with a Node-style error (`code` ENOENT, EACCES, …) when inaccessible. */
	stat(absolutePath: string): Promise<ReadFileInfo>;
	/**
	 * The file's bytes from the start, in order. Stopping the iteration early must release the file.
	 * Errors surface from the iteration.
	 */
	readStream(absolutePath: string): AsyncIterable<Uint8Array>;
}

/** Chunk size of the local implementation: 64 KiB. */
const CHUNK_BYTES = 64 * 1024;

/** The default {@link ReadOperations}: the local file system. */
export function createLocalReadOperations(): ReadOperations {
	return {
		stat: async (absolutePath) => {
			const info = await stat(absolutePath);
			return { isDirectory: info.isDirectory(), isFile: info.isFile(), size: info.size };
		},
		// Re-checked on the opened descriptor: the path may be swapped for a FIFO after the stat.
		readStream: (absolutePath) => readRegularFile(absolutePath, CHUNK_BYTES),
	};
}

/** Reads up to `maxBytes` from the start of a stream, then stops it. */
export async function readPrefix(stream: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
	const parts: Uint8Array[] = [];
	let length = 0;
	for await (const chunk of stream) {
		parts.push(chunk);
		length += chunk.length;
		if (length >= maxBytes) break;
	}
	return Buffer.concat(parts).subarray(0, maxBytes);
}
