import {
	chmodSync,
	chownSync,
	lstatSync,
	readdirSync,
	readFileSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { writeFileAtomic } from "../../src/core/fs/atomic-write.js";
import { createEditTool } from "../../src/core/tools/edit.js";
import { createWriteTool } from "../../src/core/tools/write.js";
import { useTempDirs } from "../support/temp-dir.js";
import { useFaultyFileSystem } from "./support/faulty-fs.js";

const tempDir = useTempDirs();
const faults = useFaultyFileSystem();

function storeCredentials(path: string, count: number): string {
	const auth = new AuthStorage(path);
	for (let index = 0; index < count; index++) auth.set(`provider-${index}`, { type: "api_key", key: `key-${index}` });
	return readFileSync(path, "utf8");
}

const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.includes(".tmp-"));

describe("the durable write primitive", () => {
	it("loops over short writes until every byte is stored", () => {
		const dir = tempDir();
		const path = join(dir, "f.json");
		faults({ maxBytesPerWrite: 7 });
		const content = "x".repeat(20_001);
		writeFileAtomic(path, content);
		expect(readFileSync(path, "utf8")).toBe(content);
	});

	it("fsyncs the file, renames, then fsyncs the directory", () => {
		const dir = tempDir();
		const calls = faults({});
		writeFileAtomic(join(dir, "f.json"), "{}");
		const order = calls.filter((call) => call.call === "fsyncSync" || call.call === "renameSync");
		expect(order.map((call) => call.call)).toEqual(["fsyncSync", "renameSync", "fsyncSync"]);
		expect(order[2]?.path).toBe(dir);
	});

	it.each([
		["a full disk", { freeBytes: 4096 }],
		["a failing fsync", { failFsync: true }],
		["a failing rename", { failRename: true }],
	])("leaves auth.json (41 credentials) untouched and no temp file on %s", (_name, plan) => {
		const dir = tempDir();
		const path = join(dir, "auth.json");
		const before = storeCredentials(path, 41);
		faults({ ...plan, affects: (file) => file.includes("auth.json") });
		expect(() => new AuthStorage(path).set("provider-41", { type: "api_key", key: "k".repeat(8000) })).toThrow();
		expect(readFileSync(path, "utf8")).toBe(before);
		expect(Object.keys(JSON.parse(readFileSync(path, "utf8")))).toHaveLength(41);
		expect(leftovers(dir)).toEqual([]);
	});

	it("leaves settings.json untouched on a full disk", () => {
		const dir = tempDir();
		const path = join(dir, "settings.json");
		writeFileSync(path, `${JSON.stringify({ defaultModel: "m", theme: "x".repeat(5000) })}\n`);
		const before = readFileSync(path, "utf8");
		const settings = SettingsManager.create(dir, dir);
		faults({ freeBytes: 1000, affects: (file) => file.includes(".tmp-") });
		expect(() => settings.setDefaultModelAndProvider("p", "other")).toThrow(/ENOSPC/);
		expect(readFileSync(path, "utf8")).toBe(before);
		expect(leftovers(dir)).toEqual([]);
	});

	it("writes a symlinked auth.json through the link, keeping 0600", () => {
		const dir = tempDir();
		const real = join(tempDir(), "real-auth.json");
		writeFileSync(real, "{}");
		const link = join(dir, "auth.json");
		symlinkSync(real, link);
		new AuthStorage(link).set("p", { type: "api_key", key: "k" });
		expect(lstatSync(link).isSymbolicLink()).toBe(true);
		expect(JSON.parse(readFileSync(real, "utf8"))).toEqual({ p: { type: "api_key", key: "k" } });
		expect(statSync(real).mode & 0o777).toBe(0o600);
	});

	it("keeps an existing file's mode", () => {
		const dir = tempDir();
		const path = join(dir, "run.sh");
		writeFileSync(path, "#!/bin/sh\n");
		chmodSync(path, 0o755);
		writeFileAtomic(path, "#!/bin/sh\necho hi\n");
		expect(statSync(path).mode & 0o777).toBe(0o755);
	});
});

describe("read-only files", () => {
	it.skipIf(process.getuid?.() === 0 || process.platform === "win32")(
		"write still refuses a file without write permission (a rename would replace it)",
		async () => {
			const dir = tempDir();
			const path = join(dir, "locked.txt");
			writeFileSync(path, "protected");
			chmodSync(path, 0o444);
			await expect(createWriteTool(dir).execute("c", { path: "locked.txt", content: "x" }, undefined)).rejects.toThrow(
				"Permission denied: locked.txt",
			);
			expect(readFileSync(path, "utf8")).toBe("protected");
		},
	);
});

describe("ownership", () => {
	it.skipIf(process.getuid?.() !== 0)("keeps the owner of a file pi (as root) replaces", () => {
		const path = join(tempDir(), "owned.txt");
		writeFileSync(path, "mine");
		chownSync(path, 1234, 2345);
		writeFileAtomic(path, "still mine");
		expect(statSync(path)).toMatchObject({ uid: 1234, gid: 2345 });
	});
});

describe("edit and write on a full disk", () => {
	it("edit keeps the file and says No space left on device", async () => {
		const dir = tempDir();
		const path = join(dir, "notes.txt");
		const original = `${"line\n".repeat(2000)}TARGET\n`;
		writeFileSync(path, original);
		faults({ freeBytes: 100, affects: (file) => file.includes(".tmp-") });
		await expect(
			createEditTool(dir).execute(
				"c",
				{ path: "notes.txt", edits: [{ oldText: "TARGET", newText: "DONE" }] },
				undefined,
			),
		).rejects.toThrow("No space left on device: notes.txt");
		expect(readFileSync(path, "utf8")).toBe(original);
		expect(leftovers(dir)).toEqual([]);
	});

	it("write keeps the file and says No space left on device", async () => {
		const dir = tempDir();
		const path = join(dir, "big.txt");
		writeFileSync(path, "precious");
		faults({ freeBytes: 10, affects: (file) => file.includes(".tmp-") });
		await expect(
			createWriteTool(dir).execute("c", { path: "big.txt", content: "y".repeat(50_000) }, undefined),
		).rejects.toThrow("No space left on device: big.txt");
		expect(readFileSync(path, "utf8")).toBe("precious");
		expect(leftovers(dir)).toEqual([]);
	});
});
