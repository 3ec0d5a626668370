import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pendingFileMutationCount, withFileMutationQueue } from "../../src/core/tools/file-mutation-queue.js";
import { makeTempDir, removeTempDirs } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

function deferred(): { promise: Promise<void>; resolve: () => void } {
	let resolve: () => void = () => {};
	const promise = new Promise<void>((r) => {
		resolve = r;
	});
	return { promise, resolve };
}

/** Lets every pending microtask and a few macrotask turns run (no timed sleep). */
async function settleTicks(): Promise<void> {
	for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("withFileMutationQueue", () => {
	it("runs mutations of the same file one after another, in call order", async () => {
		const dir = makeTempDir(created);
		const file = join(dir, "f.txt");
		const order: string[] = [];
		const gate = deferred();
		const first = withFileMutationQueue(file, async () => {
			order.push("first:start");
			await gate.promise;
			order.push("first:end");
		});
		const second = withFileMutationQueue(file, async () => {
			order.push("second");
		});
		await settleTicks();
		expect(order).toEqual(["first:start"]);
		gate.resolve();
		await Promise.all([first, second]);
		expect(order).toEqual(["first:start", "first:end", "second"]);
		expect(pendingFileMutationCount()).toBe(0);
	});

	it("shares one queue between a path and a symlinked path to the same file", async () => {
		const dir = makeTempDir(created);
		mkdirSync(join(dir, "real"));
		symlinkSync(join(dir, "real"), join(dir, "link"));
		const order: string[] = [];
		const gate = deferred();
		const first = withFileMutationQueue(join(dir, "real", "f.txt"), async () => {
			await gate.promise;
			order.push("via real");
		});
		const second = withFileMutationQueue(join(dir, "link", "f.txt"), async () => {
			order.push("via link");
		});
		await settleTicks();
		gate.resolve();
		await Promise.all([first, second]);
		expect(order).toEqual(["via real", "via link"]);
	});

	it("does not make different files wait, and keeps going after a rejected mutation", async () => {
		const dir = makeTempDir(created);
		const gate = deferred();
		const blocked = withFileMutationQueue(join(dir, "a"), () => gate.promise);
		await expect(withFileMutationQueue(join(dir, "b"), async () => "b done")).resolves.toBe("b done");
		const failing = withFileMutationQueue(join(dir, "a"), async () => {
			throw new Error("boom");
		});
		const after = withFileMutationQueue(join(dir, "a"), async () => "after");
		gate.resolve();
		await blocked;
		await expect(failing).rejects.toThrow("boom");
		await expect(after).resolves.toBe("after");
	});
});
