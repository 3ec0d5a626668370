import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnAcp } from "./acp-support.js";
import { hasTmux, TmuxPi } from "./interactive-tmux.js";
import {
	createPiTestEnv,
	type MockLlm,
	PI_CLI,
	type PiTestEnv,
	parseJsonLines,
	runPi,
	spawnPi,
	startMock,
	useMockProvider,
} from "./support/index.js";
import { WARM_EXTENSION } from "./support/warm-cache.js";

// Each interface run twice in one HOME with an extension: the first run compiles and writes the
// compile cache, the second reads it, and must behave exactly like the first (issue: from the
// second run on, extensions failed to load with "A dynamic import callback was not specified").

const bundled = PI_CLI.endsWith("pi.js");
const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("warm-runs interactive test skipped: tmux is not installed");

let env: PiTestEnv;
let mock: MockLlm;
let cacheDirectory: string;

beforeEach(async () => {
	mock = await startMock();
	// A cache of this test's own, cold at the first run: the shared warm one would hide the write.
	env = createPiTestEnv({ XDG_CACHE_HOME: "" });
	env.env.XDG_CACHE_HOME = join(env.root, "cache");
	cacheDirectory = join(env.root, "cache", "pi");
	useMockProvider(env, mock);
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

/** The one cache file and its bytes; the second run must read it and leave it as it is. */
function cacheSnapshot(): { path: string; bytes: Buffer; mtimeMs: number } | undefined {
	if (!bundled) return undefined;
	const files = readdirSync(cacheDirectory).filter((name) => name.endsWith(".bin"));
	expect(files).toHaveLength(1);
	const path = join(cacheDirectory, files[0]!);
	return { path, bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs };
}

function expectCacheReadUnchanged(before: ReturnType<typeof cacheSnapshot>): void {
	if (!before) return;
	// A cache the run could not use (or that lacked what it compiled) would have been rewritten.
	expect(statSync(before.path).mtimeMs).toBe(before.mtimeMs);
	expect(readFileSync(before.path).equals(before.bytes)).toBe(true);
}

/** Whether the request the model received declares the extension's tool. */
function declaredWarmTool(requestIndex: number): boolean {
	return JSON.stringify(mock.requests[requestIndex]?.body).includes('"warm_echo"');
}

/** What a JSON event line says, without the ids and times that differ between runs. */
function eventShape(event: Record<string, unknown>): string {
	const message = event.message as { role?: string } | undefined;
	return [event.type, message?.role ?? ""].join(":");
}

describe("a second run in the same HOME behaves like the first", () => {
	it("print mode", async () => {
		const outputs: string[] = [];
		let cache: ReturnType<typeof cacheSnapshot>;
		for (const run of [0, 1, 2]) {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
			const result = await runPi(env, ["-e", WARM_EXTENSION, "-p", "hi"]);
			expect(result.stderr).toBe("");
			expect(result.code).toBe(0);
			expect(declaredWarmTool(run)).toBe(true);
			outputs.push(result.stdout);
			if (run === 0) cache = cacheSnapshot();
		}
		expect(outputs).toEqual(["hello\n", "hello\n", "hello\n"]);
		expectCacheReadUnchanged(cache);
	});

	it("JSON mode", async () => {
		const shapes: string[][] = [];
		let cache: ReturnType<typeof cacheSnapshot>;
		for (const run of [0, 1]) {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
			const result = await runPi(env, ["-e", WARM_EXTENSION, "--mode", "json", "hi"]);
			expect(result.stderr).toBe("");
			expect(result.code).toBe(0);
			const events = parseJsonLines(result.stdout);
			expect(events.some((event) => event.type === "extension_error")).toBe(false);
			shapes.push(events.map(eventShape));
			expect(declaredWarmTool(run)).toBe(true);
			if (run === 0) cache = cacheSnapshot();
		}
		expect(shapes[1]).toEqual(shapes[0]);
		expectCacheReadUnchanged(cache);
	});

	it("RPC mode", async () => {
		const transcripts: string[] = [];
		let cache: ReturnType<typeof cacheSnapshot>;
		for (const run of [0, 1]) {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
			const pi = spawnPi(env, ["-e", WARM_EXTENSION, "--mode", "rpc", "--no-session"], { keepStdinOpen: true });
			pi.child.stdin.write('{"id":"c","type":"get_commands"}\n');
			await pi.waitForStdout((stdout) => stdout.includes('"id":"c"'));
			pi.child.stdin.write('{"id":"p","type":"prompt","message":"hi"}\n');
			await pi.waitForStdout((stdout) => stdout.includes('"type":"agent_end"'));
			pi.child.stdin.end();
			const result = await pi.exited;
			expect(result.stderr).toBe("");
			expect(result.code).toBe(0);
			const lines = parseJsonLines(result.stdout);
			const commands = lines.find((line) => line.id === "c") as { data: { commands: { name: string }[] } };
			expect(commands.data.commands.map((command) => command.name)).toContain("warm");
			expect(lines.some((line) => line.type === "extension_error")).toBe(false);
			expect(declaredWarmTool(run)).toBe(true);
			transcripts.push(lines.map(eventShape).join("\n"));
			if (run === 0) cache = cacheSnapshot();
		}
		expect(transcripts[1]).toBe(transcripts[0]);
		expectCacheReadUnchanged(cache);
	});

	it("ACP mode", async () => {
		const commandLists: string[][] = [];
		let cache: ReturnType<typeof cacheSnapshot>;
		for (const run of [0, 1]) {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
			const acp = spawnAcp(env, { args: ["-e", WARM_EXTENSION] });
			await acp.initialize();
			const { sessionId } = await acp.newSession(env.cwd);
			const commands = (await acp.waitForUpdate((update) => update.sessionUpdate === "available_commands_update")) as {
				availableCommands: { name: string }[];
			};
			commandLists.push(commands.availableCommands.map((command) => command.name));
			const response = await acp.prompt(sessionId, "hi");
			expect(response.stopReason).toBe("end_turn");
			expect(declaredWarmTool(run)).toBe(true);
			expect(await acp.close()).toBe(0);
			expect(acp.stderr()).toBe("");
			if (run === 0) cache = cacheSnapshot();
		}
		expect(commandLists[0]).toContain("warm");
		expect(commandLists[1]).toEqual(commandLists[0]);
		expectCacheReadUnchanged(cache);
	});

	it.skipIf(!tmuxAvailable)("interactive mode (tmux)", async () => {
		useMockProvider(env, mock, "anthropic-messages");
		const screens: string[] = [];
		let cache: ReturnType<typeof cacheSnapshot>;
		for (const run of [0, 1]) {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "The warm answer." }] });
			const pi = new TmuxPi(env, ["-e", WARM_EXTENSION, "--no-session"]);
			try {
				await pi.waitFor("mock-model");
				pi.type("/war");
				await pi.waitFor("proves the extension loaded");
				pi.keys("C-u");
				pi.type("hi");
				pi.keys("Enter");
				await pi.waitFor("The warm answer.");
				const screen = pi.screen();
				expect(screen).not.toContain("Extension load failed");
				expect(screen).not.toContain("dynamic import");
				expect(declaredWarmTool(run)).toBe(true);
				screens.push(screen.includes("The warm answer.") ? "answered" : screen);
				pi.keys("C-c");
				await pi.waitFor("Press Ctrl+C again to quit");
				pi.keys("C-c");
				await pi.waitFor("PI_EXITED 0");
			} finally {
				pi.kill();
			}
			if (run === 0) cache = cacheSnapshot();
		}
		expect(screens).toEqual(["answered", "answered"]);
		expectCacheReadUnchanged(cache);
	});
});
