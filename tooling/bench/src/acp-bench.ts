import { type ChildProcessByStdio, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createBenchEnv, type WireApi } from "./bench-env.js";
import { type BenchResult, median } from "./bench-result.js";
import { startMockProcess } from "./mock-process.js";

type AcpChild = ChildProcessByStdio<Writable, Readable, null>;

/** The built binary (build apps/pi first). */
const PI_CLI = fileURLToPath(new URL("../../../apps/pi/dist/bundle/pi.js", import.meta.url));

/** Where `@agentclientprotocol/sdk` resolves from (the coding-agent package depends on it). */
const SDK_RESOLUTION_DIR = fileURLToPath(new URL("../../../packages/coding-agent/", import.meta.url));

const STARTUP_RUNS = 7;
const DELTAS = 50_000;
const STREAM_RUNS = 3;

/** Five-character pieces, one per delta (as in the ai stream benchmark). */
const TEXT = Array.from({ length: DELTAS }, (_, index) => `${index.toString(36).padStart(4, "0")} `).join("");

/** Reads stdout as JSON-RPC lines and hands each parsed message to `onMessage`. */
function onMessages(child: AcpChild, onMessage: (message: Record<string, unknown>) => void): void {
	let buffered = "";
	child.stdout.setEncoding("utf8");
	child.stdout.on("data", (chunk: string) => {
		buffered += chunk;
		let end = buffered.indexOf("\n");
		while (end >= 0) {
			onMessage(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
			buffered = buffered.slice(end + 1);
			end = buffered.indexOf("\n");
		}
	});
}

function send(child: AcpChild, message: unknown): void {
	child.stdin.write(`${JSON.stringify(message)}\n`);
}

function stop(child: AcpChild): Promise<void> {
	const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
	child.stdin.end();
	return closed;
}

/** Spawn → `initialize` response, in ms. The request is written at once (the pipe buffers it). */
async function measureStartup(): Promise<number> {
	const { root, cwd, env } = createBenchEnv("acp");
	try {
		const start = performance.now();
		const child = spawn(process.execPath, [PI_CLI, "--mode", "acp"], { cwd, env, stdio: ["pipe", "pipe", "inherit"] });
		const answered = new Promise<number>((resolve) =>
			onMessages(child, (message) => {
				if (message.id === 1) resolve(performance.now() - start);
			}),
		);
		send(child, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } });
		const elapsed = await answered;
		await stop(child);
		return elapsed;
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}

/**
 * Spawn → first line of a node process that does nothing else (`code` empty) or only imports the
 * ACP SDK: the context of the initialize figure on a loaded machine.
 */
async function measureFloor(code: string): Promise<number> {
	const start = performance.now();
	const child = spawn(process.execPath, ["--input-type=module", "-e", `${code} process.stdout.write("ready\\n");`], {
		cwd: SDK_RESOLUTION_DIR,
		stdio: ["pipe", "pipe", "inherit"],
	});
	const elapsed = await new Promise<number>((resolve) =>
		child.stdout.once("data", () => resolve(performance.now() - start)),
	);
	await stop(child);
	return elapsed;
}

/** agent_message_chunk notifications per second for one 50,000-delta reply (after a warm-up prompt), prompt → response. */
async function measureStream(api: WireApi): Promise<number> {
	// A short warm-up reply first: the provider SDK and the session file are loaded and created
	// on the first prompt, so the second one measures streaming only.
	const mock = await startMockProcess([
		{ type: "reply", blocks: [{ type: "text", text: "warm-up", deltas: 2 }] },
		{ type: "reply", blocks: [{ type: "text", text: TEXT, deltas: DELTAS }] },
	]);
	const { root, cwd, env } = createBenchEnv("acp", mock.url, api);
	try {
		const child = spawn(process.execPath, [PI_CLI, "--mode", "acp"], { cwd, env, stdio: ["pipe", "pipe", "inherit"] });
		let chunks = 0;
		let text = "";
		const responses = new Map<unknown, (result: Record<string, unknown>) => void>();
		onMessages(child, (message) => {
			if (message.method === "session/update") {
				const update = (message.params as { update: { sessionUpdate: string; content?: { text?: string } } }).update;
				if (update.sessionUpdate === "agent_message_chunk") {
					chunks++;
					text += update.content?.text ?? "";
				}
				return;
			}
			if ("id" in message) responses.get(message.id)?.((message.result ?? message) as Record<string, unknown>);
		});
		const request = (id: number, method: string, params: unknown) =>
			new Promise<Record<string, unknown>>((resolve) => {
				responses.set(id, resolve);
				send(child, { jsonrpc: "2.0", id, method, params });
			});
		await request(1, "initialize", { protocolVersion: 1 });
		const session = await request(2, "session/new", { cwd, mcpServers: [] });
		await request(3, "session/prompt", { sessionId: session.sessionId, prompt: [{ type: "text", text: "Hi." }] });
		chunks = 0;
		text = "";
		const start = performance.now();
		const result = await request(4, "session/prompt", {
			sessionId: session.sessionId,
			prompt: [{ type: "text", text: "Write a long reply." }],
		});
		const elapsed = performance.now() - start;
		await stop(child);
		if (result.stopReason !== "end_turn" || text !== TEXT)
			throw new Error(`acp bench: the reply arrived incomplete (${chunks} chunks, ${JSON.stringify(result)})`);
		return (chunks / elapsed) * 1000;
	} finally {
		await mock.close();
		rmSync(root, { recursive: true, force: true });
	}
}

/**
 * `pi --mode acp` as an editor sees it: time from spawn to the `initialize` response (target
 * < 150 ms), and a 50,000-delta reply from llm-mock (its own process) streamed as
 * `agent_message_chunk`s (target ≥ 25,000 chunks/s, from the prompt request to its response),
 * over the Anthropic Messages and the OpenAI Chat Completions wire formats.
 */
export async function benchAcp(): Promise<BenchResult[]> {
	await measureStartup();
	const startups: number[] = [];
	for (let run = 0; run < STARTUP_RUNS; run++) startups.push(await measureStartup());
	const nodeFloors: number[] = [];
	const sdkFloors: number[] = [];
	for (let run = 0; run < STARTUP_RUNS; run++) {
		nodeFloors.push(await measureFloor(""));
		sdkFloors.push(await measureFloor('await import("@agentclientprotocol/sdk");'));
	}
	const results: BenchResult[] = [
		{ name: "acp: spawn → initialize response (median of 7)", value: Math.round(median(startups)), unit: "ms" },
		{ name: "acp: context, spawn → bare node prints (median of 7)", value: Math.round(median(nodeFloors)), unit: "ms" },
		{
			name: "acp: context, spawn → node has imported the ACP SDK (median of 7)",
			value: Math.round(median(sdkFloors)),
			unit: "ms",
		},
	];
	// Anthropic Messages is the headline; Chat Completions shows the cost of the openai SDK's SSE parser.
	for (const api of ["anthropic-messages", "openai-completions"] as const) {
		const rates: number[] = [];
		for (let run = 0; run < STREAM_RUNS; run++) rates.push(await measureStream(api));
		results.push({
			name: `acp: agent_message_chunk/s, 50,000-delta ${api} reply, prompt → response (median of 3)`,
			value: Math.round(median(rates)),
			unit: "chunks/s",
		});
	}
	return results;
}
