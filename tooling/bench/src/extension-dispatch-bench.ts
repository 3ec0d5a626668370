import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssistantMessage } from "@pi/ai";
import { type ExtensionAPI, type ExtensionEventName, type ExtensionRunner, loadExtensions } from "@pi/coding-agent";
import { type BenchResult, median, timeRuns } from "./bench-result.js";

const EXTENSIONS = 10;
const EVENTS: ExtensionEventName[] = [
	"project_trust",
	"session_start",
	"resources_discover",
	"session_shutdown",
	"session_info_changed",
	"session_before_switch",
	"session_before_fork",
	"session_before_compact",
	"session_compact",
	"session_compact_failed",
	"session_before_tree",
	"session_tree",
	"input",
	"before_agent_start",
	"agent_start",
	"agent_end",
	"agent_settled",
	"turn_start",
	"turn_end",
	"message_start",
	"message_update",
	"message_end",
	"tool_execution_start",
	"tool_execution_update",
	"tool_execution_end",
	"context",
	"before_provider_request",
	"tool_call",
	"tool_result",
	"model_select",
	"thinking_level_select",
];

const message: AssistantMessage = {
	role: "assistant",
	content: [{ type: "text", text: "hello" }],
	api: "faux",
	provider: "faux",
	model: "faux-1",
	usage: {
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	},
	stopReason: "stop",
	timestamp: 0,
};

/** Ten extensions, each subscribed to every event with a handler that does a little work. */
async function loadRunner(dir: string, counter: { value: number }, async: boolean): Promise<ExtensionRunner> {
	const factory = (pi: ExtensionAPI) => {
		for (const event of EVENTS) {
			const on = pi.on as (event: ExtensionEventName, handler: () => unknown) => void;
			on(
				event,
				async
					? async () => {
							counter.value++;
						}
					: () => {
							counter.value++;
						},
			);
		}
	};
	const loaded = await loadExtensions({
		cwd: dir,
		agentDir: dir,
		noExtensions: true,
		extensionFactories: Array.from({ length: EXTENSIONS }, () => factory),
		decideProjectTrust: () => false,
	});
	return loaded.runner;
}

async function perEventPerExtension(
	runner: ExtensionRunner,
	dispatch: (runner: ExtensionRunner) => Promise<unknown>,
	events: number,
): Promise<number> {
	for (let i = 0; i < 2_000; i++) await dispatch(runner);
	const runs = await timeRuns(7, async () => {
		for (let i = 0; i < events; i++) await dispatch(runner);
	});
	return (median(runs) * 1e6) / (events * EXTENSIONS);
}

/** Dispatch cost with 10 extensions each subscribed to every event (target: < 2 µs per event per extension). */
export async function benchExtensionDispatch(): Promise<BenchResult[]> {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-extensions-"));
	try {
		const counter = { value: 0 };
		const results: BenchResult[] = [];
		for (const async of [false, true]) {
			const runner = await loadRunner(dir, counter, async);
			const kind = async ? "async" : "sync";
			const update = {
				type: "message_update" as const,
				message,
				assistantMessageEvent: { type: "start" as const, partial: message },
			};
			results.push({
				name: `extensions: message_update dispatch, 10 extensions, ${kind} handlers, per event per extension`,
				value: Math.round(await perEventPerExtension(runner, (r) => r.emit(update), 20_000)),
				unit: "ns",
			});
			const input = { value: "x" };
			results.push({
				name: `extensions: tool_call dispatch, 10 extensions, ${kind} handlers, per event per extension`,
				value: Math.round(
					await perEventPerExtension(
						runner,
						(r) => r.emitCollect({ type: "tool_call", toolName: "bash", toolCallId: "1", input }, () => false),
						20_000,
					),
				),
				unit: "ns",
			});
			results.push({
				name: `extensions: input dispatch, 10 extensions, ${kind} handlers, per event per extension`,
				value: Math.round(await perEventPerExtension(runner, (r) => r.emitInput("hello", [], "rpc"), 20_000)),
				unit: "ns",
			});
		}
		return results;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
