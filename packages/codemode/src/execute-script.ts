// Running one codemode script: parse its options line, run it in the sandbox with the other
// tools reachable, record the store, format the result. Imported by the tool's execute() with the
// first script, so sessions that never run one load neither this nor the sandbox.
import type { ExtensionAPI, ExtensionContext } from "@pi/coding-agent";
import { CODEMODE_TOOL_NAME, toCodemodeIdentifier } from "./identifier.js";
import { parseScriptOptions } from "./options-line.js";
import { type CodemodeDetails, formatScriptResult, type NestedCallRecord } from "./result-format.js";
import { runScript } from "./sandbox/run-script.js";
import { sharedWorkerPool, type WorkerPool } from "./sandbox/worker-pool.js";
import { createScriptHost, describeForScripts } from "./script-host.js";
import { hasStoreChanges, STORE_ENTRY_TYPE, storeAlongBranch } from "./store.js";

/** Runs `code` as a codemode script; `pi` writes the store entries. */
export async function executeScript(
	pi: Pick<ExtensionAPI, "appendEntry">,
	givenPool: WorkerPool | undefined,
	code: string,
	signal: AbortSignal | undefined,
	onUpdate: ((partial: { content: { type: "text"; text: string }[]; details: CodemodeDetails }) => void) | undefined,
	ctx: ExtensionContext,
) {
	const started = Date.now();
	const pool = givenPool ?? sharedWorkerPool;
	const calls: NestedCallRecord[] = [];
	const parsed = parseScriptOptions(code);
	// A bad options line is a mistake in the call, not a script that ran: the error alone.
	if ("error" in parsed)
		return { content: [{ type: "text" as const, text: parsed.error }], details: { calls }, isError: true };
	const callable = ctx.tools.filter((tool) => tool.name !== CODEMODE_TOOL_NAME);
	const progress = () =>
		onUpdate?.({
			content: [{ type: "text", text: `Running script: ${calls.length} tool call${calls.length === 1 ? "" : "s"}` }],
			details: { calls: [...calls] },
		});
	const host = createScriptHost(ctx, callable, calls, progress);
	const outcome = await runScript(pool, host, {
		code,
		tools: callable.map((tool) => ({ identifier: toCodemodeIdentifier(tool.name), name: tool.name })),
		allTools: callable.map((tool) => ({
			name: toCodemodeIdentifier(tool.name),
			description: describeForScripts(tool),
		})),
		store: storeAlongBranch(ctx.sessionManager.getBranch()),
		...(parsed.options.timeoutMs !== undefined ? { timeoutMs: parsed.options.timeoutMs } : {}),
		...(signal ? { signal } : {}),
	});
	for (const call of calls) if (call.status === "running") call.status = "cancelled";
	if (outcome.ok && hasStoreChanges(outcome.store)) pi.appendEntry(STORE_ENTRY_TYPE, outcome.store);
	const content = formatScriptResult({
		ok: outcome.ok,
		wallTimeMs: Date.now() - started,
		output: outcome.output,
		...(outcome.ok ? {} : { error: outcome.error }),
		calls,
		maxOutputTokens: parsed.options.maxOutputTokens,
	});
	return { content, details: { calls }, isError: !outcome.ok };
}
