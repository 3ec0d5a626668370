// Runs one script in a pooled sandbox worker and answers its calls to the host. The deadline and
// aborts are enforced here, outside the VM: the worker is terminated, whatever the script does.
import type { Worker } from "node:worker_threads";
import type { HostCallMethod, HostToWorker, OutputItem, StoreChanges, WorkerToHost } from "./protocol.js";
import { type WorkerPool, WorkerWaitError } from "./worker-pool.js";

/** What a script's host calls reach. Each may reject; the message is what the script's Error says. */
export interface ScriptHost {
	call(method: HostCallMethod, name: string, args: unknown, signal: AbortSignal): Promise<unknown>;
}

export interface RunScriptOptions {
	code: string;
	tools: { identifier: string; name: string }[];
	allTools: { name: string; description: string }[];
	store: Record<string, unknown>;
	/** Whole-script deadline including the wait for a worker, ms; undefined: none. */
	timeoutMs?: number;
	/** How long to wait for a free worker at most, ms. Default 60000. */
	workerWaitMs?: number;
	/** QuickJS heap limit. Default 256 MB. */
	memoryLimitBytes?: number;
	signal?: AbortSignal;
}

/** How a script ended. */
export type ScriptOutcome =
	| { ok: true; output: OutputItem[]; store: StoreChanges }
	| { ok: false; output: OutputItem[]; error: string };

/** The QuickJS heap limit of a script unless the caller sets one. */
export const DEFAULT_MEMORY_LIMIT = 256 * 1024 * 1024;
const DEFAULT_WORKER_WAIT_MS = 60_000;

/** Runs `code`; never rejects. */
export async function runScript(pool: WorkerPool, host: ScriptHost, options: RunScriptOptions): Promise<ScriptOutcome> {
	const output: OutputItem[] = [];
	const deadline = new AbortController();
	const timer =
		options.timeoutMs !== undefined
			? setTimeout(
					() => deadline.abort(new Error(`Script timed out: Execution timed out after ${options.timeoutMs} ms`)),
					options.timeoutMs,
				)
			: undefined;
	const onAbort = () => deadline.abort(new Error("Script aborted"));
	if (options.signal?.aborted) onAbort();
	options.signal?.addEventListener("abort", onAbort, { once: true });
	try {
		const waitLimit = AbortSignal.any([
			deadline.signal,
			AbortSignal.timeout(options.workerWaitMs ?? DEFAULT_WORKER_WAIT_MS),
		]);
		let worker: Worker;
		try {
			worker = await pool.acquire(waitLimit);
		} catch (error) {
			const reason = deadline.signal.aborted ? deadline.signal.reason : error;
			const message =
				reason instanceof WorkerWaitError || (reason instanceof Error && reason.name === "TimeoutError")
					? "No codemode worker became free in time; the script did not run."
					: reason instanceof Error
						? reason.message
						: String(reason);
			return { ok: false, output, error: message };
		}
		return await drive(pool, worker, host, options, output, deadline.signal);
	} finally {
		if (timer) clearTimeout(timer);
		options.signal?.removeEventListener("abort", onAbort);
	}
}

/** Sends the script to the worker and serves it until it is done, fails or is stopped. */
function drive(
	pool: WorkerPool,
	worker: Worker,
	host: ScriptHost,
	options: RunScriptOptions,
	output: OutputItem[],
	stop: AbortSignal,
): Promise<ScriptOutcome> {
	// Tool calls still running when the script ends are cancelled through this.
	const calls = new AbortController();
	return new Promise<ScriptOutcome>((resolve) => {
		let settled = false;
		const end = (outcome: ScriptOutcome, keepWorker: boolean) => {
			if (settled) return;
			settled = true;
			stop.removeEventListener("abort", onStop);
			worker.off("message", onMessage);
			worker.off("error", onError);
			worker.off("exit", onExit);
			calls.abort(new Error("The script ended"));
			if (keepWorker) pool.release(worker);
			else pool.discard(worker);
			resolve(outcome);
		};
		const onStop = () => {
			const reason = stop.reason instanceof Error ? stop.reason.message : String(stop.reason);
			end({ ok: false, output, error: reason }, false);
		};
		const onError = (error: Error) =>
			end({ ok: false, output, error: `Sandbox worker failed: ${error.message}` }, false);
		const onExit = (code: number) =>
			end({ ok: false, output, error: `Sandbox worker exited unexpectedly (code ${code})` }, false);
		const onMessage = (message: WorkerToHost) => {
			switch (message.type) {
				case "output":
					output.push(message.item);
					return;
				case "done":
					end(
						message.ok ? { ok: true, output, store: message.store } : { ok: false, output, error: message.error },
						true,
					);
					return;
				case "call":
					void answer(message);
					return;
				default: {
					const never: never = message;
					throw new Error(`Unknown sandbox message ${JSON.stringify(never)}`);
				}
			}
		};
		const answer = async (message: Extract<WorkerToHost, { type: "call" }>) => {
			let reply: HostToWorker;
			try {
				const value = await host.call(message.method, message.name, JSON.parse(message.argsJson), calls.signal);
				// "" stands for undefined, which JSON cannot carry.
				reply = {
					type: "settle",
					id: message.id,
					ok: true,
					valueJson: value === undefined ? "" : JSON.stringify(value),
				};
			} catch (error) {
				reply = {
					type: "settle",
					id: message.id,
					ok: false,
					error: error instanceof Error ? error.message : String(error),
				};
			}
			if (!settled) worker.postMessage(reply);
		};
		worker.on("message", onMessage);
		worker.on("error", onError);
		worker.on("exit", onExit);
		if (stop.aborted) return onStop();
		stop.addEventListener("abort", onStop, { once: true });
		const run: HostToWorker = {
			type: "run",
			code: options.code,
			tools: options.tools,
			allTools: options.allTools,
			storeJson: JSON.stringify(options.store),
			memoryLimitBytes: options.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT,
		};
		worker.postMessage(run);
	});
}
