// The sandbox worker: runs one script at a time in a fresh QuickJS VM (WebAssembly). The VM has no
// Node APIs, modules, timers or I/O; it reaches pi only through messages to the host thread. The
// host enforces the deadline by terminating this worker, so an endless loop cannot outlive it.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { type JSValueHandle, QuickJS } from "quickjs-wasi";
import { PRELUDE_SOURCE } from "./prelude.js";
import type { HostCallMethod, HostToWorker, StoreChanges, WorkerToHost } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("The codemode sandbox runs only as a worker thread");

/** A compiled WebAssembly module, as QuickJS.create takes it (no DOM lib here, so by its parameter). */
type WasmModule = Parameters<typeof QuickJS.create>[0] extends { wasm: infer W } ? W : never;
/** Node's global WebAssembly, typed for the one call made here. */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
	.WebAssembly;

let compiled: Promise<WasmModule> | undefined;

/** The QuickJS module, compiled once per worker. */
function wasmModule(): Promise<WasmModule> {
	compiled ??= (async () => {
		const path = createRequire(import.meta.url).resolve("quickjs-wasi/quickjs.wasm");
		return wasmApi.compile(await readFile(path));
	})();
	return compiled;
}

function post(message: WorkerToHost): void {
	port?.postMessage(message);
}

/** One script run: its VM, its pending host calls, and how it ends. */
class ScriptRun {
	private nextCallId = 0;
	private settle: JSValueHandle | undefined;
	private pendingCount: JSValueHandle | undefined;
	done = false;

	constructor(
		private readonly vm: QuickJS,
		private readonly memoryLimitBytes: number,
	) {}

	start(message: Extract<HostToWorker, { type: "run" }>): void {
		const vm = this.vm;
		vm.setProp(
			vm.global,
			"__pi_call",
			vm.newFunction("__pi_call", (method, name, argsJson) => {
				const id = ++this.nextCallId;
				post({
					type: "call",
					id,
					method: method?.toString() as HostCallMethod,
					name: name?.toString() ?? "",
					argsJson: argsJson?.toString() ?? "{}",
				});
				return vm.newNumber(id);
			}),
		);
		vm.setProp(
			vm.global,
			"__pi_emit",
			vm.newFunction("__pi_emit", (kind, payload) => {
				const text = payload?.toString() ?? "";
				const which = kind?.toString();
				if (which === "image") {
					const image = JSON.parse(text) as { data: string; mimeType: string };
					post({ type: "output", item: { kind: "image", data: image.data, mimeType: image.mimeType } });
				} else post({ type: "output", item: { kind: which === "console" ? "console" : "text", text } });
				return vm.undefined;
			}),
		);
		vm.setProp(
			vm.global,
			"__pi_finish",
			vm.newFunction("__pi_finish", (ok, payload) => {
				this.finish(ok?.toString() === "true", payload?.toString() ?? "");
				return vm.undefined;
			}),
		);
		const config = JSON.stringify({ tools: message.tools, allTools: message.allTools, storeJson: message.storeJson });
		const driver = vm.evalCode(PRELUDE_SOURCE.replace("__PI_CONFIG__", config), "prelude.js");
		this.settle = driver.getProp("settle");
		this.pendingCount = driver.getProp("pending");
		const run = driver.getProp("run");
		driver.dispose();
		try {
			// The script's first line stays line 1 of codemode.js, so error lines match what the model wrote.
			const script = vm.evalCode(`${SCRIPT_PREFIX}${message.code}\n})`, "codemode.js");
			const promise = vm.callFunction(script, vm.undefined);
			script.dispose();
			vm.callFunction(run, vm.undefined, promise).dispose();
			promise.dispose();
		} finally {
			run.dispose();
		}
		this.pump();
	}

	/** Delivers a host call's answer, then runs what it unblocked. */
	settleCall(message: Extract<HostToWorker, { type: "settle" }>): void {
		if (this.done || !this.settle) return;
		const vm = this.vm;
		const payload = message.ok ? message.valueJson : message.error;
		const args = [vm.newNumber(message.id), message.ok ? vm.true : vm.false, vm.newString(payload)];
		try {
			vm.callFunction(this.settle, vm.undefined, ...args).dispose();
		} catch (error) {
			this.fail(error);
			return;
		}
		this.pump();
	}

	/** Runs pending jobs; a script waiting with no host call pending can never finish. */
	private pump(): void {
		try {
			this.vm.executePendingJobs();
		} catch (error) {
			this.fail(error);
			return;
		}
		if (this.done || !this.pendingCount) return;
		const pending = this.vm.callFunction(this.pendingCount, this.vm.undefined);
		const count = pending.toNumber();
		pending.dispose();
		if (count === 0)
			this.finish(
				false,
				"Error: The script is waiting for a promise that nothing can settle (no tool call is pending, and scripts have no timers).",
			);
	}

	/** Ends a run whose script could not start, and frees its VM. */
	failToStart(error: unknown): void {
		this.finish(false, describeStartError(error));
	}

	private fail(error: unknown): void {
		this.finish(false, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
	}

	private finish(ok: boolean, payload: string): void {
		if (this.done) return;
		this.done = true;
		if (ok) post({ type: "done", ok: true, store: JSON.parse(payload) as StoreChanges });
		else post({ type: "done", ok: false, error: payload });
		// Disposing inside a bridge call would free the VM under the running script: defer it. The
		// next script's VM is made now, while the worker waits for it.
		queueMicrotask(() => {
			this.dispose();
			prepareSpare(this.memoryLimitBytes);
		});
	}

	private dispose(): void {
		this.settle?.dispose();
		this.pendingCount?.dispose();
		this.vm.dispose();
	}
}

/**
 * What the script is wrapped in: an async arrow function, padded on the left so that columns on
 * line 1 of `codemode.js` read as pi 1.4 reports them (its wrapper is 28 characters long).
 */
const SCRIPT_PREFIX = "(async () => {".padStart(28);

/** A failure before the script ran: its syntax error with the position in `codemode.js`. */
function describeStartError(error: unknown): string {
	if (!(error instanceof Error)) return String(error);
	const frames = String(error.stack ?? "")
		.split("\n")
		.filter((line) => line.includes("codemode.js"));
	return [`${error.name}: ${error.message}`, ...frames].join("\n");
}

let current: ScriptRun | undefined;

/**
 * A fresh VM made while the worker was idle, for the next script: creating one takes tens of
 * milliseconds that would otherwise come before every script. Each script still gets its own VM.
 */
let spare: { memoryLimitBytes: number; vm: Promise<QuickJS> } | undefined;

function prepareSpare(memoryLimitBytes: number): void {
	if (spare?.memoryLimitBytes === memoryLimitBytes) return;
	spare?.vm.then((vm) => vm.dispose()).catch(() => {});
	const vm = wasmModule().then((wasm) => QuickJS.create({ wasm, memoryLimit: memoryLimitBytes }));
	vm.catch(() => {}); // a failure shows when a script takes it
	spare = { memoryLimitBytes, vm };
}

/** The spare VM when it fits, else a new one. */
function takeVm(memoryLimitBytes: number): Promise<QuickJS> {
	const taken = spare?.memoryLimitBytes === memoryLimitBytes ? spare.vm : undefined;
	if (taken) spare = undefined;
	return taken ?? wasmModule().then((wasm) => QuickJS.create({ wasm, memoryLimit: memoryLimitBytes }));
}

port.on("message", (message: HostToWorker) => {
	if (message.type === "settle") {
		current?.settleCall(message);
		return;
	}
	if (message.type === "warm") {
		prepareSpare(message.memoryLimitBytes);
		return;
	}
	void (async () => {
		const vm = await takeVm(message.memoryLimitBytes);
		current = new ScriptRun(vm, message.memoryLimitBytes);
		try {
			current.start(message);
		} catch (error) {
			// A syntax error in the script, or the VM running out of memory while evaluating it.
			current.failToStart(error);
		}
	})();
});
