/**
 * Interactive mode (`pi` in a terminal) figures: start-up to the first frame (in process, and
 * for the built binary in a pseudo-terminal when `script` is available), the per-frame cost and
 * bytes while 10,000 deltas stream into a 5,000-line transcript, the render rate the frame
 * scheduler allows, and keystroke-to-echo latency beside that transcript.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentMessage } from "@pi/agent-core";
import { type AssistantMessage, fauxProvider } from "@pi/ai";
import {
	createAgentSessionFromServices,
	createAgentSessionRuntime,
	createAgentSessionServices,
	InteractiveApp,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@pi/coding-agent";
import type { Terminal } from "@pi/tui";
import { type BenchResult, median } from "./bench-result.js";

const COLUMNS = 120;
const ROWS = 40;
const TRANSCRIPT_LINES = 5_000;
const FULLSCREEN_TRANSCRIPT_LINES = 10_000;
const DELTAS = 10_000;
const KEYSTROKES = 40;

/** Counts what is written; resolves a waiter on the next write. */
class CountingTerminal implements Terminal {
	readonly kittyProtocolActive = false;
	bytes = 0;
	writes = 0;
	private waiter: (() => void) | undefined;
	private onInput: ((data: string) => void) | undefined;

	constructor(
		readonly columns: number,
		readonly rows: number,
	) {}

	start(onInput: (data: string) => void): void {
		this.onInput = onInput;
	}
	stop(): void {}
	write(data: string): void {
		this.writes++;
		this.bytes += Buffer.byteLength(data, "utf8");
		const waiter = this.waiter;
		this.waiter = undefined;
		waiter?.();
	}
	hideCursor(): void {}
	showCursor(): void {}
	setTitle(): void {}
	nextWrite(): Promise<void> {
		return new Promise((resolve) => {
			this.waiter = resolve;
		});
	}
	type(data: string): void {
		this.onInput?.(data);
	}
}

function usage(): AssistantMessage["usage"] {
	return {
		input: 10,
		output: 10,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 20,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
}

function assistantMessage(text: string, stopReason: AssistantMessage["stopReason"] = "stop"): AssistantMessage {
	return {
		role: "assistant",
		content: [{ type: "text", text }],
		api: "faux",
		provider: "faux",
		model: "faux-1",
		usage: usage(),
		stopReason,
		timestamp: Date.now(),
	};
}

/** A session file holding about `lines` rendered lines of conversation (user + 18-line answers). */
function transcriptMessages(lines: number): AgentMessage[] {
	const messages: AgentMessage[] = [];
	const perPair = 22;
	for (let index = 0; index < Math.ceil(lines / perPair); index++) {
		messages.push({ role: "user", content: [{ type: "text", text: `Question ${index}` }], timestamp: Date.now() });
		const paragraph = Array.from({ length: 18 }, (_, line) => `Line ${line} of answer ${index}: some words.`).join(
			"\n\n",
		);
		messages.push(assistantMessage(paragraph));
	}
	return messages;
}

async function createApp(
	cwd: string,
	agentDir: string,
	prefill: AgentMessage[],
	terminal: Terminal,
	tuiMode: "regular" | "fullscreen" = "regular",
) {
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const settingsManager = SettingsManager.inMemory({ tuiMode });
	const manager = SessionManager.inMemory(cwd);
	for (const message of prefill) manager.appendMessage(message);
	const runtime = await createAgentSessionRuntime(
		async ({ cwd: targetCwd, agentDir: dir, sessionManager }) => {
			const services = await createAgentSessionServices({
				cwd: targetCwd,
				agentDir: dir,
				modelRuntime,
				settingsManager,
				projectTrusted: false,
			});
			const created = await createAgentSessionFromServices({
				services,
				sessionManager,
				model: faux.getModel(),
				tools: [],
			});
			return { ...created, services, diagnostics: services.diagnostics };
		},
		{ cwd, agentDir, sessionManager: manager },
	);
	return new InteractiveApp(runtime, { messages: [], terminal, version: "bench", env: { NO_COLOR: "" } });
}

async function startupInProcess(cwd: string, agentDir: string): Promise<number> {
	const times: number[] = [];
	for (let run = 0; run < 5; run++) {
		const terminal = new CountingTerminal(COLUMNS, ROWS);
		const start = performance.now();
		const app = await createApp(cwd, agentDir, [], terminal);
		const firstFrame = terminal.nextWrite();
		await app.init();
		await firstFrame;
		times.push(performance.now() - start);
		app.quit(0);
	}
	return median(times);
}

/** The built binary in a pseudo-terminal (`script`): spawn to the footer being drawn. */
async function startupProcess(agentDir: string, cwd: string): Promise<number | undefined> {
	const cli = fileURLToPath(new URL("../../../apps/pi/dist/bundle/pi.js", import.meta.url));
	if (!existsSync(cli) || !existsSync("/usr/bin/script")) return undefined;
	// A configured (never contacted) model, so pi opens the TUI instead of the no-model guidance.
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: {
				mock: {
					baseUrl: "http://127.0.0.1:9",
					api: "anthropic-messages",
					apiKey: "k",
					models: [{ id: "bench-model" }],
				},
			},
		}),
	);
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({ defaultProvider: "mock", defaultModel: "bench-model" }),
	);
	const times: number[] = [];
	for (let run = 0; run < 3; run++) {
		const start = performance.now();
		const elapsed = await new Promise<number | undefined>((resolve) => {
			const child = spawn("/usr/bin/script", ["-qfec", `${process.execPath} ${cli}`, "/dev/null"], {
				cwd,
				env: {
					...process.env,
					HOME: agentDir,
					PI_CODING_AGENT_DIR: agentDir,
					PI_OFFLINE: "1",
					PI_SKIP_VERSION_CHECK: "1",
					PI_LOCAL_SERVER_PORTS: "",
					TERM: "xterm-256color",
					COLUMNS: String(COLUMNS),
					LINES: String(ROWS),
				},
				stdio: ["pipe", "pipe", "ignore"],
			});
			let output = "";
			const timer = setTimeout(() => {
				child.kill("SIGKILL");
				resolve(undefined);
			}, 10_000);
			child.stdout.on("data", (chunk: Buffer) => {
				output += chunk.toString("utf8");
				if (output.includes("bench-model")) {
					const time = performance.now() - start;
					clearTimeout(timer);
					child.kill("SIGTERM");
					resolve(time);
				}
			});
			child.on("exit", () => {
				clearTimeout(timer);
				resolve(undefined);
			});
		});
		if (elapsed !== undefined) times.push(elapsed);
	}
	return times.length > 0 ? median(times) : undefined;
}

async function streaming(
	cwd: string,
	agentDir: string,
	options: { lines: number; tuiMode: "regular" | "fullscreen" } = { lines: TRANSCRIPT_LINES, tuiMode: "regular" },
): Promise<BenchResult[]> {
	const terminal = new CountingTerminal(COLUMNS, ROWS);
	const app = await createApp(cwd, agentDir, transcriptMessages(options.lines), terminal, options.tuiMode);
	await app.init();
	await terminal.nextWrite();
	const transcriptLines = app.transcript.container.render(COLUMNS).length;
	// Per frame: one delta, one synchronous render (the worst case: every delta is a frame).
	let text = "";
	const partial = assistantMessage("", "pending");
	app.transcript.handleEvent({ type: "message_start", message: partial });
	app.tui.renderNow();
	const frameTimes: number[] = [];
	const bytesBefore = terminal.bytes;
	const cpuBefore = process.cpuUsage();
	for (let index = 0; index < DELTAS; index++) {
		text += index % 12 === 11 ? "word\n\n" : "word ";
		const message = assistantMessage(text, "pending");
		const start = performance.now();
		app.transcript.handleEvent({
			type: "message_update",
			message,
			assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "word ", partial: message },
		});
		app.tui.renderNow();
		frameTimes.push(performance.now() - start);
	}
	const cpu = process.cpuUsage(cpuBefore);
	// CPU time is what the process itself spent; wall-clock percentiles also count time the
	// scheduler gave to other processes on a shared machine.
	const cpuPerFrame = (cpu.user + cpu.system) / 1000 / DELTAS;
	const bytesPerFrame = (terminal.bytes - bytesBefore) / DELTAS;
	// Render rate with the real scheduler: deltas arrive as fast as the event loop allows.
	const writesBefore = terminal.writes;
	const rateStart = performance.now();
	for (let index = 0; index < 2_000; index++) {
		text += "more ";
		const message = assistantMessage(text, "pending");
		app.transcript.handleEvent({
			type: "message_update",
			message,
			assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "more ", partial: message },
		});
		app.tui.requestRender();
		await new Promise((resolve) => setImmediate(resolve));
	}
	const rateSeconds = (performance.now() - rateStart) / 1000;
	const rendersPerSecond = (terminal.writes - writesBefore) / rateSeconds;
	app.transcript.handleEvent({ type: "message_end", message: assistantMessage(text) });
	// Keystroke to echo beside the long transcript, keystrokes spaced past the frame interval.
	const echoTimes: number[] = [];
	for (let index = 0; index < KEYSTROKES; index++) {
		await new Promise((resolve) => setTimeout(resolve, 20));
		const echoed = terminal.nextWrite();
		const start = performance.now();
		terminal.type("x");
		await echoed;
		echoTimes.push(performance.now() - start);
	}
	app.quit(0);
	const sorted = [...frameTimes].sort((a, b) => a - b);
	const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
	const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
	const lines = options.lines.toLocaleString("en-US");
	const mode = options.tuiMode === "fullscreen" ? `fullscreen, ${lines} lines: ` : "";
	const results: BenchResult[] = [
		{
			name: `transcript lines rendered before streaming (target ≥ ${lines})`,
			value: transcriptLines,
			unit: "lines",
		},
		{
			name: `per-frame render, median of ${DELTAS.toLocaleString("en-US")} deltas (target < 2 ms)`,
			value: round(median(frameTimes)),
			unit: "ms",
		},
		{ name: "per-frame render, p95 (target < 2 ms)", value: round(p95), unit: "ms" },
		{ name: "per-frame render, p99", value: round(p99), unit: "ms" },
		{ name: "per-frame CPU time, mean (target < 2 ms)", value: round(cpuPerFrame), unit: "ms" },
		{
			name: "bytes written per frame while streaming (target < 2 kB)",
			value: Math.round(bytesPerFrame),
			unit: "bytes",
		},
		{
			name: "renders per second with deltas as fast as possible (target ≤ 60)",
			value: Math.round(rendersPerSecond),
			unit: "renders/s",
		},
		{
			name: `keystroke to echo, median, ${lines}-line transcript (target < 16 ms)`,
			value: round(median(echoTimes)),
			unit: "ms",
		},
	];
	return results.map((result) => ({ ...result, name: `${mode}${result.name}` }));
}

function round(value: number): number {
	return Math.round(value * 1000) / 1000;
}

export async function benchInteractive(): Promise<BenchResult[]> {
	const root = mkdtempSync(join(tmpdir(), "pi-bench-interactive-"));
	try {
		const results: BenchResult[] = [
			{
				name: "start-up to first frame, in process (target < 200 ms)",
				value: round(await startupInProcess(root, root)),
				unit: "ms",
			},
		];
		const processStartup = await startupProcess(root, root);
		if (processStartup !== undefined) {
			results.push({
				name: "start-up to first frame, `pi` (the bundle) in a pty (target < 200 ms)",
				value: Math.round(processStartup),
				unit: "ms",
			});
		}
		results.push(...(await streaming(root, root)));
		// tuiMode "fullscreen": one screen redrawn from a window on a 10,000-line transcript.
		results.push(...(await streaming(root, root, { lines: FULLSCREEN_TRANSCRIPT_LINES, tuiMode: "fullscreen" })));
		return results;
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}
