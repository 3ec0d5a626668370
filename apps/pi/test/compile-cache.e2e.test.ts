import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createPiTestEnv,
	type MockLlm,
	PI_CLI,
	type PiTestEnv,
	runPi,
	spawnPi,
	startMock,
	useMockProvider,
} from "./support/index.js";
import { WARM_EXTENSION } from "./support/warm-cache.js";

// The bundle's code cache (scripts/bundle-loader.mjs): written after a run, reused by the next,
// and never a reason for a run to fail. Only the bundle has one (not PI_E2E_CLI=dist/cli.js).
const bundled = PI_CLI.endsWith("pi.js");

let env: PiTestEnv;
let mock: MockLlm;
let cacheHome: string;

beforeEach(async () => {
	mock = await startMock();
	env = createPiTestEnv();
	cacheHome = join(env.root, "xdg-cache");
	env.env.XDG_CACHE_HOME = cacheHome;
	useMockProvider(env, mock);
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

function cacheFiles(): string[] {
	try {
		return readdirSync(join(cacheHome, "pi"));
	} catch {
		return [];
	}
}

/** A print run with an extension (its import() is what a bad cache broke): it must just work. */
async function printRun(extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
	mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
	const result = await runPi(env, ["-e", WARM_EXTENSION, "-p", "--no-session", "hi"], { extraEnv });
	expect(result.stderr).toBe("");
	expect(result.stdout).toBe("hello\n");
	expect(result.code).toBe(0);
	expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain('"warm_echo"');
}

const MAGIC = "pi-code-cache-2\n";

interface CacheEntry {
	name: string;
	sourceKey: string;
	checksum: string;
	data: Buffer;
}

/** The cache file's entries (the format of scripts/bundle-loader.cjs). */
function readCacheEntries(path: string): CacheEntry[] {
	const file = readFileSync(path);
	expect(file.toString("latin1", 0, MAGIC.length)).toBe(MAGIC);
	const headerLength = file.readUInt32LE(MAGIC.length);
	const start = MAGIC.length + 4;
	const header = JSON.parse(file.toString("utf8", start, start + headerLength)) as (Omit<CacheEntry, "data"> & {
		length: number;
	})[];
	let offset = start + headerLength;
	return header.map(({ name, sourceKey, checksum, length }) => {
		const data = file.subarray(offset, offset + length);
		offset += length;
		return { name, sourceKey, checksum, data };
	});
}

/** Writes entries back with checksums that match: only V8's own checks (or ours of the source) can object. */
function writeCacheEntries(path: string, entries: CacheEntry[]): void {
	const checksummed = entries.map((entry) => ({
		...entry,
		checksum: createHash("sha1").update(entry.data).digest("hex"),
	}));
	const header = Buffer.from(
		JSON.stringify(
			checksummed.map(({ name, sourceKey, checksum, data }) => ({ name, sourceKey, checksum, length: data.length })),
		),
	);
	const length = Buffer.alloc(4);
	length.writeUInt32LE(header.length);
	writeFileSync(
		path,
		Buffer.concat([Buffer.from(MAGIC, "latin1"), length, header, ...checksummed.map((entry) => entry.data)]),
	);
}

function onlyCacheFile(): string {
	const files = cacheFiles().filter((name) => name.endsWith(".bin"));
	expect(files).toHaveLength(1);
	return join(cacheHome, "pi", files[0]!);
}

/** Runs again and checks the cache was rebuilt into one the run after leaves untouched. */
async function expectRebuiltAndReused(path: string, bad: Buffer): Promise<void> {
	await printRun();
	const rebuilt = readFileSync(path);
	expect(rebuilt.equals(bad)).toBe(false);
	await printRun();
	expect(readFileSync(path).equals(rebuilt)).toBe(true);
}

describe.skipIf(!bundled)("the compile cache", () => {
	it("is written by a first run and used, unchanged, by the next", async () => {
		await printRun();
		const files = cacheFiles();
		expect(files).toEqual([expect.stringMatching(/^code-cache-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/)]);
		const path = join(cacheHome, "pi", files[0]!);
		const written = readFileSync(path);
		const writtenAt = statSync(path).mtimeMs;
		await printRun();
		// A rejected or unusable cache would have been rewritten.
		expect(statSync(path).mtimeMs).toBe(writtenAt);
		expect(readFileSync(path).equals(written)).toBe(true);
	});

	it("is replaced when it is damaged, and the run works", async () => {
		await printRun();
		const path = join(cacheHome, "pi", cacheFiles()[0]!);
		const damaged = readFileSync(path);
		// Flip bytes in the compiled code, past the header: only the checksum can tell.
		for (let offset = damaged.length - 4096; offset < damaged.length; offset += 64) damaged[offset]! ^= 0xff;
		writeFileSync(path, damaged);
		await printRun();
		expect(readFileSync(path).equals(damaged)).toBe(false);
		writeFileSync(path, "not a cache");
		await printRun();
		expect(readFileSync(path, "latin1").startsWith("pi-code-cache-2\n")).toBe(true);
	});

	it("is skipped silently when its directory cannot be created", async () => {
		writeFileSync(cacheHome, "a file where the cache directory would go");
		await printRun();
		expect(readFileSync(cacheHome, "utf8")).toBe("a file where the cache directory would go");
	});

	it("is written 2 s into a long run, so a run ended by SIGTERM leaves one", async () => {
		const directory = join(cacheHome, "pi");
		mkdirSync(directory, { recursive: true }); // to watch it
		const written = new Promise<string>((resolve) => {
			const check = () => {
				const file = readdirSync(directory).find((name) => name.endsWith(".bin"));
				if (file === undefined) return;
				watcher.close();
				resolve(file);
			};
			const watcher = watch(directory, check);
			check();
		});
		const pi = spawnPi(env, ["--mode", "rpc", "--no-session"], { keepStdinOpen: true });
		pi.child.stdin.write(`${JSON.stringify({ id: "s", type: "get_state" })}\n`);
		await pi.waitForStdout((stdout) => stdout.includes('"id":"s"'));
		const file = join(directory, await written);
		pi.child.kill("SIGTERM");
		expect((await pi.exited).code).toBe(143);
		const cache = readFileSync(file);
		expect(cache.toString("latin1", 0, 16)).toBe("pi-code-cache-2\n");
		// Everything that run compiled is in it: the next one leaves it as it is.
		const next = spawnPi(env, ["--mode", "rpc", "--no-session"], { keepStdinOpen: true });
		next.child.stdin.end(`${JSON.stringify({ id: "s", type: "get_state" })}\n`);
		expect((await next.exited).code).toBe(0);
		expect(readFileSync(file).equals(cache)).toBe(true);
	});

	it("made by another V8 (Node) under this file's name: V8 rejects it, the run compiles and rewrites it", async () => {
		await printRun();
		const path = onlyCacheFile();
		const entries = readCacheEntries(path);
		// V8's code cache starts with its magic number and version hash: another V8 wrote other ones.
		for (const entry of entries) {
			entry.data = Buffer.from(entry.data);
			entry.data.writeUInt32LE(entry.data.readUInt32LE(4) ^ 0x5a5a5a5a, 4);
		}
		writeCacheEntries(path, entries);
		await expectRebuiltAndReused(path, readFileSync(path));
	});

	it("truncated (a crash or a full disk mid-copy) is rebuilt", async () => {
		await printRun();
		const path = onlyCacheFile();
		for (const keep of [0.5, 0.001]) {
			const whole = readFileSync(path);
			const truncated = whole.subarray(0, Math.floor(whole.length * keep));
			writeFileSync(path, truncated);
			await expectRebuiltAndReused(path, truncated);
		}
	});

	it("of an older format or for changed module files is rebuilt", async () => {
		await printRun();
		const path = onlyCacheFile();
		const current = readFileSync(path);
		const olderFormat = Buffer.concat([Buffer.from("pi-code-cache-1\n", "latin1"), current.subarray(MAGIC.length)]);
		writeFileSync(path, olderFormat);
		await expectRebuiltAndReused(path, olderFormat);
		// The bundle's files changed in place since the cache was made (another install, same build id).
		const entries = readCacheEntries(path).map((entry) => ({ ...entry, sourceKey: `1${entry.sourceKey}` }));
		writeCacheEntries(path, entries);
		await expectRebuiltAndReused(path, readFileSync(path));
	}, 60_000); // five pi runs in a row

	it("of other builds and Node versions is ignored; the ones unused for 30 days are removed", async () => {
		const directory = join(cacheHome, "pi");
		mkdirSync(directory, { recursive: true });
		const otherBuild = join(directory, "code-cache-0123456789abcdef-v20.20.2-x64.bin");
		const otherNode = join(directory, `code-cache-0123456789abcdef-v99.0.0-${process.arch}.bin`);
		const recentOther = join(directory, "code-cache-fedcba9876543210-v20.1.0-x64.bin");
		for (const path of [otherBuild, otherNode, recentOther])
			writeFileSync(path, `${MAGIC}garbage that must never be read`);
		const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
		utimesSync(otherBuild, old, old);
		utimesSync(otherNode, old, old);
		await printRun();
		const left = cacheFiles();
		expect(left).not.toContain("code-cache-0123456789abcdef-v20.20.2-x64.bin");
		expect(left).not.toContain(`code-cache-0123456789abcdef-v99.0.0-${process.arch}.bin`);
		expect(left).toContain("code-cache-fedcba9876543210-v20.1.0-x64.bin");
		expect(left.filter((name) => name.endsWith(".bin"))).toHaveLength(2);
	});

	it("written by several pi processes at once ends as one whole cache the next run uses unchanged", async () => {
		const runs = 4;
		for (let run = 0; run < runs; run++) mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
		const results = await Promise.all(
			Array.from({ length: runs }, () => runPi(env, ["-e", WARM_EXTENSION, "-p", "--no-session", "hi"])),
		);
		for (const result of results) {
			expect(result.stderr).toBe("");
			expect(result.stdout).toBe("hello\n");
			expect(result.code).toBe(0);
		}
		expect(cacheFiles().filter((name) => name.endsWith(".tmp"))).toEqual([]);
		const path = onlyCacheFile();
		const written = readFileSync(path);
		readCacheEntries(path); // whole: a valid header and every entry
		await printRun();
		expect(readFileSync(path).equals(written)).toBe(true);
	});

	it.skipIf(process.getuid?.() !== 0)(
		"on a full disk is skipped, leaving no partial file, and the run works",
		async () => {
			const directory = join(cacheHome, "pi");
			mkdirSync(directory, { recursive: true });
			try {
				execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", directory], { stdio: "ignore" });
			} catch {
				console.warn("full-disk cache test skipped: cannot mount a tmpfs here");
				return;
			}
			try {
				await printRun();
				expect(cacheFiles()).toEqual([]);
				await printRun();
			} finally {
				execFileSync("umount", [directory]);
			}
		},
	);

	it("is neither read nor written with PI_NO_COMPILE_CACHE=1", async () => {
		await printRun({ PI_NO_COMPILE_CACHE: "1" });
		expect(cacheFiles()).toEqual([]);
	});
});
