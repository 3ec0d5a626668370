import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type DurableFileSystem, durableFileSystem, writeAllSync } from "./file-system.js";

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
	/** Mode of the new file. Default: the existing file's mode, else 0666 minus the umask. */
	mode?: number;
	/** Create missing parent directories with this mode. Default: create them with the umask's mode. */
	dirMode?: number;
}

/**
 * The durable write primitive: the content goes to a temp file beside the target, every byte is
 * written (short writes loop), the temp file is fsynced and renamed over the target, and the
 * directory is fsynced so the rename survives a power cut. On any failure the original is
 * untouched and the temp file is removed. A symlinked target is written through the link (the
 * link stays a link). Readers see the old or the new content, never a mix.
 */
export function writeFileAtomic(
	path: string,
	content: string | Uint8Array,
	options: AtomicWriteOptions | number = {},
): void {
	const { mode, dirMode } = typeof options === "number" ? { mode: options, dirMode: undefined } : options;
	const fileSystem = durableFileSystem();
	const target = resolveWriteTarget(path);
	const directory = dirname(target);
	mkdirSync(directory, { recursive: true, mode: dirMode });
	const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
	const fileMode = mode ?? existingMode(target);
	const temp = join(directory, `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
	let fd: number | undefined = fileSystem.openSync(temp, "wx", fileMode ?? 0o666);
	try {
		// The open mode is masked by the umask; an explicit or preserved mode must hold exactly.
		if (fileMode !== undefined) fileSystem.fchmodSync(fd, fileMode);
		writeAllSync(fileSystem, fd, bytes, target);
		fileSystem.fsyncSync(fd);
		const closing = fd;
		fd = undefined;
		fileSystem.closeSync(closing);
		fileSystem.renameSync(temp, target);
	} catch (error) {
		if (fd !== undefined) closeQuietly(fileSystem, fd);
		removeQuietly(fileSystem, temp);
		throw error;
	}
	fsyncDirectory(fileSystem, directory);
}

/** The file a write to `path` must replace: the end of its symlink chain (which may not exist yet). */
export function resolveWriteTarget(path: string): string {
	let current = resolve(path);
	for (let hops = 0; hops < 40; hops++) {
		let isLink: boolean;
		try {
			isLink = lstatSync(current).isSymbolicLink();
		} catch {
			// Missing: the write creates it (its parent may itself be a link, which rename follows).
			return current;
		}
		if (!isLink) return current;
		try {
			return realpathSync(current);
		} catch {
			// A dangling link: follow it by hand to the file it names.
			current = resolve(dirname(current), readlinkSync(current));
		}
	}
	return current;
}

function existingMode(target: string): number | undefined {
	try {
		return statSync(target).mode & 0o7777;
	} catch {
		return undefined;
	}
}

/** Makes a completed rename durable; platforms that cannot fsync a directory are skipped. */
export function fsyncDirectory(fileSystem: DurableFileSystem, directory: string): void {
	let fd: number;
	try {
		fd = fileSystem.openSync(directory, "r");
	} catch {
		return;
	}
	try {
		fileSystem.fsyncSync(fd);
	} catch {
		// EISDIR/EINVAL/EPERM on Windows and some file systems: the rename itself has happened.
	} finally {
		closeQuietly(fileSystem, fd);
	}
}

function closeQuietly(fileSystem: DurableFileSystem, fd: number): void {
	try {
		fileSystem.closeSync(fd);
	} catch {
		// Already failing; the original error is the one to report.
	}
}

function removeQuietly(fileSystem: DurableFileSystem, path: string): void {
	try {
		fileSystem.unlinkSync(path);
	} catch {
		// Never created, or already gone.
	}
}
