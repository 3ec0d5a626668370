import { writeFileSync } from "node:fs";
import { benchAcp } from "./acp-bench.js";
import { benchAgentLoop } from "./agent-loop-bench.js";
import { benchAgentSession } from "./agent-session-bench.js";
import { benchAiStreams } from "./ai-stream-bench.js";
import type { Benchmark, BenchResult } from "./bench-result.js";
import { benchCli } from "./cli-bench.js";
import { benchCodemode } from "./codemode-bench.js";
import { benchExtensionDispatch } from "./extension-dispatch-bench.js";
import { benchFileSearch } from "./file-search-bench.js";
import { benchInteractive } from "./interactive-bench.js";
import { benchRpc } from "./rpc-bench.js";
import { benchSessions } from "./session-bench.js";
import { benchTuiRender } from "./tui-render-bench.js";

const benchmarks: Benchmark[] = [
	{ name: "ai", run: benchAiStreams },
	{ name: "agent", run: benchAgentLoop },
	{ name: "agent-session", run: benchAgentSession },
	{ name: "sessions", run: benchSessions },
	{ name: "tui", run: benchTuiRender },
	{ name: "acp", run: benchAcp },
	{ name: "rpc", run: benchRpc },
	{ name: "cli", run: benchCli },
	{ name: "extensions", run: benchExtensionDispatch },
	{ name: "interactive", run: benchInteractive },
	{ name: "file-search", run: benchFileSearch },
	{ name: "codemode", run: benchCodemode },
];

function format(result: BenchResult): string {
	return `  ${result.name.padEnd(70)} ${result.value.toLocaleString("en-US").padStart(14)} ${result.unit}`;
}

async function main(): Promise<void> {
	const only = process.argv.slice(2);
	const selected = only.length > 0 ? benchmarks.filter((benchmark) => only.includes(benchmark.name)) : benchmarks;
	if (selected.length === 0) {
		console.error(`Unknown benchmark. Known: ${benchmarks.map((benchmark) => benchmark.name).join(", ")}`);
		process.exitCode = 2;
		return;
	}
	const all: BenchResult[] = [];
	for (const benchmark of selected) {
		console.log(`${benchmark.name}`);
		const results = await benchmark.run();
		for (const result of results) console.log(format(result));
		all.push(...results);
	}
	writeFileSync(
		"bench-results.json",
		`${JSON.stringify({ date: new Date().toISOString(), node: process.version, results: all }, null, 2)}\n`,
	);
}

await main();
