// At most a few sandbox workers per pi process (two by default: the machines have two cores),
// shared by every session. Scripts that find every worker busy wait in arrival order.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { HostToWorker } from "./protocol.js";

/** `PI_CODEMODE_MAX_WORKERS`, else 2. */
export function maxWorkers(): number {
	const configured = Number(process.env.PI_CODEMODE_MAX_WORKERS);
	return Number.isInteger(configured) && configured > 0 ? configured : 2;
}

/** The worker script: beside this file once built; from dist when this file runs from src (tests). */
function workerUrl(): URL {
	const beside = new URL("./worker.js", import.meta.url);
	if (existsSync(fileURLToPath(beside))) return beside;
	return new URL("../../dist/sandbox/worker.js", import.meta.url);
}

/** Thrown when no worker became free in time; the message is what the model sees. */
export class WorkerWaitError extends Error {}

interface Waiter {
	resolve(worker: Worker): void;
	reject(error: Error): void;
}

/** A pool of sandbox workers. A worker serves one script at a time; a killed one frees its slot on exit. */
export class WorkerPool {
	private readonly idle: Worker[] = [];
	private readonly waiters: Waiter[] = [];
	private alive = 0;

	constructor(private readonly limit: () => number = maxWorkers) {}

	/** A free worker; waits (in order) while all are busy, until `signal` aborts. */
	acquire(signal: AbortSignal): Promise<Worker> {
		const idle = this.idle.pop();
		if (idle) {
			idle.ref();
			return Promise.resolve(idle);
		}
		if (this.alive < this.limit()) return Promise.resolve(this.spawn());
		return new Promise<Worker>((resolve, reject) => {
			const waiter: Waiter = {
				resolve: (worker) => {
					signal.removeEventListener("abort", onAbort);
					resolve(worker);
				},
				reject,
			};
			const onAbort = () => {
				const index = this.waiters.indexOf(waiter);
				if (index >= 0) this.waiters.splice(index, 1);
				reject(signal.reason instanceof Error ? signal.reason : new WorkerWaitError(String(signal.reason)));
			};
			if (signal.aborted) {
				onAbort();
				return;
			}
			signal.addEventListener("abort", onAbort, { once: true });
			this.waiters.push(waiter);
		});
	}

	/**
	 * Starts a worker ahead of a script (a codemode call is streaming in), so the script does not
	 * wait for the worker, QuickJS and its VM. Does nothing when one is idle or none may start.
	 */
	prewarm(memoryLimitBytes: number): void {
		if (this.idle.length > 0 || this.waiters.length > 0 || this.alive >= this.limit()) return;
		const worker = this.spawn();
		const warm: HostToWorker = { type: "warm", memoryLimitBytes };
		worker.postMessage(warm);
		worker.unref();
		this.idle.push(worker);
	}

	/** Gives back a worker that finished its script cleanly. */
	release(worker: Worker): void {
		const waiter = this.waiters.shift();
		if (waiter) {
			waiter.resolve(worker);
			return;
		}
		// An idle worker must not keep pi running.
		worker.unref();
		this.idle.push(worker);
	}

	/** Ends a worker (deadline, abort, crash); its slot frees once it has exited. */
	discard(worker: Worker): void {
		worker.removeAllListeners("message");
		void worker.terminate();
		worker.unref();
	}

	/** Terminates idle workers (tests, shutdown). */
	async close(): Promise<void> {
		await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
	}

	private spawn(): Worker {
		this.alive++;
		const worker = new Worker(workerUrl(), {
			// The script's heap lives in WebAssembly memory (limited by QuickJS); this bounds the worker's own JS.
			resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
			stdout: true,
			stderr: true,
		});
		worker.once("exit", () => {
			this.alive--;
			const index = this.idle.indexOf(worker);
			if (index >= 0) this.idle.splice(index, 1);
			const waiter = this.waiters.shift();
			if (waiter) waiter.resolve(this.spawn());
		});
		return worker;
	}
}

/** The pool of this pi process. */
export const sharedWorkerPool = new WorkerPool();
