import * as fs from "node:fs";

/**
 * The file-system calls that durable writes and session appends make, behind one seam so tests can
 * simulate a full disk, a short write or a failing fsync at any chosen call (not by mocking the
 * function under test). Production code always uses {@link nodeFileSystem}.
 */
export interface DurableFileSystem {
	openSync(path: string, flags: string | number, mode?: number): number;
	/** Returns the bytes written, which may be fewer than `length`. */
	writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position?: number | null): number;
	fsyncSync(fd: number): void;
	fchmodSync(fd: number, mode: number): void;
	closeSync(fd: number): void;
	renameSync(from: string, to: string): void;
	unlinkSync(path: string): void;
	fstatSync(fd: number): fs.Stats;
	/** Creates `to` as a hard link to `from`; fails with EEXIST when `to` exists (an atomic create). */
	linkSync(from: string, to: string): void;
}

/** The real file system. */
export const nodeFileSystem: DurableFileSystem = {
	openSync: (path, flags, mode) => fs.openSync(path, flags, mode),
	writeSync: (fd, buffer, offset, length, position) => fs.writeSync(fd, buffer, offset, length, position),
	fsyncSync: (fd) => fs.fsyncSync(fd),
	fchmodSync: (fd, mode) => fs.fchmodSync(fd, mode),
	closeSync: (fd) => fs.closeSync(fd),
	renameSync: (from, to) => fs.renameSync(from, to),
	unlinkSync: (path) => fs.unlinkSync(path),
	fstatSync: (fd) => fs.fstatSync(fd),
	linkSync: (from, to) => fs.linkSync(from, to),
};

let current: DurableFileSystem = nodeFileSystem;

/** The file system durable writes use now. */
export function durableFileSystem(): DurableFileSystem {
	return current;
}

/** Replaces the file system (tests only); returns the function that restores the previous one. */
export function setDurableFileSystem(replacement: DurableFileSystem): () => void {
	const previous = current;
	current = replacement;
	return () => {
		current = previous;
	};
}

/** A Node-style system error (`code`, `path`), as the real calls throw them. */
export function systemError(code: string, message: string, path?: string): NodeJS.ErrnoException {
	const error: NodeJS.ErrnoException = new Error(`${code}: ${message}${path ? `, '${path}'` : ""}`);
	error.code = code;
	if (path !== undefined) error.path = path;
	return error;
}

/**
 * Writes all of `bytes` at the fd's position, looping over short writes (a write near a full disk
 * can store fewer bytes than asked and raise nothing). A write that stores nothing is ENOSPC.
 */
export function writeAllSync(fileSystem: DurableFileSystem, fd: number, bytes: Uint8Array, path?: string): void {
	let offset = 0;
	while (offset < bytes.length) {
		const written = fileSystem.writeSync(fd, bytes, offset, bytes.length - offset, null);
		if (written <= 0) throw systemError("ENOSPC", "no space left on device, write", path);
		offset += written;
	}
}
