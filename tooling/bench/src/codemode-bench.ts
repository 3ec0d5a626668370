import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxProvider, fauxToolCall } from "@pi/ai";
import { createCodemodeExtension, DEFAULT_MEMORY_LIMIT, runScript, WorkerPool } from "@pi/codemode";
import { createAgentSession, type ExtensionAPI, ModelRuntime, SessionManager, SettingsManager } from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";
import { type BenchResult, median } from "./bench-result.js";

const RUNS = 5;
const FILES = 20;
const NESTED_CALLS = 200;

const PARALLEL_READS = `const paths = ${JSON.stringify(Array.from({ length: FILES }, (_, i) => `f${i}.txt`))};
const texts = await Promise.all(paths.map((path) => tools.read({ path })));
return texts.reduce((sum, text) => sum + text.length, 0);`;
const SEQUENTIAL_NOOPS = `for (let i = 0; i < ${NESTED_CALLS}; i++) await tools.noop({});\nreturn "done";`;
const EMPTY = `return "done";`;

/** A tool that does nothing, reachable only from scripts: the cost of a nested call itself. */
function noopTool(pi: ExtensionAPI): void {
	pi.registerTool({
		name: "noop",
		label: "noop",
		description: "Does nothing.",
		parameters: Type.Object({}),
		exposure: "codemode",
		execute: async () => ({ content: [{ type: "text", text: "" }], details: undefined }),
	});
}

/**
 * Codemode through a real AgentSession (faux provider, the codemode extension, the built-in read
 * tool): the wall time of the codemode call for a script doing 20 parallel reads, the overhead
 * per nested call (200 sequential no-op calls against an empty script), and the cold start of a
 * sandbox worker (first script of a fresh pool against the next one).
 */
export async function benchCodemode(): Promise<BenchResult[]> {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-codemode-"));
	try {
		for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `f${i}.txt`), `${"line\n".repeat(200)}`);
		const pool = new WorkerPool(() => 2);
		const session = await codemodeSession(dir, pool);
		const reads: number[] = [];
		const empties: number[] = [];
		const nested: number[] = [];
		for (let run = 0; run <= RUNS; run++) {
			const read = await scriptWallTime(session, PARALLEL_READS);
			const empty = await scriptWallTime(session, EMPTY);
			const noops = await scriptWallTime(session, SEQUENTIAL_NOOPS);
			if (run === 0) continue; // warm-up: worker start, JIT
			reads.push(read);
			empties.push(empty);
			nested.push((noops - empty) / NESTED_CALLS);
		}
		session.session.dispose();
		await pool.close();
		const cold = await coldStart();
		return [
			{
				name: "codemode: script with 20 parallel read calls, codemode tool wall time",
				value: round(median(reads)),
				unit: "ms",
			},
			{
				name: "codemode: empty script, codemode tool wall time (warm worker)",
				value: round(median(empties)),
				unit: "ms",
			},
			{
				name: "codemode: overhead per nested tool call (200 sequential no-op calls)",
				value: round(median(nested)),
				unit: "ms",
			},
			{
				name: "codemode: sandbox worker cold start (first script of a fresh pool)",
				value: round(cold.cold),
				unit: "ms",
			},
			{ name: "codemode: same script on the warm worker", value: round(cold.warm), unit: "ms" },
			{
				name: `codemode: first script when the worker was prewarmed ${STREAMING_MS} ms earlier (call streaming)`,
				value: round(cold.prewarmed),
				unit: "ms",
			},
		];
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function round(value: number): number {
	return Math.round(value * 100) / 100;
}

interface CodemodeSession {
	session: Awaited<ReturnType<typeof createAgentSession>>["session"];
	faux: ReturnType<typeof fauxProvider>;
}

async function codemodeSession(dir: string, pool: WorkerPool): Promise<CodemodeSession> {
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const { session } = await createAgentSession({
		cwd: dir,
		modelRuntime,
		model: faux.getModel(),
		settingsManager: SettingsManager.inMemory({ retry: { enabled: false } }),
		sessionManager: SessionManager.inMemory(dir),
		resourceLoader: {
			load: () => ({ contextFiles: [], skills: [], promptTemplates: [], appendSystemPrompts: [], diagnostics: [] }),
		},
		extensionFactories: [createCodemodeExtension({ pool }), noopTool],
		noExtensions: true,
		tools: ["+codemode"],
	});
	await session.bindExtensions({});
	return { session, faux };
}

/** The codemode call's duration (tool_execution_start → end) for one scripted call. */
async function scriptWallTime({ session, faux }: CodemodeSession, code: string): Promise<number> {
	faux.setResponses([fauxAssistantMessage(fauxToolCall("codemode", { code })), fauxAssistantMessage("ok")]);
	let started = 0;
	let ended = 0;
	let failed = false;
	const unsubscribe = session.subscribe((event) => {
		if (event.type === "tool_execution_start" && event.toolName === "codemode") started = performance.now();
		if (event.type === "tool_execution_end" && event.toolName === "codemode") {
			ended = performance.now();
			failed = event.isError;
		}
	});
	await session.prompt("go");
	unsubscribe();
	if (failed || ended === 0) throw new Error("codemode bench: the script failed");
	return ended - started;
}

/** How long a codemode call typically streams before its script is complete (a short script). */
const STREAMING_MS = 500;

async function coldStart(): Promise<{ cold: number; warm: number; prewarmed: number }> {
	const colds: number[] = [];
	const warms: number[] = [];
	const prewarmed: number[] = [];
	const host = { call: async () => undefined };
	const options = { code: EMPTY, tools: [], allTools: [], store: {} };
	for (let run = 0; run < 3; run++) {
		const pool = new WorkerPool(() => 1);
		let start = performance.now();
		await runScript(pool, host, options);
		colds.push(performance.now() - start);
		start = performance.now();
		await runScript(pool, host, options);
		warms.push(performance.now() - start);
		await pool.close();
		// What the extension does when a codemode call starts streaming: the worker starts while
		// the model is still writing the script.
		const early = new WorkerPool(() => 1);
		early.prewarm(DEFAULT_MEMORY_LIMIT);
		await new Promise((resolve) => setTimeout(resolve, STREAMING_MS));
		start = performance.now();
		await runScript(early, host, options);
		prewarmed.push(performance.now() - start);
		await early.close();
	}
	return { cold: median(colds), warm: median(warms), prewarmed: median(prewarmed) };
}
