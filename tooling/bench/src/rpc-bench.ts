// `pi --mode rpc` end to end through the real binary against @pi/llm-mock (run in its own
// process): first response time, a 50,000-delta reply through RPC beside the raw openai SDK and
// @pi/ai stream() in the same run, stdout bytes per delta, memory with a stalled reader, and the
// agent's overhead per tool-loop turn.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Model, stream } from "@pi/ai";
import { attachJsonlLineReader } from "@pi/coding-agent";
import { type BenchResult, median } from "./bench-result.js";
import { startMockProcess } from "./mock-process.js";

const PI_CLI = fileURLToPath(new URL("../../../apps/pi/dist/bundle/pi.js", import.meta.url));
const DELTAS = 50_000;
const RUNS = 3;
const TOOL_TURNS = 50;
const STALL_MS = 5000;

/** `DELTAS` distinct five-character pieces: the mock's even split yields one piece per delta. */
function replyText(deltas: number): string {
	return Array.from({ length: deltas }, (_, index) => `${index.toString(36).padStart(4, "0")} `).join("");
}

function textReply(deltas: number) {
	return {
		type: "reply",
		blocks: [{ type: "text", text: replyText(deltas), deltas }],
		usage: { input: 10, output: deltas },
	};
}

interface BenchEnv {
	root: string;
	env: NodeJS.ProcessEnv;
	cwd: string;
}

function createEnv(mockUrl: string): BenchEnv {
	const root = mkdtempSync(join(tmpdir(), "pi-bench-rpc-"));
	const agentDir = join(root, "home", ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: {
				mock: {
					baseUrl: `${mockUrl}/v1`,
					api: "openai-completions",
					apiKey: "test",
					models: [{ id: "mock-model", contextWindow: 10_000_000, maxTokens: 1_000_000 }],
				},
			},
		}),
	);
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({ defaultProvider: "mock", defaultModel: "mock-model" }),
	);
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env))
		if (!/(_API_KEY|^PI_|^OPENAI|^ANTHROPIC)/.test(key)) env[key] = value;
	Object.assign(env, {
		HOME: join(root, "home"),
		PI_CODING_AGENT_DIR: agentDir,
		PI_SKIP_VERSION_CHECK: "1",
		PI_LOCAL_SERVER_PORTS: "",
		NO_COLOR: "1",
	});
	return { root, env, cwd };
}

type WireRecord = { type?: string; id?: unknown; [key: string]: unknown };

/** A spawned `pi --mode rpc`, counting stdout bytes and handing records to one listener. */
interface RpcProcess {
	child: ChildProcessWithoutNullStreams;
	spawnedAt: number;
	bytes(): number;
	send(record: unknown): void;
	until(predicate: (record: WireRecord, line: string) => boolean): Promise<number>;
	onRecord(listener: ((record: WireRecord, line: string) => void) | undefined): void;
	close(): Promise<void>;
}

function spawnRpc(env: BenchEnv, args: string[] = ["--no-session"]): RpcProcess {
	const spawnedAt = performance.now();
	const child = spawn(process.execPath, [PI_CLI, "--mode", "rpc", ...args], {
		cwd: env.cwd,
		env: env.env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	let bytes = 0;
	let stderr = "";
	let listener: ((record: WireRecord, line: string) => void) | undefined;
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	child.stdout.on("data", (chunk: Buffer) => {
		bytes += chunk.length;
	});
	attachJsonlLineReader(child.stdout, (line) => listener?.(JSON.parse(line) as WireRecord, line));
	const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
	return {
		child,
		spawnedAt,
		bytes: () => bytes,
		send: (record) => child.stdin.write(`${JSON.stringify(record)}\n`),
		onRecord: (next) => {
			listener = next;
		},
		until: (predicate) =>
			new Promise((resolve, reject) => {
				const onExit = () => reject(new Error(`pi exited early:\n${stderr}`));
				child.once("exit", onExit);
				listener = (record, line) => {
					if (predicate(record, line)) {
						child.off("exit", onExit);
						resolve(performance.now());
					}
				};
			}),
		close: async () => {
			child.stdin.end();
			await exited;
		},
	};
}

/** Resident set (`VmRSS`) and its peak (`VmHWM`) of a process, in MiB (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
	return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

async function firstResponseMs(env: BenchEnv): Promise<number> {
	const times: number[] = [];
	for (let run = 0; run < 6; run++) {
		const rpc = spawnRpc(env);
		rpc.send({ id: "s", type: "get_state" });
		const at = await rpc.until((record) => record.type === "response" && record.id === "s");
		times.push(at - rpc.spawnedAt);
		await rpc.close();
	}
	return median(times.slice(1));
}

/** One prompt through RPC: ms from the prompt to agent_settled, text deltas seen, reply bytes. */
async function rpcReply(rpc: RpcProcess, expectedDeltas: number): Promise<{ ms: number; bytesPerDelta: number }> {
	let deltas = 0;
	let replyBytes = 0;
	let inReply = false;
	const start = performance.now();
	const done = rpc.until((record, line) => {
		if (record.type === "message_start" && (record.message as { role?: string }).role === "assistant") inReply = true;
		if (inReply && record.type === "message_update") {
			replyBytes += Buffer.byteLength(line) + 1;
			if ((record.assistantMessageEvent as { type?: string }).type === "text_delta") deltas++;
		}
		if (record.type === "message_end") inReply = false;
		return record.type === "agent_settled";
	});
	rpc.send({ id: "p", type: "prompt", message: "Write a long reply." });
	const end = await done;
	if (deltas !== expectedDeltas) throw new Error(`rpc: ${deltas} text deltas, expected ${expectedDeltas}`);
	return { ms: end - start, bytesPerDelta: replyBytes / deltas };
}

type OpenAIClient = {
	chat: {
		completions: { create(body: unknown): Promise<AsyncIterable<{ choices: { delta?: { content?: string } }[] }>> };
	};
};

async function loadOpenAI(): Promise<new (options: { baseURL: string; apiKey: string }) => OpenAIClient> {
	const fromAi = createRequire(fileURLToPath(import.meta.resolve("@pi/ai")));
	const module = (await import(pathToFileURL(fromAi.resolve("openai")).href)) as {
		default: new (options: { baseURL: string; apiKey: string }) => OpenAIClient;
	};
	return module.default;
}

/** One 50,000-delta reply through the raw openai SDK, in deltas/s. */
async function rawSdkRate(client: OpenAIClient, deltas: number): Promise<number> {
	const start = performance.now();
	const response = await client.chat.completions.create({
		model: "mock-model",
		stream: true,
		messages: [{ role: "user", content: "Write a long reply." }],
	});
	let count = 0;
	for await (const chunk of response) if (chunk.choices[0]?.delta?.content) count++;
	if (count !== deltas) throw new Error(`openai SDK: ${count} deltas, expected ${deltas}`);
	return count / ((performance.now() - start) / 1000);
}

/** One 50,000-delta reply through `@pi/ai` `stream()` over openai-completions, in deltas/s. */
async function aiStreamRate(mockUrl: string, deltas: number): Promise<number> {
	const model: Model = {
		id: "gpt-5-mini",
		name: "bench",
		api: "openai-completions",
		provider: "openai",
		baseUrl: `${mockUrl}/v1`,
		reasoning: false,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 400_000,
		maxTokens: 128_000,
	};
	const start = performance.now();
	let count = 0;
	const events = stream(
		model,
		{ messages: [{ role: "user", content: "Write a long reply.", timestamp: Date.now() }] },
		{ apiKey: "test" },
	);
	for await (const event of events) {
		if (event.type === "text_delta") count++;
		if (event.type === "error") throw new Error(`@pi/ai stream: ${event.error.errorMessage}`);
	}
	if (count !== deltas) throw new Error(`@pi/ai stream: ${count} deltas, expected ${deltas}`);
	return count / ((performance.now() - start) / 1000);
}

/** Streams a reply while the reader stops for `STALL_MS`; returns peak RSS and the growth during the stall. */
async function stalledReader(rpc: RpcProcess): Promise<{ peak: number; growth: number }> {
	let markStarted: () => void = () => undefined;
	const started = new Promise<void>((resolve) => {
		markStarted = resolve;
	});
	// One listener for both marks: `until` keeps a single listener.
	const done = rpc.until((record) => {
		if (record.type === "message_update") markStarted();
		return record.type === "agent_settled";
	});
	rpc.send({ id: "p", type: "prompt", message: "Write a long reply." });
	await started;
	rpc.child.stdout.pause();
	const before = memoryOf(rpc.child.pid!).rss;
	let highest = before;
	const sampler = setInterval(() => {
		highest = Math.max(highest, memoryOf(rpc.child.pid!).rss);
	}, 50);
	await new Promise((resolve) => setTimeout(resolve, STALL_MS));
	clearInterval(sampler);
	rpc.child.stdout.resume();
	await done;
	return { peak: memoryOf(rpc.child.pid!).peak, growth: highest - before };
}

/** Median wall time of one small streamed tool-call request through the raw SDK: the floor of a turn. */
async function rawTurnMs(mockUrl: string, runs: number): Promise<number> {
	const OpenAI = await loadOpenAI();
	const client = new OpenAI({ baseURL: `${mockUrl}/v1`, apiKey: "test" });
	const times: number[] = [];
	for (let run = 0; run < runs; run++) {
		const start = performance.now();
		const response = await client.chat.completions.create({
			model: "mock-model",
			stream: true,
			messages: [{ role: "user", content: "Loop." }],
		});
		for await (const _chunk of response) {
			// Drain: the time of the whole streamed reply is what a turn waits for.
		}
		times.push(performance.now() - start);
	}
	return median(times.slice(1));
}

/**
 * The agent's overhead per tool-loop turn: wall time per turn minus the tool's own execution
 * (`durationMs`) and minus what the raw SDK needs for the same small streamed reply.
 */
async function toolLoopOverheadMs(env: BenchEnv, rawMs: number): Promise<{ perTurn: number; overhead: number }> {
	const rpc = spawnRpc(env);
	// Start the clock once the process serves commands: startup is measured separately.
	rpc.send({ id: "ready", type: "get_state" });
	await rpc.until((record) => record.id === "ready");
	let toolMs = 0;
	const start = performance.now();
	const done = rpc.until((record) => {
		if (record.type === "tool_execution_end") toolMs += Number(record.durationMs ?? 0);
		return record.type === "agent_settled";
	});
	rpc.send({ id: "p", type: "prompt", message: "Loop." });
	const end = await done;
	await rpc.close();
	const turns = TOOL_TURNS + 1;
	const perTurn = (end - start) / turns;
	return { perTurn, overhead: perTurn - toolMs / turns - rawMs };
}

/** Progress on stderr (the figures go to stdout). */
function progress(step: string): void {
	process.stderr.write(`  rpc: ${step}\n`);
}

export async function benchRpc(): Promise<BenchResult[]> {
	const results: BenchResult[] = [];
	const replies = [
		...Array.from({ length: 3 * (RUNS + 1) }, () => textReply(DELTAS)), // rpc, sdk, ai interleaved
		textReply(1000), // bytes per delta at 1,000
		textReply(DELTAS), // stalled reader
	];
	const mock = await startMockProcess(replies);
	const env = createEnv(mock.url);
	try {
		progress("first response");
		results.push({
			name: "rpc: first response (spawn → get_state response), median of 5",
			value: Number((await firstResponseMs(env)).toFixed(1)),
			unit: "ms",
		});
		progress("50,000-delta replies: RPC, raw SDK and @pi/ai stream(), interleaved");
		const rpc = spawnRpc(env);
		const runs: { ms: number; bytesPerDelta: number }[] = [];
		const sdkRates: number[] = [];
		const aiRates: number[] = [];
		const OpenAI = await loadOpenAI();
		const sdk = new OpenAI({ baseURL: `${mock.url}/v1`, apiKey: "test" });
		// Interleaved so that a change in machine load hits the three alike.
		for (let run = 0; run <= RUNS; run++) {
			const measured = await rpcReply(rpc, DELTAS);
			rpc.send({ id: `n${run}`, type: "new_session" });
			await rpc.until((record) => record.id === `n${run}`);
			const sdkRate = await rawSdkRate(sdk, DELTAS);
			const aiRate = await aiStreamRate(mock.url, DELTAS);
			if (run === 0) continue;
			runs.push(measured);
			sdkRates.push(sdkRate);
			aiRates.push(aiRate);
		}
		const rpcRate = median(runs.map((run) => DELTAS / (run.ms / 1000)));
		const sdkRate = median(sdkRates);
		const aiRate = median(aiRates);
		const small = await rpcReply(rpc, 1000);
		await rpc.close();
		progress("stalled reader");
		const stall = spawnRpc(env);
		const memory = await stalledReader(stall);
		await stall.close();
		await mock.close();

		progress("tool loop");
		const toolCall = (turn: number) => ({
			type: "reply",
			blocks: [{ type: "toolCall", id: `call_${turn}`, name: "bash", arguments: { command: "true" } }],
			stopReason: "toolUse",
		});
		const toolMock = await startMockProcess([
			...Array.from({ length: 21 }, (_, turn) => toolCall(1000 + turn)),
			...Array.from({ length: TOOL_TURNS }, (_, turn) => toolCall(turn)),
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		]);
		const toolEnv = createEnv(toolMock.url);
		const rawMs = await rawTurnMs(toolMock.url, 21);
		const loop = await toolLoopOverheadMs(toolEnv, rawMs);
		await toolMock.close();
		rmSync(toolEnv.root, { recursive: true, force: true });

		const bytesSmall = small.bytesPerDelta;
		const bytesLarge = median(runs.map((run) => run.bytesPerDelta));
		results.push(
			{
				name: "rpc: 50,000-delta reply through pi --mode rpc (target ≥ 50,000)",
				value: Math.round(rpcRate),
				unit: "deltas/s",
			},
			{ name: "rpc: raw openai SDK, same mock, same run", value: Math.round(sdkRate), unit: "deltas/s" },
			{ name: "rpc: RPC rate / raw SDK rate (target ≥ 60%)", value: Math.round((rpcRate / sdkRate) * 100), unit: "%" },
			{ name: "rpc: @pi/ai stream() openai-completions", value: Math.round(aiRate), unit: "deltas/s" },
			{ name: "rpc: @pi/ai stream() / raw SDK (target ≥ 95%)", value: Math.round((aiRate / sdkRate) * 100), unit: "%" },
			{ name: "rpc: stdout bytes per delta at 1,000 deltas", value: Number(bytesSmall.toFixed(1)), unit: "bytes" },
			{ name: "rpc: stdout bytes per delta at 50,000 deltas", value: Number(bytesLarge.toFixed(1)), unit: "bytes" },
			{
				name: "rpc: bytes/delta change 1,000 → 50,000 (target within 10%)",
				value: Number(((Math.abs(bytesLarge - bytesSmall) / bytesSmall) * 100).toFixed(1)),
				unit: "%",
			},
			{
				name: "rpc: peak RSS, 50,000-delta reply with a 5 s stalled reader (target < 200)",
				value: Number(memory.peak.toFixed(1)),
				unit: "MiB",
			},
			{
				name: "rpc: RSS growth while the reader is stalled 5 s (target < 32)",
				value: Number(memory.growth.toFixed(1)),
				unit: "MiB",
			},
			{ name: "rpc: tool loop wall time per turn (50 bash turns)", value: Number(loop.perTurn.toFixed(2)), unit: "ms" },
			{ name: "rpc: raw SDK time for the same small reply (floor)", value: Number(rawMs.toFixed(2)), unit: "ms" },
			{
				name: "rpc: tool loop agent overhead per turn (target < 5)",
				value: Number(loop.overhead.toFixed(2)),
				unit: "ms",
			},
		);
	} finally {
		rmSync(env.root, { recursive: true, force: true });
	}
	return results;
}
