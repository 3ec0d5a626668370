import { randomBytes } from "node:crypto";
import { fchownSync, lstatSync, mkdirSync, readlinkSync, realpathSync, type Stats, statSync } from "node:fs";
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
	const existing = existingStats(target);
	const fileMode = mode ?? (existing === undefined ? undefined : existing.mode & 0o7777);
	const temp = join(directory, `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
	let fd: number | undefined = fileSystem.openSync(temp, "wx", fileMode ?? 0o666);
	try {
		// The open mode is masked by the umask; an explicit or preserved mode must hold exactly.
		if (fileMode !== undefined) fileSystem.fchmodSync(fd, fileMode);
		if (existing !== undefined) keepOwner(fd, existing);
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

/**
 * Creates `path` holding `content` only if it does not exist yet, without ever replacing a file:
 * the complete content is written and fsynced in a temp file, then hard-linked into place (a link
 * fails on an existing name, so of two processes creating the same file exactly one succeeds and
 * neither is left writing to a file the other replaced). Returns false, writing nothing, when the
 * file already exists. Where hard links are unsupported, falls back to an O_EXCL create.
 */
export function createFileExclusive(
	path: string,
	content: string | Uint8Array,
	options: AtomicWriteOptions = {},
): boolean {
	const fileSystem = durableFileSystem();
	const target = resolveWriteTarget(path);
	const directory = dirname(target);
	mkdirSync(directory, { recursive: true, mode: options.dirMode });
	const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
	const mode = options.mode ?? 0o666;
	const temp = join(directory, `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
	let created = false;
	let fd: number | undefined = fileSystem.openSync(temp, "wx", mode);
	try {
		if (options.mode !== undefined) fileSystem.fchmodSync(fd, options.mode);
		writeAllSync(fileSystem, fd, bytes, target);
		fileSystem.fsyncSync(fd);
		const closing = fd;
		fd = undefined;
		fileSystem.closeSync(closing);
		try {
			fileSystem.linkSync(temp, target);
			created = true;
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === "EEXIST") return false;
			if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
			created = createWithExclusiveOpen(fileSystem, target, bytes, options.mode);
			if (!created) return false;
		}
	} finally {
		if (fd !== undefined) closeQuietly(fileSystem, fd);
		removeQuietly(fileSystem, temp);
	}
	fsyncDirectory(fileSystem, directory);
	return created;
}

function createWithExclusiveOpen(
	fileSystem: DurableFileSystem,
	target: string,
	bytes: Uint8Array,
	mode: number | undefined,
): boolean {
	let fd: number;
	try {
		fd = fileSystem.openSync(target, "wx", mode ?? 0o666);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
		throw error;
	}
	try {
		if (mode !== undefined) fileSystem.fchmodSync(fd, mode);
		writeAllSync(fileSystem, fd, bytes, target);
		fileSystem.fsyncSync(fd);
	} catch (error) {
		closeQuietly(fileSystem, fd);
		// Nothing else can hold a file created this instant; a half-written one must not stay.
		removeQuietly(fileSystem, target);
		throw error;
	}
	fileSystem.closeSync(fd);
	return true;
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

function existingStats(target: string): Stats | undefined {
	try {
		return statSync(target);
	} catch {
		return undefined;
	}
}

/** The replacement keeps the original's owner where pi may set it (e.g. run as root on a user's file). */
function keepOwner(fd: number, existing: Stats): void {
	if (process.platform === "win32" || existing.uid === process.getuid?.()) return;
	try {
		fchownSync(fd, existing.uid, existing.gid);
	} catch {
		// EPERM: an ordinary user cannot give files away; the file is then theirs, as any new file.
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
