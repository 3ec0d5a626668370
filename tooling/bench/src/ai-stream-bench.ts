import { type AssistantMessage, type Context, type KnownApi, type Model, type StreamOptions, stream } from "@pi/ai";
import { type BenchResult, median } from "./bench-result.js";
import { startMockProcess } from "./mock-process.js";
import { RAW_STREAMS } from "./raw-sdk-streams.js";

/** Text deltas in the scripted reply. */
const DELTAS = 50_000;

/**
 * Measured runs per API (after one warm-up); the median is reported. Where a raw SDK run is
 * measured too, the two alternate run by run, so a change in machine load hits both alike.
 */
const RUNS = 5;

/** The share of the raw SDK's throughput `stream()` must reach on each new API. */
const TARGET_PERCENT = 95;

/** A run that takes longer than this is aborted (it then fails the benchmark instead of hanging). */
const RUN_TIMEOUT_MS = 300_000;

/**
 * The reply text: `DELTAS` five-character pieces (`"0000 "`, `"0001 "`, … in base 36), so the
 * mock's "N roughly equal pieces" split gives exactly one piece per delta and every delta is
 * non-empty. The pieces all differ, so a lost, repeated or reordered delta changes the final text.
 */
const EXPECTED_TEXT = Array.from({ length: DELTAS }, (_, index) => `${index.toString(36).padStart(4, "0")} `).join("");

/** One user turn; the content is irrelevant to the mock, which answers from its queue. */
const CONTEXT: Context = {
	messages: [{ role: "user", content: "Write a long reply.", timestamp: Date.now() }],
};

/** How one API's model is pointed at the mock (mirrors packages/ai/test/conformance/apis/*.ts). */
interface ApiTarget {
	api: KnownApi;
	/** How the figures name the target (default: the API); also the key of its raw SDK side. */
	label?: string;
	/** API-specific options for `stream()` (the Codex transport). */
	options?: Partial<StreamOptions>;
	/** The mock route the API's requests take, when it is another API's (Azure and Codex speak Responses…). */
	mockApi?: string;
	makeModel(mockUrl: string): Model;
}

/** Fields shared by every benchmark model: no thinking, no prices (cost stays 0). */
const COMMON = {
	reasoning: false,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
} satisfies Pick<Model, "reasoning" | "input" | "cost">;

/**
 * The ten built-in APIs. The models keep their real provider ids, so `stream()` takes the public
 * path (default model collection, provider auth with the explicit key, lazily loaded API module).
 */
const TARGETS: readonly ApiTarget[] = [
	{
		api: "anthropic-messages",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "claude-haiku-4-5",
			name: "Claude Haiku 4.5 (bench mock)",
			api: "anthropic-messages",
			provider: "anthropic",
			baseUrl: mockUrl,
			contextWindow: 200_000,
			maxTokens: 64_000,
		}),
	},
	{
		api: "openai-completions",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gpt-5-mini",
			name: "GPT-5 mini via Chat Completions (bench mock)",
			api: "openai-completions",
			provider: "openai",
			baseUrl: `${mockUrl}/v1`,
			contextWindow: 400_000,
			maxTokens: 128_000,
		}),
	},
	{
		api: "openai-responses",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gpt-5-mini",
			name: "GPT-5 mini (bench mock)",
			api: "openai-responses",
			provider: "openai",
			baseUrl: `${mockUrl}/v1`,
			contextWindow: 400_000,
			maxTokens: 128_000,
		}),
	},
	{
		api: "google-generative-ai",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gemini-2.5-flash",
			name: "Gemini 2.5 Flash (bench mock)",
			api: "google-generative-ai",
			provider: "google",
			baseUrl: `${mockUrl}/v1beta`,
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		}),
	},
	{
		api: "azure-openai-responses",
		mockApi: "openai-responses",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gpt-5-mini",
			name: "GPT-5 mini on Azure (bench mock)",
			api: "azure-openai-responses",
			provider: "azure",
			baseUrl: `${mockUrl}/openai/v1`,
			contextWindow: 400_000,
			maxTokens: 128_000,
		}),
	},
	{
		api: "openai-codex-responses",
		label: "openai-codex-responses (sse)",
		options: { transport: "sse" },
		mockApi: "openai-responses",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gpt-5-codex",
			name: "GPT-5 Codex (bench mock)",
			api: "openai-codex-responses",
			provider: "openai-codex",
			baseUrl: mockUrl,
			contextWindow: 400_000,
			maxTokens: 128_000,
		}),
	},
	{
		api: "openai-codex-responses",
		label: "openai-codex-responses (websocket)",
		options: { transport: "websocket" },
		mockApi: "openai-responses",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gpt-5-codex",
			name: "GPT-5 Codex (bench mock)",
			api: "openai-codex-responses",
			provider: "openai-codex",
			baseUrl: mockUrl,
			contextWindow: 400_000,
			maxTokens: 128_000,
		}),
	},
	{
		api: "google-vertex",
		mockApi: "google-generative-ai",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "gemini-2.5-flash",
			name: "Gemini 2.5 Flash on Vertex (bench mock)",
			api: "google-vertex",
			provider: "google-vertex",
			baseUrl: mockUrl,
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		}),
	},
	{
		api: "bedrock-converse-stream",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "anthropic.claude-haiku-4-5-20251001-v1:0",
			name: "Claude Haiku 4.5 on Bedrock (bench mock)",
			api: "bedrock-converse-stream",
			provider: "amazon-bedrock",
			baseUrl: mockUrl,
			contextWindow: 200_000,
			maxTokens: 64_000,
		}),
	},
	{
		api: "mistral-conversations",
		mockApi: "openai-completions",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "mistral-small-latest",
			name: "Mistral Small (bench mock)",
			api: "mistral-conversations",
			provider: "mistral",
			baseUrl: mockUrl,
			contextWindow: 128_000,
			maxTokens: 32_000,
		}),
	},
	{
		api: "pi-messages",
		makeModel: (mockUrl) => ({
			...COMMON,
			id: "balanced",
			name: "Radius balanced (bench mock)",
			api: "pi-messages",
			provider: "radius",
			baseUrl: `${mockUrl}/v1`,
			contextWindow: 1_000_000,
			maxTokens: 131_072,
		}),
	},
];

/** What one streamed reply measured. */
interface RunMeasurement {
	/** Every event from the iterator, the terminal one included. */
	events: number;
	/** Wall time from the `stream()` call to the terminal event. */
	ms: number;
	/** CPU time of this process (user + system) over the same span, in ms. */
	cpuMs: number;
}

/** Concatenated text blocks of a message. */
function textOf(message: AssistantMessage): string {
	return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

function labelOf(target: ApiTarget): string {
	return target.label ?? target.api;
}

/**
 * Streams one scripted 50,000-delta reply and checks it: it must end with `done` (`stop`), carry
 * exactly `DELTAS` text deltas whose lengths add up to the text, and end with the expected text.
 * Throws otherwise, so the benchmark never reports the speed of an error.
 */
async function streamOnce(target: ApiTarget, model: Model): Promise<RunMeasurement> {
	const cpuStart = process.cpuUsage();
	const start = performance.now();
	const events = stream(model, CONTEXT, {
		...target.options,
		apiKey: "test",
		signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
	});
	let count = 0;
	let textDeltas = 0;
	let deltaChars = 0;
	let final: AssistantMessage | undefined;
	let failure: string | undefined;
	for await (const event of events) {
		count++;
		if (event.type === "text_delta") {
			textDeltas++;
			deltaChars += event.delta.length;
		} else if (event.type === "done") {
			final = event.message;
			break;
		} else if (event.type === "error") {
			failure = `${event.reason}: ${event.error.errorMessage ?? "(no message)"}`;
			break;
		}
	}
	const ms = performance.now() - start;
	const cpuMs = cpuMsSince(cpuStart);

	const label = `${labelOf(target)}: 50,000-delta reply`;
	if (failure !== undefined) throw new Error(`${label} ended with an error event (${failure})`);
	if (!final) throw new Error(`${label}: the stream ended without a terminal event after ${count} events`);
	if (final.stopReason !== "stop") throw new Error(`${label}: stopReason is "${final.stopReason}", expected "stop"`);
	if (textDeltas !== DELTAS) throw new Error(`${label}: got ${textDeltas} text_delta events, expected ${DELTAS}`);
	if (deltaChars !== EXPECTED_TEXT.length) {
		throw new Error(`${label}: text deltas hold ${deltaChars} characters, expected ${EXPECTED_TEXT.length}`);
	}
	const text = textOf(final);
	if (text !== EXPECTED_TEXT) {
		throw new Error(
			`${label}: final text differs from the scripted one (${text.length} vs ${EXPECTED_TEXT.length} characters)`,
		);
	}
	return { events: count, ms, cpuMs };
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

/** One reply through the vendor's SDK alone; throws unless it delivered every delta. */
async function rawOnce(target: ApiTarget, mockUrl: string): Promise<Omit<RunMeasurement, "events">> {
	const raw = RAW_STREAMS[labelOf(target)];
	if (!raw) throw new Error(`${labelOf(target)}: no raw SDK side`);
	const cpuStart = process.cpuUsage();
	const start = performance.now();
	const deltas = await raw(mockUrl, AbortSignal.timeout(RUN_TIMEOUT_MS));
	const ms = performance.now() - start;
	const cpuMs = cpuMsSince(cpuStart);
	if (deltas !== DELTAS) throw new Error(`${labelOf(target)} raw SDK: got ${deltas} text deltas, expected ${DELTAS}`);
	return { ms, cpuMs };
}

/**
 * Event throughput of `@pi/ai`'s `stream()` for a 50,000-delta text reply served by `@pi/llm-mock`
 * on 127.0.0.1, per built-in API: one warm-up, then the median of `RUNS` runs, as events/s (every
 * `AssistantMessageEvent` up to and including the terminal one, over the wall time from the call to
 * the terminal event) and as ms for the whole reply. For each API added after the first four (and
 * each Codex transport), the vendor's own SDK streams the same scripted reply from the same mock in
 * the same run, alternating with `stream()`; both whole-reply times are printed, and `stream()`'s
 * throughput as a percentage of the raw SDK's: the median over the runs of raw ms / ours (both
 * sides stream the same deltas, so that is the ratio of their rates); and the same ratio of the
 * CPU time this process spent (the client's cost alone, without the mock's).
 */
export async function benchAiStreams(): Promise<BenchResult[]> {
	const results: BenchResult[] = [];
	// PI_BENCH_AI=bedrock,codex measures only the targets whose label contains one of the words.
	const only = process.env.PI_BENCH_AI?.split(",").filter((word) => word !== "");
	for (const target of TARGETS) {
		const label = labelOf(target);
		if (only && !only.some((word) => label.includes(word))) continue;
		process.stderr.write(`  ai: ${label}\n`);
		const withRaw = RAW_STREAMS[label] !== undefined;
		// The mock runs in its own process, so its SSE writing does not share this event loop.
		const reply = {
			type: "reply",
			blocks: [{ type: "text", text: EXPECTED_TEXT, deltas: DELTAS }],
			usage: { input: 10, output: DELTAS },
		};
		const requestCount = (RUNS + 1) * (withRaw ? 2 : 1);
		const mock = await startMockProcess(Array.from({ length: requestCount }, () => reply));
		try {
			const model = target.makeModel(mock.url);
			const runs: RunMeasurement[] = [];
			const rawMs: number[] = [];
			/** Raw over ours per run (wall, CPU): paired, so a load change between runs cancels out. */
			const ratios: number[] = [];
			const cpuRatios: number[] = [];
			for (let run = 0; run <= RUNS; run++) {
				// Alternate which side goes first, so neither always runs on a warmer machine.
				const rawFirst = withRaw && run % 2 === 1;
				const raw = rawFirst ? await rawOnce(target, mock.url) : undefined;
				const ours = await streamOnce(target, model);
				const rawAfter = withRaw && !rawFirst ? await rawOnce(target, mock.url) : undefined;
				if (run === 0) continue;
				runs.push(ours);
				const rawRun = raw ?? rawAfter;
				if (rawRun === undefined) continue;
				rawMs.push(rawRun.ms);
				ratios.push(rawRun.ms / ours.ms);
				cpuRatios.push(rawRun.cpuMs / ours.cpuMs);
			}
			const requests = mock.recordedApis();
			const route = target.mockApi ?? target.api;
			if (requests.length !== requestCount || requests.some((api) => api !== route)) {
				throw new Error(`${label}: expected ${requestCount} ${route} requests, the mock saw ${requests.join(", ")}`);
			}
			const oursMs = median(runs.map((run) => run.ms));
			results.push({
				name: `${label}: stream() events/s (50,000 text deltas)`,
				value: Math.round(median(runs.map((run) => run.events / (run.ms / 1000)))),
				unit: "events/s",
			});
			results.push({
				name: `${label}: stream() whole reply (50,000 text deltas)`,
				value: Number(oursMs.toFixed(1)),
				unit: "ms",
			});
			if (!withRaw) continue;
			results.push({
				name: `${label}: raw SDK whole reply, same mock, same run`,
				value: Number(median(rawMs).toFixed(1)),
				unit: "ms",
			});
			results.push({
				name: `${label}: stream() / raw SDK throughput (target ≥ ${TARGET_PERCENT}%)`,
				value: Math.round(median(ratios) * 100),
				unit: "%",
			});
			// The mock's own CPU (another process) is left out: on a busy machine this says more
			// about what each client costs than the wall-clock rate does.
			results.push({
				name: `${label}: raw SDK CPU / stream() CPU per reply`,
				value: Math.round(median(cpuRatios) * 100),
				unit: "%",
			});
		} finally {
			await mock.close();
		}
	}
	return results;
}
