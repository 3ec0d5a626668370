import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Guard = typeof import("../../src/modes/output-guard.js");
type WriteCallback = (error?: Error | null) => void;

const realStdoutWrite = process.stdout.write;
const realStderrWrite = process.stderr.write;

interface FakeStream {
	chunks: string[];
	write: (chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => boolean;
}

function fakeStream(behaviour?: (chunk: string, callback: WriteCallback | undefined) => boolean): FakeStream {
	const chunks: string[] = [];
	return {
		chunks,
		write(chunk, encoding, callback) {
			const cb = (typeof encoding === "function" ? encoding : callback) as WriteCallback | undefined;
			const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
			if (behaviour) return behaviour(text, cb);
			chunks.push(text);
			queueMicrotask(() => cb?.());
			return true;
		},
	};
}

async function freshGuard(stdout: FakeStream, stderr: FakeStream): Promise<Guard> {
	process.stdout.write = stdout.write as typeof process.stdout.write;
	process.stderr.write = stderr.write as typeof process.stderr.write;
	vi.resetModules();
	return import("../../src/modes/output-guard.js");
}

describe("output guard", () => {
	beforeEach(() => {
		vi.useRealTimers();
	});
	afterEach(() => {
		process.stdout.write = realStdoutWrite;
		process.stderr.write = realStderrWrite;
		vi.useRealTimers();
	});

	it("sends process.stdout.write (and so console.log) to stderr after takeover, keeping callbacks", async () => {
		const out = fakeStream();
		const err = fakeStream();
		const guard = await freshGuard(out, err);
		guard.takeOverStdout();
		guard.takeOverStdout();
		const called = new Promise<void>((resolve) => process.stdout.write("stray\n", () => resolve()));
		await called;
		await guard.writeRawStdout("record\n");
		expect(err.chunks).toEqual(["stray\n"]);
		expect(out.chunks).toEqual(["record\n"]);
		expect(guard.isStdoutTakenOver()).toBe(true);
	});

	it("serialises concurrent writes in call order and ignores empty text", async () => {
		const out = fakeStream((chunk, cb) => {
			out.chunks.push(chunk);
			setTimeout(() => cb?.(), chunk === "a" ? 5 : 0);
			return true;
		});
		const guard = await freshGuard(out, fakeStream());
		guard.takeOverStdout();
		void guard.writeRawStdout("a");
		void guard.writeRawStdout("");
		void guard.writeRawStdout("b");
		await guard.waitForRawStdoutBackpressure();
		expect(out.chunks).toEqual(["a", "b"]);
	});

	it("retries EAGAIN and ENOBUFS after 10 ms instead of crashing", async () => {
		vi.useFakeTimers();
		let failures = 2;
		const out = fakeStream((chunk, cb) => {
			if (failures > 0) {
				const error = Object.assign(new Error("busy"), { code: failures === 2 ? "EAGAIN" : "ENOBUFS" });
				failures--;
				if (failures === 1) throw error;
				queueMicrotask(() => cb?.(error));
				return false;
			}
			out.chunks.push(chunk);
			queueMicrotask(() => cb?.());
			return true;
		});
		const guard = await freshGuard(out, fakeStream());
		guard.takeOverStdout();
		let done = false;
		void guard.writeRawStdout("x").then(() => {
			done = true;
		});
		await vi.advanceTimersByTimeAsync(9);
		expect(out.chunks).toEqual([]);
		await vi.advanceTimersByTimeAsync(20);
		expect(out.chunks).toEqual(["x"]);
		expect(done).toBe(true);
	});

	it("waits for drain when the buffer is full; the backpressure wait covers writes queued meanwhile", async () => {
		const out = fakeStream((chunk, cb) => {
			out.chunks.push(chunk);
			queueMicrotask(() => cb?.());
			return chunk !== "full";
		});
		const guard = await freshGuard(out, fakeStream());
		guard.takeOverStdout();
		void guard.writeRawStdout("full");
		let waited = false;
		const wait = guard.waitForRawStdoutBackpressure().then(() => {
			waited = true;
		});
		void guard.writeRawStdout("later");
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(waited).toBe(false);
		expect(out.chunks).toEqual(["full"]);
		process.stdout.emit("drain");
		await wait;
		expect(out.chunks).toEqual(["full", "later"]);
	});

	it("rawStdoutBackpressure is undefined while nothing is pending and a wait while a write waits for drain", async () => {
		const out = fakeStream((chunk, cb) => {
			out.chunks.push(chunk);
			queueMicrotask(() => cb?.());
			return chunk !== "full";
		});
		const guard = await freshGuard(out, fakeStream());
		guard.takeOverStdout();
		expect(guard.rawStdoutBackpressure()).toBeUndefined();
		await guard.writeRawStdout("ok");
		expect(guard.rawStdoutBackpressure()).toBeUndefined();
		void guard.writeRawStdout("full");
		const wait = guard.rawStdoutBackpressure();
		expect(wait).toBeInstanceOf(Promise);
		let waited = false;
		void wait?.then(() => {
			waited = true;
		});
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(waited).toBe(false);
		process.stdout.emit("drain");
		await wait;
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(guard.rawStdoutBackpressure()).toBeUndefined();
	});

	it("flushRawStdout waits for the tail and an empty write", async () => {
		const out = fakeStream();
		const guard = await freshGuard(out, fakeStream());
		guard.takeOverStdout();
		void guard.writeRawStdout("last\n");
		await guard.flushRawStdout();
		expect(out.chunks).toEqual(["last\n", ""]);
	});

	it("exits with status 1 on any other write error", async () => {
		const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
		const err = fakeStream();
		const out = fakeStream((_chunk, cb) => {
			queueMicrotask(() => cb?.(Object.assign(new Error("broken pipe"), { code: "EPIPE" })));
			return true;
		});
		const guard = await freshGuard(out, err);
		guard.takeOverStdout();
		await guard.writeRawStdout("x");
		expect(exit).toHaveBeenCalledWith(1);
		expect(err.chunks.join("")).toContain("broken pipe");
		exit.mockRestore();
	});
});
