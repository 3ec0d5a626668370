import { execFileSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentToolResult } from "@pi/agent-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type BashToolDetails, type BashToolOptions, createBashTool } from "../../src/core/tools/bash.js";
import { executeBash } from "../../src/core/tools/bash-executor.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";

const created: string[] = [];
const leftoverFiles: string[] = [];
afterEach(() => {
	for (const file of leftoverFiles.splice(0)) if (existsSync(file)) unlinkSync(file);
	removeTempDirs(created);
});

function setup(options: BashToolOptions = {}) {
	const dir = makeTempDir(created);
	const tempDir = makeTempDir(created, "pi-bash-out-");
	const tool = createBashTool(dir, { tempDir, ...options });
	const updates: AgentToolResult<BashToolDetails | undefined>[] = [];
	const run = (command: string, extra: { timeout?: number; signal?: AbortSignal } = {}) =>
		tool.execute("call", { command, timeout: extra.timeout }, extra.signal, (partial) => updates.push(partial));
	return { dir, tempDir, tool, run, updates };
}

/** True while `pid` exists and is not a zombie (a killed child not yet reaped by its new parent). */
function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
	} catch {
		return true;
	}
}

/** Polls until `pid` is gone (signals are delivered asynchronously); false after `timeoutMs`. */
async function diesWithin(pid: number, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (isAlive(pid)) {
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setImmediate(resolve));
	}
	return true;
}

/** The first `length` bytes of a file, without reading the rest. */
function readHead(path: string, length: number): string {
	const fd = openSync(path, "r");
	try {
		const buffer = Buffer.alloc(length);
		return buffer.subarray(0, readSync(fd, buffer, 0, length, 0)).toString("utf8");
	} finally {
		closeSync(fd);
	}
}

/** Resolves when an update's text satisfies `predicate`. */
function waitForUpdate(
	updates: AgentToolResult<BashToolDetails | undefined>[],
	predicate: (text: string) => boolean,
): Promise<string> {
	return new Promise((resolve) => {
		const check = (): void => {
			const match = updates.map(textOf).find(predicate);
			if (match !== undefined) resolve(match);
			else setImmediate(check);
		};
		check();
	});
}

describe("bash tool: results", () => {
	it("returns combined stdout and stderr", async () => {
		const { run } = setup();
		const result = await run("echo out; echo err 1>&2; echo out2");
		// stdout and stderr are separate pipes, so their relative order is up to the scheduler.
		expect(textOf(result).split("\n").sort()).toEqual(["", "err", "out", "out2"]);
		expect(result.details).toBeUndefined();
	});

	it("runs what the spawn hook returns: command (after the prefix), cwd and env", async () => {
		const seen: string[] = [];
		const { run, dir } = setup({
			commandPrefix: "X=pre",
			spawnHook: ({ command, cwd, env }) => {
				seen.push(command, cwd);
				return { command: `${command}; echo "$X $PI_HOOKED"`, cwd, env: { ...env, PI_HOOKED: "yes" } };
			},
		});
		expect(textOf(await run("pwd"))).toBe(`${dir}\npre yes\n`);
		expect(seen).toEqual(["X=pre\npwd", dir]);
	});

	it("says (no output) for a silent command, and stdin is closed", async () => {
		const { run } = setup();
		expect(textOf(await run("true"))).toBe("(no output)");
		expect(textOf(await run("cat"))).toBe("(no output)");
	});

	it("runs in the session cwd with the configured prefix", async () => {
		const { dir, run } = setup({ commandPrefix: "export GREETING=hi" });
		expect(textOf(await run('pwd; echo "$GREETING"'))).toBe(`${dir}\nhi\n`);
	});

	it("a failing command is an error result: the output plus the exit code, and structured data for scripts", async () => {
		const { run } = setup();
		const failed = await run("echo partial; exit 3");
		expect(failed.isError).toBe(true);
		expect(textOf(failed)).toBe("partial\n\nCommand exited with code 3");
		expect(failed.structuredContent).toMatchObject({ output: "partial\n", truncated: false, exit_code: 3 });
		expect(textOf(await run("exit 7"))).toBe("Command exited with code 7");
		const ok = await run("echo fine");
		expect(ok.isError).toBeUndefined();
		expect(ok.structuredContent).toMatchObject({ output: "fine\n", truncated: false, exit_code: 0 });
	});

	it("strips ANSI escape sequences", async () => {
		const { run } = setup();
		expect(textOf(await run("printf '\\033[1;31mred\\033[0m \\033]0;title\\007plain\\n'"))).toBe("red plain\n");
	});

	it("decodes invalid UTF-8 with replacement characters", async () => {
		const { run } = setup();
		expect(textOf(await run("printf 'caf\\351\\n'"))).toBe("caf\uFFFD\n");
	});

	it("fails when the working directory does not exist", async () => {
		const dir = makeTempDir(created);
		const tool = createBashTool(join(dir, "gone"));
		expect(await errorMessageOf(tool.execute("c", { command: "echo hi" }, undefined))).toBe(
			`Working directory does not exist: ${join(dir, "gone")}`,
		);
	});

	it("streams cumulative partial results through onUpdate", async () => {
		const { dir, run, updates } = setup({ updateIntervalMs: 0 });
		// The command waits on a FIFO until the test has seen the first update: no timed sleep.
		const gate = join(dir, "gate");
		execFileSync("mkfifo", [gate]);
		const pending = run(`echo one; cat '${gate}' >/dev/null; echo two`);
		await waitForUpdate(updates, (text) => text === "one\n");
		writeFileSync(gate, "go\n");
		const result = await pending;
		expect(updates.map(textOf)).toContain("one\n");
		expect(textOf(updates.at(-1) ?? { content: [] })).toBe("one\ntwo\n");
		expect(textOf(result)).toBe("one\ntwo\n");
	});

	it("does not wait for background jobs that keep the output pipe open", async () => {
		const { run } = setup();
		const started = Date.now();
		const text = textOf(await run("sleep 30 & echo $!; echo done"));
		const backgroundPid = Number(text.split("\n")[0]);
		process.kill(backgroundPid, "SIGKILL");
		expect(text.endsWith("done\n")).toBe(true);
		expect(Date.now() - started).toBeLessThan(5000);
	});
});

describe("bash tool: timeout and abort", () => {
	it("kills a command that outlives its timeout", async () => {
		const { run, updates } = setup({ killGraceMs: 200, updateIntervalMs: 0 });
		// Fake timers stand in for the 0.3 s, so the timeout cannot fire before a slow (loaded) shell
		// has printed "begun"; the process and its signals are real.
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		try {
			const started = Date.now();
			const pending = errorMessageOf(run("echo begun; sleep 30", { timeout: 0.3 }));
			await waitForUpdate(updates, (text) => text === "begun\n");
			vi.advanceTimersByTime(300);
			expect(await pending).toBe("begun\n\nCommand timed out after 0.3 seconds");
			expect(Date.now() - started).toBeLessThan(5000);
		} finally {
			vi.useRealTimers();
		}
	});

	it("kills the whole process group on abort", async () => {
		const { run, updates } = setup({ updateIntervalMs: 0 });
		const controller = new AbortController();
		const pending = run("sleep 30 & echo child $!; wait", { signal: controller.signal });
		const line = await waitForUpdate(updates, (text) => text.includes("child "));
		const childPid = Number(/child (\d+)/.exec(line)?.[1]);
		controller.abort();
		expect(await errorMessageOf(pending)).toBe(`child ${childPid}\n\nCommand aborted`);
		expect(await diesWithin(childPid, 1000)).toBe(true);
	});

	it("SIGKILLs a command that ignores SIGTERM once the grace period is over", async () => {
		const { run, updates } = setup({ updateIntervalMs: 0, killGraceMs: 300 });
		const controller = new AbortController();
		const pending = run("trap '' TERM; echo shell $$; sleep 30; echo survived", { signal: controller.signal });
		const line = await waitForUpdate(updates, (text) => text.includes("shell "));
		const shellPid = Number(/shell (\d+)/.exec(line)?.[1]);
		const abortedAt = Date.now();
		controller.abort();
		const message = await errorMessageOf(pending);
		const elapsed = Date.now() - abortedAt;
		expect(message).toBe(`shell ${shellPid}\n\nCommand aborted`);
		expect(elapsed).toBeGreaterThanOrEqual(290);
		expect(elapsed).toBeLessThan(3000);
		expect(await diesWithin(shellPid, 1000)).toBe(true);
	});

	it("waits the default 2 s grace before SIGKILL", async () => {
		const { run, updates } = setup({ updateIntervalMs: 0 });
		const controller = new AbortController();
		const pending = run("trap '' TERM; echo shell $$; sleep 30", { signal: controller.signal });
		const line = await waitForUpdate(updates, (text) => text.includes("shell "));
		const shellPid = Number(/shell (\d+)/.exec(line)?.[1]);
		// Fake timers stand in for the 2 s wait; the process and its signals are real.
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		const kill = vi.spyOn(process, "kill");
		const sigkills = () => kill.mock.calls.filter(([, signal]) => signal === "SIGKILL");
		try {
			controller.abort();
			expect(kill).toHaveBeenCalledWith(-shellPid, "SIGTERM");
			vi.advanceTimersByTime(1999);
			expect(sigkills()).toEqual([]);
			expect(isAlive(shellPid)).toBe(true);
			vi.advanceTimersByTime(1);
			expect(sigkills()).toEqual([[-shellPid, "SIGKILL"]]);
			expect(await errorMessageOf(pending)).toBe(`shell ${shellPid}\n\nCommand aborted`);
		} finally {
			kill.mockRestore();
			vi.useRealTimers();
		}
	});

	it("rejects with Operation aborted when aborted before starting", async () => {
		const { run } = setup();
		const controller = new AbortController();
		controller.abort();
		expect(await errorMessageOf(run("echo never", { signal: controller.signal }))).toBe("Operation aborted");
	});
});

describe("bash tool: huge output", () => {
	it("streams 50 MB of output in bounded memory, keeping the tail and saving the full output", async () => {
		const { run, updates } = setup();
		const line = `${"0123456789".repeat(9)}abcdefghi`; // 99 chars + newline = 100 bytes
		const heapSamples: number[] = [];
		const heapBefore = process.memoryUsage().heapUsed;
		const pending = run(`yes '${line}' | head -c 52428800`);
		const sampler = setInterval(() => heapSamples.push(process.memoryUsage().heapUsed - heapBefore), 20);
		const result = await pending.finally(() => clearInterval(sampler));
		const path = result.details?.fullOutputPath ?? "";
		leftoverFiles.push(path);
		expect(path).toMatch(/pi-bash-[0-9a-f]+\.log$/);
		expect(statSync(path).size).toBe(52428800);
		const text = textOf(result);
		expect(text.endsWith(`${line}\n\n[Showing lines 523777-524288 of 524288 (50KB limit). Full output: ${path}]`)).toBe(
			true,
		);
		expect(result.details?.truncation).toMatchObject({
			truncated: true,
			truncatedBy: "bytes",
			totalLines: 524288,
			totalBytes: 52428800,
			outputLines: 512,
		});
		expect(updates.length).toBeGreaterThan(0);
		expect(Math.max(0, ...heapSamples)).toBeLessThan(40 * 1024 * 1024);
		expect(readHead(path, 100)).toBe(`${line}\n`);
	});

	it("reports the full-output path in the error text when a long-running command fails", async () => {
		const { run } = setup();
		const result = await run("seq 1 3000; exit 2");
		expect(result.isError).toBe(true);
		// Scripts get the whole output (under 1 MiB), not the 2000-line tail the model sees.
		expect((result.structuredContent as { output: string }).output.split("\n")[0]).toBe("1");
		const message = textOf(result);
		const path = /Full output: (\S+)\]/.exec(message)?.[1] ?? "";
		leftoverFiles.push(path);
		expect(message).toContain("3000\n\n[Showing lines 1001-3000 of 3000. Full output: ");
		expect(message.endsWith("]\n\nCommand exited with code 2")).toBe(true);
		expect(readFileSync(path, "utf8").split("\n")[0]).toBe("1");
	});
});

describe("executeBash (user bash engine)", () => {
	it("returns the RPC BashResult fields and streams sanitised deltas", async () => {
		const dir = makeTempDir(created);
		const deltas: string[] = [];
		const result = await executeBash("printf '\\033[32mgreen\\033[0m\\n'; exit 4", {
			cwd: dir,
			onChunk: (delta) => deltas.push(delta),
		});
		expect(result).toMatchObject({
			output: "green\n",
			exitCode: 4,
			cancelled: false,
			timedOut: false,
			truncated: false,
		});
		expect(result.fullOutputPath).toBeUndefined();
		expect(deltas.join("")).toBe("green\n");
	});

	it("marks a cancelled command and leaves exitCode undefined", async () => {
		const dir = makeTempDir(created);
		const controller = new AbortController();
		const pending = executeBash("echo go; sleep 30", {
			cwd: dir,
			signal: controller.signal,
			onChunk: () => controller.abort(),
		});
		const result = await pending;
		expect(result).toMatchObject({ output: "go\n", exitCode: undefined, cancelled: true, timedOut: false });
	});
});
