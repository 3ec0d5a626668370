import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type BenchEnv, createBenchEnv } from "./bench-env.js";
import { type BenchResult, median } from "./bench-result.js";
import { startMockProcess } from "./mock-process.js";

/** The built binary, end to end, as `bin` runs it: the bundle (build apps/pi first; `pnpm bench` does). */
const PI_CLI = fileURLToPath(new URL("../../../apps/pi/dist/bundle/pi.js", import.meta.url));
/** The same program unbundled (tsc's output), timed beside it for comparison. */
const PI_UNBUNDLED = fileURLToPath(new URL("../../../apps/pi/dist/cli.js", import.meta.url));

const STARTUP_RUNS = 11;
const PRINT_RUNS = 11;
const DELTA_COUNTS = [1_000, 50_000] as const;

/** Spawn to exit of `node <entry> ...args`, in ms, with stdout collected. */
function runPi(
	args: readonly string[],
	temp: BenchEnv,
	entry = PI_CLI,
): Promise<{ ms: number; code: number | null; stdout: string }> {
	return new Promise((resolve, reject) => {
		const start = performance.now();
		const child = spawn(process.execPath, [entry, ...args], {
			cwd: temp.cwd,
			env: temp.env,
			stdio: ["ignore", "pipe", "pipe"],
		});
		const chunks: Buffer[] = [];
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.once("error", reject);
		child.once("close", (code) => {
			const ms = performance.now() - start;
			if (code !== 0) reject(new Error(`pi ${args.join(" ")} exited ${code}: ${stderr}`));
			else resolve({ ms, code, stdout: Buffer.concat(chunks).toString("utf8") });
		});
	});
}

async function timeCommand(args: readonly string[], temp: BenchEnv, runs: number, entry = PI_CLI): Promise<number> {
	await runPi(args, temp, entry); // warm the file cache
	const times: number[] = [];
	for (let i = 0; i < runs; i++) times.push((await runPi(args, temp, entry)).ms);
	return median(times);
}

/** Five-character pieces, one per delta. */
function deltaText(count: number): string {
	return Array.from({ length: count }, (_, index) => `${(index % 1_679_616).toString(36).padStart(4, "0")} `).join("");
}

/** Bytes of JSON-mode stdout per streamed text delta (the message_update records only). */
async function jsonBytesPerDelta(count: number): Promise<number> {
	const mock = await startMockProcess([
		{ type: "reply", blocks: [{ type: "text", text: deltaText(count), deltas: count }] },
	]);
	const temp = createBenchEnv("cli", mock.url);
	try {
		const { stdout } = await runPi(["--mode", "json", "--no-session", "stream"], temp);
		let bytes = 0;
		let deltas = 0;
		for (const line of stdout.split("\n")) {
			if (!line.includes('"text_delta"')) continue;
			bytes += Buffer.byteLength(line) + 1;
			deltas++;
		}
		if (deltas !== count) throw new Error(`expected ${count} text deltas, got ${deltas}`);
		return bytes / deltas;
	} finally {
		await mock.close();
		rmSync(temp.root, { recursive: true, force: true });
	}
}

/** The `pi` command end to end: start-up of the metadata commands, a one-shot run, JSON wire size. */
export async function benchCli(): Promise<BenchResult[]> {
	const results: BenchResult[] = [];
	const bare = createBenchEnv("cli");
	try {
		results.push({
			name: "pi --version, spawn to exit (median; target < 100)",
			value: round(await timeCommand(["--version"], bare, STARTUP_RUNS)),
			unit: "ms",
		});
		results.push({
			name: "pi --help, spawn to exit (median; target < 100)",
			value: round(await timeCommand(["--help"], bare, STARTUP_RUNS)),
			unit: "ms",
		});
		const nodeTimes: number[] = [];
		for (let i = 0; i < STARTUP_RUNS; i++) {
			const start = performance.now();
			await new Promise((resolve) => spawn(process.execPath, ["-e", "0"]).once("close", resolve));
			nodeTimes.push(performance.now() - start);
		}
		results.push({ name: "node -e 0, spawn to exit (reference)", value: round(median(nodeTimes)), unit: "ms" });
	} finally {
		rmSync(bare.root, { recursive: true, force: true });
	}

	const unbundled = existsSync(PI_UNBUNDLED);
	const replies = Array.from({ length: (PRINT_RUNS + 1) * 3 }, () => ({
		type: "reply",
		blocks: [{ type: "text", text: "hello" }],
	}));
	const mock = await startMockProcess(replies);
	const temp = createBenchEnv("cli", mock.url);
	try {
		results.push({
			name: "pi -p hi against llm-mock, spawn to exit (median; target < 150)",
			value: round(await timeCommand(["-p", "--no-session", "hi"], temp, PRINT_RUNS)),
			unit: "ms",
		});
		// What a first run costs (the bundle's compile cache is written by the warm-up run above).
		results.push({
			name: "pi -p hi against llm-mock, compile cache off (PI_NO_COMPILE_CACHE=1), spawn to exit (median)",
			value: round(
				await timeCommand(
					["-p", "--no-session", "hi"],
					{ ...temp, env: { ...temp.env, PI_NO_COMPILE_CACHE: "1" } },
					PRINT_RUNS,
				),
			),
			unit: "ms",
		});
		if (unbundled) {
			results.push({
				name: "pi -p hi against llm-mock, unbundled (dist/cli.js), spawn to exit (median)",
				value: round(await timeCommand(["-p", "--no-session", "hi"], temp, PRINT_RUNS, PI_UNBUNDLED)),
				unit: "ms",
			});
		}
	} finally {
		await mock.close();
		rmSync(temp.root, { recursive: true, force: true });
	}

	const perDelta: number[] = [];
	for (const count of DELTA_COUNTS) {
		const bytes = await jsonBytesPerDelta(count);
		perDelta.push(bytes);
		results.push({
			name: `pi --mode json: stdout bytes per text delta (${count.toLocaleString("en-US")} deltas)`,
			value: round(bytes),
			unit: "bytes",
		});
	}
	results.push({
		name: "pi --mode json: bytes per delta, 50,000 vs 1,000 (target within 10%)",
		value: round(((perDelta[1]! - perDelta[0]!) / perDelta[0]!) * 100),
		unit: "%",
	});
	return results;
}

function round(value: number): number {
	return Math.round(value * 10) / 10;
}
