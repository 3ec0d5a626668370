import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withFileLock } from "../../src/core/config/file-lock.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function lockAged(path: string, ageMs: number): void {
	writeFileSync(path, "");
	const time = new Date(Date.now() - ageMs);
	utimesSync(path, time, time);
}

describe("withFileLock", () => {
	it("waits for a lock younger than 10 s instead of taking it over", () => {
		const lock = join(tempDir(), "auth.json.lock");
		lockAged(lock, 9_000);
		let ran = false;
		expect(() =>
			withFileLock(
				lock,
				() => {
					ran = true;
				},
				60,
			),
		).toThrow(/Timed out waiting for lock/);
		expect(ran).toBe(false);
		expect(existsSync(lock)).toBe(true);
	});

	it("takes over a lock older than 10 s and removes it afterwards", () => {
		const lock = join(tempDir(), "auth.json.lock");
		lockAged(lock, 11_000);
		expect(withFileLock(lock, () => "done", 60)).toBe("done");
		expect(existsSync(lock)).toBe(false);
	});
});
