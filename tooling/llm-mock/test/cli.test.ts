import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sseJson } from "./support/sse.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const cliPath = join(packageDir, "dist", "cli.js");

beforeAll(() => {
	// Turbo builds before testing; building here too keeps `vitest run` alone correct (tsc -b is a no-op when fresh).
	const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
	execFileSync(process.execPath, [tsc, "-b", packageDir], { stdio: "inherit" });
}, 60_000);

let tempDir: string | undefined;
let child: ChildProcessWithoutNullStreams | undefined;

afterEach(() => {
	child?.kill("SIGKILL");
	child = undefined;
	if (tempDir) rmSync(tempDir, { recursive: true, force: true });
	tempDir = undefined;
});

function makeTempDir(): string {
	tempDir = mkdtempSync(join(tmpdir(), "llm-mock-cli-"));
	return tempDir;
}

function startCli(args: string[]): { process: ChildProcessWithoutNullStreams; firstLine: Promise<string> } {
	const spawned = spawn(process.execPath, [cliPath, ...args]);
	child = spawned;
	const lines = createInterface({ input: spawned.stdout });
	const firstLine = new Promise<string>((resolve, reject) => {
		lines.once("line", resolve);
		spawned.once("exit", (code) => reject(new Error(`llm-mock exited with ${code} before printing its URL`)));
	});
	return { process: spawned, firstLine };
}

function exitOf(spawned: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
	let stderr = "";
	spawned.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	return new Promise((resolve) => spawned.once("exit", (code) => resolve({ code, stderr })));
}

describe("llm-mock CLI", () => {
	it("prints the URL first, serves the script, records requests as JSON lines and exits 0 on SIGTERM", async () => {
		const dir = makeTempDir();
		const script = join(dir, "script.json");
		const record = join(dir, "requests.jsonl");
		writeFileSync(script, JSON.stringify([{ type: "reply", blocks: [{ type: "text", text: "from script" }] }]));
		const started = startCli(["--port", "0", "--script", script, "--record", record]);
		const exited = exitOf(started.process);
		const url = await started.firstLine;
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const response = await fetch(`${url}/v1/messages`, {
			method: "POST",
			headers: { "content-type": "application/json", "x-api-key": "k" },
			body: JSON.stringify({ model: "claude", stream: true }),
		});
		const events = sseJson(await response.text());
		expect(events.find((event) => event.type === "content_block_delta")?.delta).toEqual({
			type: "text_delta",
			text: "from script",
		});
		const lines = readFileSync(record, "utf8").trim().split("\n");
		expect(lines).toHaveLength(1);
		expect(JSON.parse(lines[0] ?? "")).toMatchObject({
			method: "POST",
			path: "/v1/messages",
			api: "anthropic-messages",
			body: { model: "claude", stream: true },
			headers: { "x-api-key": "k" },
		});
		started.process.kill("SIGTERM");
		expect((await exited).code).toBe(0);
	});

	it("exits 2 with a clear message on an unknown flag", async () => {
		const spawned = spawn(process.execPath, [cliPath, "--bogus"]);
		const { code, stderr } = await exitOf(spawned as ChildProcessWithoutNullStreams);
		expect(code).toBe(2);
		expect(stderr).toContain('llm-mock: unknown argument "--bogus"');
		expect(stderr).toContain("Usage: llm-mock");
	});

	it("exits 2 when the script is not an array of responses", async () => {
		const dir = makeTempDir();
		const script = join(dir, "bad.json");
		writeFileSync(script, JSON.stringify([{ type: "reply", blocks: "nope" }]));
		const spawned = spawn(process.execPath, [cliPath, "--script", script]);
		const { code, stderr } = await exitOf(spawned as ChildProcessWithoutNullStreams);
		expect(code).toBe(2);
		expect(stderr).toContain('entry 0: reply: "blocks" must be an array');
	});
});
