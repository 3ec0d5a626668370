import { Agent, type AgentTool } from "@pi/agent-core";
import { type FauxProviderHandle, fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall, Type } from "@pi/ai";
import { type BenchResult, median } from "./bench-result.js";

/** Tool-call turns in the loop-overhead run (plus one closing text turn). */
const TOOL_TURNS = 200;

/** Text deltas in the single-reply throughput run. */
const DELTAS = 50_000;

/** Measured runs per figure (after one warm-up); the median is reported. */
const RUNS = 5;

const noopParameters = Type.Object({ value: Type.Number() });

/** The trivial tool every turn calls: returns its argument, no I/O. */
const noopTool: AgentTool<typeof noopParameters> = {
	name: "noop",
	label: "No-op",
	description: "Returns the number it is given.",
	parameters: noopParameters,
	execute: async (_toolCallId, params) => ({ content: [{ type: "text", text: String(params.value) }] }),
};

/** An agent on `faux` with one no-op subscriber (as every run mode has), counting delivered events. */
function createBenchAgent(faux: FauxProviderHandle): { agent: Agent; events: () => number } {
	const agent = new Agent({
		streamFn: (model, context, options) => faux.streams.streamSimple(model, context, options),
		initialState: { model: faux.getModel(), systemPrompt: "bench", tools: [noopTool] },
	});
	let count = 0;
	agent.subscribe(() => {
		count++;
	});
	return { agent, events: () => count };
}

/** Wall and CPU (all threads, incl. GC) ms per turn of one run. */
interface TurnCost {
	wallMs: number;
	cpuMs: number;
}

/** One run of `TOOL_TURNS` tool turns and a closing reply. */
async function runToolTurns(): Promise<TurnCost> {
	const faux = fauxProvider();
	const replies = Array.from({ length: TOOL_TURNS }, (_, index) =>
		fauxAssistantMessage(fauxToolCall("noop", { value: index }, `call_${index}`)),
	);
	faux.setResponses([...replies, fauxAssistantMessage("done")]);
	const { agent } = createBenchAgent(faux);
	const cpuStart = process.cpuUsage();
	const start = performance.now();
	await agent.prompt("Call the tool repeatedly.");
	const elapsed = performance.now() - start;
	const cpu = process.cpuUsage(cpuStart);
	const turns = faux.state.callCount;
	if (turns !== TOOL_TURNS + 1 || agent.state.messages.length !== 2 * TOOL_TURNS + 2) {
		throw new Error(`agent-loop bench: expected ${TOOL_TURNS + 1} turns, got ${turns}`);
	}
	return { wallMs: elapsed / turns, cpuMs: (cpu.user + cpu.system) / 1000 / turns };
}

/** One run streaming a single `DELTAS`-delta reply; returns delivered agent events per second. */
async function runDeltaReply(): Promise<number> {
	const faux = fauxProvider();
	faux.setResponses([fauxAssistantMessage(fauxText("x".repeat(DELTAS), { chunks: DELTAS }))]);
	const { agent, events } = createBenchAgent(faux);
	const start = performance.now();
	await agent.prompt("Write a long reply.");
	const elapsed = performance.now() - start;
	const last = agent.state.messages.at(-1);
	const text = last?.role === "assistant" && last.content[0]?.type === "text" ? last.content[0].text : "";
	if (text.length !== DELTAS || events() < DELTAS) {
		throw new Error(`agent-loop bench: reply has ${text.length} chars and ${events()} events`);
	}
	return events() / (elapsed / 1000);
}

async function medianOf(run: () => Promise<number>): Promise<number> {
	await run();
	const values: number[] = [];
	for (let index = 0; index < RUNS; index++) values.push(await run());
	return median(values);
}

/**
 * agent-core loop cost on the faux provider (no network): ms per turn over 200 turns that each
 * call one trivial tool (wall time, and CPU time of the process, which is steadier on a busy
 * machine), and agent events delivered per second for one 50,000-delta reply. Both go through
 * `Agent` with one subscriber, so the awaited-listener path is included; the faux provider's own
 * work (usage estimation, streaming) is part of the figures.
 */
export async function benchAgentLoop(): Promise<BenchResult[]> {
	const costs: TurnCost[] = [];
	await runToolTurns();
	for (let index = 0; index < RUNS; index++) costs.push(await runToolTurns());
	const eventsPerSecond = await medianOf(runDeltaReply);
	const turnsLabel = `${TOOL_TURNS} turns, one trivial tool each`;
	return [
		{
			name: `agent-loop: ms per turn (${turnsLabel})`,
			value: round(median(costs.map((cost) => cost.wallMs)), 3),
			unit: "ms",
		},
		{
			name: `agent-loop: CPU ms per turn (${turnsLabel})`,
			value: round(median(costs.map((cost) => cost.cpuMs)), 3),
			unit: "ms",
		},
		{
			name: `agent-loop: events/s (one ${DELTAS.toLocaleString("en-US")}-delta reply)`,
			value: Math.round(eventsPerSecond),
			unit: "events/s",
		},
	];
}

function round(value: number, digits: number): number {
	const factor = 10 ** digits;
	return Math.round(value * factor) / factor;
}
