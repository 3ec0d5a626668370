import { afterEach } from "vitest";
import {
	type DurableFileSystem,
	nodeFileSystem,
	setDurableFileSystem,
	systemError,
} from "../../../src/core/fs/file-system.js";

/** What the simulated disk does. */
export interface FaultPlan {
	/** Bytes the disk still takes; a write beyond stores what fits (a short write), then ENOSPC. */
	freeBytes?: number;
	/** Writes to affected files after this many fail with ENOSPC (counting calls, not bytes). */
	failAfterWrites?: number;
	/** Every write stores at most this many bytes (a short write that raises nothing). */
	maxBytesPerWrite?: number;
	/** fsync of a file fails with EIO. */
	failFsync?: boolean;
	/** rename fails with EXDEV. */
	failRename?: boolean;
	/** Only files whose path passes this are affected. Default: all. */
	affects?: (path: string) => boolean;
}

/** One call made through the seam, for asserting the order of write, fsync, rename, dir fsync. */
export interface RecordedCall {
	call: keyof DurableFileSystem;
	path?: string;
}

/**
 * The real file system behind the production seam with faults injected: the code under test runs
 * unchanged, only the disk misbehaves. Installed for one test; restored after it.
 */
export function useFaultyFileSystem(): (plan: FaultPlan) => RecordedCall[] {
	let restore: (() => void) | undefined;
	afterEach(() => {
		restore?.();
		restore = undefined;
	});
	return (plan) => {
		restore?.();
		const calls: RecordedCall[] = [];
		const paths = new Map<number, string>();
		let free = plan.freeBytes ?? Number.POSITIVE_INFINITY;
		let writesLeft = plan.failAfterWrites ?? Number.POSITIVE_INFINITY;
		const affected = (path: string | undefined) => path !== undefined && (plan.affects?.(path) ?? true);
		const faulty: DurableFileSystem = {
			...nodeFileSystem,
			openSync: (path, flags, mode) => {
				const fd = nodeFileSystem.openSync(path, flags, mode);
				paths.set(fd, path);
				calls.push({ call: "openSync", path });
				return fd;
			},
			writeSync: (fd, buffer, offset, length, position) => {
				const path = paths.get(fd);
				calls.push({ call: "writeSync", path });
				if (!affected(path)) return nodeFileSystem.writeSync(fd, buffer, offset, length, position);
				if (writesLeft-- <= 0) throw systemError("ENOSPC", "no space left on device, write");
				let take = Math.min(length, plan.maxBytesPerWrite ?? length);
				if (free <= 0) throw systemError("ENOSPC", "no space left on device, write");
				take = Math.min(take, free);
				free -= take;
				return nodeFileSystem.writeSync(fd, buffer, offset, take, position);
			},
			fsyncSync: (fd) => {
				const path = paths.get(fd);
				calls.push({ call: "fsyncSync", path });
				if (plan.failFsync && affected(path)) throw systemError("EIO", "i/o error, fsync");
				nodeFileSystem.fsyncSync(fd);
			},
			closeSync: (fd) => {
				calls.push({ call: "closeSync", path: paths.get(fd) });
				paths.delete(fd);
				nodeFileSystem.closeSync(fd);
			},
			renameSync: (from, to) => {
				calls.push({ call: "renameSync", path: to });
				if (plan.failRename && affected(to)) throw systemError("EXDEV", "cross-device link not permitted, rename");
				nodeFileSystem.renameSync(from, to);
			},
		};
		restore = setDurableFileSystem(faulty);
		return calls;
	};
}
