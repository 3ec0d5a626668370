import { execFileSync, spawn } from "node:child_process";
import { createReadStream, existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
	killTrackedProcessGroups,
	registerProcessGroup,
	trackedProcessGroups,
} from "../../src/core/tools/process-groups.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const builtOperations = join(import.meta.dirname, "..", "..", "dist", "core", "tools", "bash-operations.js");

// pi runs in its own process with a bash command that backgrounds a `sleep` holding a FIFO open for
// writing; the test holds the read end, so the FIFO's end-of-file is the moment the grandchild
// died — no polling. `action` is how pi dies once told "go" on stdin.
const piScript = (fifo: string, action: "exit" | "throw" | "signal") => `
const { createLocalBashOperations } = await import(${JSON.stringify(pathToFileURL(builtOperations).href)});
const operations = createLocalBashOperations();
operations.exec(${JSON.stringify(`sleep 60 > '${fifo}' & echo $!; wait`)}, process.cwd(), { signal: new AbortController().signal, onData: (chunk) => process.stdout.write(chunk) });
process.stdin.on("data", () => {
	if (${JSON.stringify(action)} === "exit") process.exit(3);
	if (${JSON.stringify(action)} === "throw") throw new Error("boom");
});
`;

async function backgroundSurvives(
	action: "exit" | "throw" | "signal",
	signal: NodeJS.Signals = "SIGTERM",
): Promise<boolean> {
	expect(existsSync(builtOperations), `build @pi/coding-agent first (${builtOperations})`).toBe(true);
	const fifo = join(tempDir(), "held.fifo");
	execFileSync("mkfifo", [fifo]);
	const pi = spawn(process.execPath, ["--input-type=module", "-e", piScript(fifo, action)], {
		stdio: ["pipe", "pipe", "ignore"],
	});
	const sleepPid = new Promise<number>((resolve) =>
		pi.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
	);
	const reader = createReadStream(fifo);
	const closed = new Promise<void>((resolve) => reader.once("end", resolve));
	reader.on("data", () => {});
	// The FIFO opens for reading once the backgrounded sleep has opened it for writing.
	await new Promise((resolve) => reader.once("open", resolve));
	const pid = await sleepPid;
	const exited = new Promise((resolve) => pi.once("exit", resolve));
	if (action === "signal") pi.kill(signal);
	else pi.stdin.write("go\n");
	await exited;
	// End of file on the FIFO: its only writer, the backgrounded sleep, is dead. The timer only
	// bounds the failure case.
	let timer: NodeJS.Timeout | undefined;
	const survived = await Promise.race([
		closed.then(() => false),
		new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(true), 3000);
		}),
	]);
	clearTimeout(timer);
	reader.destroy();
	if (survived) process.kill(pid, "SIGKILL");
	return survived;
}

describe("bash process groups die with pi", () => {
	it.skipIf(process.platform === "win32")("on process.exit", async () => {
		expect(await backgroundSurvives("exit")).toBe(false);
	});
	it.skipIf(process.platform === "win32")("on an uncaught exception", async () => {
		expect(await backgroundSurvives("throw")).toBe(false);
	});
	it.skipIf(process.platform === "win32").each(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
		"on %s nobody else handles",
		async (signal) => {
			expect(await backgroundSurvives("signal", signal)).toBe(false);
		},
	);

	it("killTrackedProcessGroups signals and forgets every tracked group", async () => {
		const child = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
		const pid = child.pid!;
		const release = registerProcessGroup(pid);
		expect(trackedProcessGroups()).toContain(pid);
		const died = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
		expect(killTrackedProcessGroups()).toBeGreaterThanOrEqual(1);
		expect(await died).toBe("SIGKILL");
		expect(trackedProcessGroups()).not.toContain(pid);
		release();
	});
});
