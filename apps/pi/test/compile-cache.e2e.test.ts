import { mkdirSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from "node:fs";
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

async function printRun(extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
	mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
	const result = await runPi(env, ["-p", "--no-session", "hi"], { extraEnv });
	expect(result.stderr).toBe("");
	expect(result.stdout).toBe("hello\n");
	expect(result.code).toBe(0);
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

	it("is neither read nor written with PI_NO_COMPILE_CACHE=1", async () => {
		await printRun({ PI_NO_COMPILE_CACHE: "1" });
		expect(cacheFiles()).toEqual([]);
	});
});
