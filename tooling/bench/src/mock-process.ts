import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** An `@pi/llm-mock` server running in a child process (its CLI), with its recorded requests. */
export interface MockProcess {
	url: string;
	/** The API of every request the mock received, in order. */
	recordedApis(): string[];
	close(): Promise<void>;
}

const cliPath = join(dirname(fileURLToPath(import.meta.resolve("@pi/llm-mock"))), "cli.js");

/** Starts the mock CLI with `script` queued and resolves once it printed its URL. */
export async function startMockProcess(script: unknown[]): Promise<MockProcess> {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-mock-"));
	const scriptFile = join(dir, "script.json");
	const recordFile = join(dir, "requests.jsonl");
	writeFileSync(scriptFile, JSON.stringify(script));
	const child = spawn(process.execPath, [cliPath, "--port", "0", "--script", scriptFile, "--record", recordFile], {
		stdio: ["ignore", "pipe", "inherit"],
	});
	const url = await firstLine(child);
	return {
		url,
		recordedApis: () =>
			readFileSync(recordFile, "utf8")
				.split("\n")
				.filter((line) => line !== "")
				.map((line) => (JSON.parse(line) as { api: string }).api),
		close: async () => {
			const exited = new Promise((resolve) => child.once("exit", resolve));
			child.kill("SIGTERM");
			await exited;
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

function firstLine(child: ChildProcess): Promise<string> {
	return new Promise((resolve, reject) => {
		let buffered = "";
		child.stdout?.setEncoding("utf8");
		child.stdout?.on("data", (chunk: string) => {
			buffered += chunk;
			const end = buffered.indexOf("\n");
			if (end >= 0) resolve(buffered.slice(0, end).trim());
		});
		child.once("exit", (code) => reject(new Error(`llm-mock exited (${code}) before printing its URL`)));
	});
}
