import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { SessionWriteError } from "../../src/core/session/session-file.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const mounted: string[] = [];
afterEach(() => {
	for (const dir of mounted.splice(0)) execFileSync("umount", [dir]);
});

/** A 256 KiB tmpfs, or undefined (with the reason) where the test cannot mount one. */
function smallDisk(): string | undefined {
	if (process.platform !== "linux" || process.getuid?.() !== 0) return undefined;
	const dir = join(tempDir(), "disk");
	mkdirSync(dir);
	try {
		execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", dir], { stdio: "ignore" });
	} catch {
		return undefined;
	}
	mounted.push(dir);
	return dir;
}

/** Fills the disk to the last byte; returns the filler so space can be freed again. */
function fill(dir: string): string {
	const filler = join(dir, "filler");
	const fd = openSync(filler, "w");
	const block = Buffer.alloc(4096, 120);
	try {
		for (;;) writeSync(fd, block);
	} catch {
		// ENOSPC: full. Top up the last partial block byte by byte.
		try {
			for (;;) writeSync(fd, block, 0, 1);
		} catch {
			// Full to the byte.
		}
	} finally {
		closeSync(fd);
	}
	return filler;
}

const canMount = smallDisk;

describe("a real full disk (tmpfs; needs root on Linux)", () => {
	it("auth.json survives, the session append fails cleanly and the next one starts its own line", (context) => {
		const disk = canMount();
		if (disk === undefined) {
			context.skip("tmpfs full-disk test skipped: needs root on Linux and permission to mount tmpfs");
			return;
		}
		const auth = new AuthStorage(join(disk, "auth.json"));
		for (let index = 0; index < 41; index++) auth.set(`provider-${index}`, { type: "api_key", key: `key-${index}` });
		const authBefore = readFileSync(join(disk, "auth.json"), "utf8");
		const session = SessionManager.create("/w", join(disk, "sessions"));
		session.appendMessage(userMessage("hi"));
		session.appendMessage(assistantMessage("hello"));
		const filler = fill(disk);

		expect(() => auth.set("provider-41", { type: "api_key", key: "k".repeat(5000) })).toThrow(/ENOSPC/);
		expect(readFileSync(join(disk, "auth.json"), "utf8")).toBe(authBefore);
		expect(readdirSync(disk).filter((name) => name.includes(".tmp-"))).toEqual([]);

		expect(() => session.appendMessage(assistantMessage("x".repeat(20_001)))).toThrow(SessionWriteError);
		expect(session.getEntries()).toHaveLength(2);

		rmSync(filler);
		const after = session.appendMessage(userMessage("space again"));
		const reloaded = SessionManager.open(session.getSessionFile()!);
		expect(reloaded.getEntries()).toHaveLength(3);
		expect(reloaded.getEntry(after)?.parentId).toBe(session.getEntries()[1]?.id);
		session.close();
		reloaded.close();
	});
});
