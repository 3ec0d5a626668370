import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { withFileLock, withFileLockAsync } from "../../src/core/config/file-lock.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { credentialStoreFor } from "../../src/core/models/model-runtime.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const builtSettings = join(import.meta.dirname, "..", "..", "dist", "core", "config", "settings-manager.js");

/** The pid of a process that has exited: a lock naming it was left by a crash. */
function deadPid(): number {
	return spawnSync(process.execPath, ["-e", ""]).pid ?? 999_999;
}

describe("stale locks", () => {
	it("takes over a fresh lock whose holder (on this machine) is dead, without waiting 10 s", () => {
		const dir = tempDir();
		const lock = join(dir, "auth.json.lock");
		writeFileSync(lock, `${deadPid()}@${hostname()}`);
		const started = Date.now();
		new AuthStorage(join(dir, "auth.json")).set("p", { type: "api_key", key: "k" });
		expect(Date.now() - started).toBeLessThan(1000);
		expect(existsSync(lock)).toBe(false);
	});

	it("takes over a lock dated in the future instead of timing out", () => {
		const lock = join(tempDir(), "auth.json.lock");
		writeFileSync(lock, "");
		const future = new Date(Date.now() + 3_600_000);
		utimesSync(lock, future, future);
		expect(withFileLock(lock, () => "done", 200)).toBe("done");
	});

	it("waits for a live holder without blocking the event loop (async)", async () => {
		const lock = join(tempDir(), "auth.json.lock");
		writeFileSync(lock, `${process.pid}@${hostname()}`);
		let ticks = 0;
		const ticker = setInterval(() => {
			ticks++;
			if (ticks === 3) rmSync(lock);
		}, 5);
		const result = await withFileLockAsync(lock, async () => ticks);
		clearInterval(ticker);
		expect(result).toBeGreaterThanOrEqual(3);
	});

	it("a credential refresh waits out an anonymous 10 s lock without freezing the event loop", async () => {
		const dir = tempDir();
		const auth = new AuthStorage(join(dir, "auth.json"));
		auth.set("p", { type: "api_key", key: "old" });
		// An empty lock (an older pi, or a crash between create and write): stale only after 10 s.
		writeFileSync(join(dir, "auth.json.lock"), "");
		vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "Date"] });
		try {
			let ticks = 0;
			const ticker = setInterval(() => ticks++, 1000);
			const refreshed = credentialStoreFor(auth).modify("p", async () => ({ type: "api_key", key: "new" }));
			await vi.advanceTimersByTimeAsync(11_000);
			expect(await refreshed).toEqual({ type: "api_key", key: "new" });
			clearInterval(ticker);
			expect(ticks).toBeGreaterThanOrEqual(10);
		} finally {
			vi.useRealTimers();
		}
	});

	it("holds the auth lock across an async modify (an OAuth refresh)", async () => {
		const dir = tempDir();
		const auth = new AuthStorage(join(dir, "auth.json"));
		const seen = await auth.modifyAsync("p", async () => {
			expect(existsSync(join(dir, "auth.json.lock"))).toBe(true);
			return { type: "api_key", key: "refreshed" };
		});
		expect(seen).toEqual({ type: "api_key", key: "refreshed" });
		expect(auth.get("p")).toEqual({ type: "api_key", key: "refreshed" });
	});
});

describe("settings read-modify-write", () => {
	it("keeps another process's change saved after start-up", () => {
		const dir = tempDir();
		const processA = SettingsManager.create(dir, dir);
		const processB = SettingsManager.create(dir, dir);
		processA.setDefaultModelAndProvider("anthropic", "claude");
		processB.setCompactionEnabled(false);
		const saved = JSON.parse(readFileSync(join(dir, "settings.json"), "utf8"));
		expect(saved).toMatchObject({
			defaultProvider: "anthropic",
			defaultModel: "claude",
			compaction: { enabled: false },
		});
		expect(processB.getDefaultModel()).toBe("claude");
	});

	it("loses no update from two real processes saving at once", async () => {
		expect(existsSync(builtSettings), `build @pi/coding-agent first (${builtSettings})`).toBe(true);
		const dir = tempDir();
		const writer = (who: string) => `
const { SettingsManager } = await import(${JSON.stringify(pathToFileURL(builtSettings).href)});
const settings = SettingsManager.create(${JSON.stringify(dir)}, ${JSON.stringify(dir)});
for (let i = 0; i < 25; i++) settings.updateGlobal({ ["${who}" + i]: i });
`;
		await Promise.all(
			["a", "b"].map(
				(who) =>
					new Promise((resolve, reject) =>
						spawn(process.execPath, ["--input-type=module", "-e", writer(who)], { stdio: "inherit" })
							.once("exit", (code) => (code === 0 ? resolve(code) : reject(new Error(`writer ${who}: ${code}`))))
							.once("error", reject),
					),
			),
		);
		const saved = JSON.parse(readFileSync(join(dir, "settings.json"), "utf8")) as Record<string, unknown>;
		for (let i = 0; i < 25; i++) {
			expect(saved[`a${i}`]).toBe(i);
			expect(saved[`b${i}`]).toBe(i);
		}
	});
});
