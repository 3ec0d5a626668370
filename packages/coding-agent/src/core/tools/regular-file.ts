import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";

/**
 * Reading only regular files. A FIFO, a device or a socket in a repository (or a link to
 * `/dev/stdin`, which in RPC mode is the command channel) would block a reader forever or steal
 * another reader's input, so the tools open with O_NONBLOCK — opening a FIFO then never waits for
 * a writer — and check the opened descriptor, not the path, so nothing can be swapped in between.
 */

/** The `code` of the error for a path that exists but is not a regular file. */
export const NOT_REGULAR_FILE = "ENOTREGULAR";

/** Opens `path` for reading; rejects with code {@link NOT_REGULAR_FILE} unless it is a regular file. */
export async function openRegularFile(path: string): Promise<FileHandle> {
	const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
	try {
		const info = await handle.stat();
		if (info.isFile()) return handle;
	} catch (error) {
		await handle.close();
		throw error;
	}
	await handle.close();
	const error: NodeJS.ErrnoException = new Error(`Not a regular file: ${path}`);
	error.code = NOT_REGULAR_FILE;
	error.path = path;
	throw error;
}

/** The bytes of a regular file in chunks; stopping the iteration early closes the file. */
export async function* readRegularFile(path: string, highWaterMark: number): AsyncGenerator<Uint8Array> {
	const handle = await openRegularFile(path);
	const stream = handle.createReadStream({ highWaterMark });
	try {
		for await (const chunk of stream as AsyncIterable<Uint8Array>) yield chunk;
	} finally {
		stream.destroy();
	}
}
