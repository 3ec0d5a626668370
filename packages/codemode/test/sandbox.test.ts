import { afterAll, describe, expect, it } from "vitest";
import { runScript, type ScriptHost, type ScriptOutcome } from "../src/sandbox/run-script.js";
import { WorkerPool } from "../src/sandbox/worker-pool.js";

// The worker runs from dist: build the package before these tests (turbo's test depends on build).
const pool = new WorkerPool(() => 2);
afterAll(() => pool.close());

const files: Record<string, string> = { "a.txt": "alpha", "b.txt": "beta" };
const host: ScriptHost = {
	async call(method, name, args) {
		if (method !== "tool") return undefined;
		if (name === "read") {
			const path = (args as { path: string }).path;
			if (!(path in files)) throw new Error(`ENOENT: ${path}`);
			return files[path];
		}
		if (name === "slow") return new Promise(() => {});
		throw new Error(`Tool ${name} not found`);
	},
};

function run(
	code: string,
	extra: { timeoutMs?: number; memoryLimitBytes?: number; store?: Record<string, unknown> } = {},
) {
	return runScript(pool, host, {
		code,
		tools: [
			{ identifier: "read", name: "read" },
			{ identifier: "slow", name: "slow" },
		],
		allTools: [{ name: "read", description: "Reads a file" }],
		store: extra.store ?? {},
		timeoutMs: extra.timeoutMs ?? 10_000,
		...(extra.memoryLimitBytes ? { memoryLimitBytes: extra.memoryLimitBytes } : {}),
	});
}

function texts(outcome: ScriptOutcome): string[] {
	return outcome.output.map((item) => (item.kind === "image" ? `image:${item.mimeType}` : `${item.kind}:${item.text}`));
}

describe("the QuickJS sandbox", () => {
	it("runs tool calls in parallel, keeps output in order and returns the value", async () => {
		const outcome = await run(
			"const [a, b] = await Promise.all([tools.read({ path: 'a.txt' }), tools.read({ path: 'b.txt' })]);\nconsole.log('got', a.length, { b });\ntext('first');\nreturn { a, b };",
		);
		expect(outcome.ok).toBe(true);
		expect(texts(outcome)).toEqual(['console:got 5 {"b":"beta"}', "text:first", 'text:{"a":"alpha","b":"beta"}']);
	});

	it("a failed tool call rejects with the tool's text; allSettled keeps the rest", async () => {
		const failed = await run("await tools.read({ path: 'missing' });");
		expect(failed).toMatchObject({ ok: false, error: "Error: ENOENT: missing" });
		const settled = await run(
			"const r = await Promise.allSettled([tools.read({ path: 'a.txt' }), tools.read({ path: 'x' })]); return r.map((x) => x.status);",
		);
		expect(texts(settled)).toEqual(['text:["fulfilled","rejected"]']);
	});

	it("has no Node, module, timer or network globals; Function makes code only inside the VM", async () => {
		const outcome = await run(
			"return [typeof require, typeof process, typeof setTimeout, typeof fetch, typeof WebAssembly, typeof globalThis.__pi_call, Function('return typeof process')()];",
		);
		expect(texts(outcome)).toEqual([
			'text:["undefined","undefined","undefined","undefined","undefined","undefined","undefined"]',
		]);
		const imported = await run("return await import('node:fs');");
		expect(imported.ok).toBe(false);
		const constructorEscape = await run("return (() => {}).constructor('return this')().process === undefined;");
		expect(texts(constructorEscape)).toEqual(["text:true"]);
	});

	it("prototype pollution stays inside the VM: host objects are plain JSON copies", async () => {
		const outcome = await run(
			"Object.prototype.polluted = 'yes'; const a = await tools.read({ path: 'a.txt' }); return [a, ALL_TOOLS.length];",
		);
		expect(outcome.ok).toBe(true);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		const frozen = await run(
			"tools.read = () => 'fake'; globalThis.tools = {}; return await tools.read({ path: 'a.txt' });",
		);
		expect(texts(frozen)).toEqual(["text:alpha"]);
	});

	it("only the tools given are reachable: another name fails with the names that exist", async () => {
		const outcome = await run("return typeof tools.bash;");
		expect(outcome).toMatchObject({ ok: false });
		if (!outcome.ok)
			expect(outcome.error).toMatch(
				/^TypeError: tools\.bash does not exist\. Available: read, slow\. ALL_TOOLS lists every callable tool/,
			);
		const near = await run("return tools.reed;");
		if (!near.ok) expect(near.error).toContain("tools.reed does not exist. Did you mean tools.read?");
		const probes = await run(
			"return [typeof tools.then, typeof tools.toJSON, typeof tools[Symbol.iterator], 'read' in tools, 'bash' in tools, Object.keys(tools), JSON.stringify(tools)];",
		);
		expect(texts(probes)).toEqual(['text:["undefined","undefined","undefined",true,false,["read","slow"],"{}"]']);
	});

	it("tools has no prototype: its constructor leads nowhere", async () => {
		const outcome = await run(
			"return [Object.getPrototypeOf(tools), typeof tools.constructor, typeof tools.__proto__];",
		);
		expect(texts(outcome)).toEqual(['text:[null,"undefined","undefined"]']);
		const constructorEscape = await run("return tools.constructor.constructor('return this')();");
		expect(outcome.ok && !constructorEscape.ok).toBe(true);
		if (!constructorEscape.ok)
			expect(constructorEscape.error).toMatch(/^TypeError: cannot read property 'constructor' of undefined/);
	});

	it("the driver's functions are not globals of the script", async () => {
		const outcome = await run(
			"return Object.getOwnPropertyNames(globalThis).filter((name) => name.startsWith('__pi'));",
		);
		expect(texts(outcome)).toEqual(["text:[]"]);
	});

	it("an endless loop ends at the deadline, and the pool still serves the next script", async () => {
		const outcome = await run("while (true) {}", { timeoutMs: 300 });
		expect(outcome).toMatchObject({ ok: false, error: "Script timed out: Execution timed out after 300 ms" });
		expect(texts(await run("return 1"))).toEqual(["text:1"]);
	});

	it("an allocation bomb fails with out of memory inside the VM", async () => {
		const outcome = await run("const a = []; while (true) a.push(new Array(1e5).fill(1));", {
			memoryLimitBytes: 32 * 1024 * 1024,
			timeoutMs: 20_000,
		});
		expect(outcome.ok).toBe(false);
		if (!outcome.ok) expect(outcome.error).toContain("out of memory");
	});

	it("a promise nothing can settle fails at once; exit() ends successfully", async () => {
		expect(await run("await new Promise(() => {});")).toMatchObject({ ok: false });
		const exited = await run("text('before'); exit(); text('after');");
		expect(exited.ok).toBe(true);
		expect(texts(exited)).toEqual(["text:before"]);
	});

	it("syntax errors carry their position; a thrown non-Error reads as an Error", async () => {
		const syntax = await run("return 1 +;");
		expect(syntax).toMatchObject({
			ok: false,
			error: "SyntaxError: unexpected token in expression: ';'\n    at codemode.js:1:39",
		});
		expect(await run("throw 'a string';")).toMatchObject({ ok: false, error: "Error: a string" });
		expect(await run("throw { a: 1 };")).toMatchObject({ ok: false, error: 'Error: {"a":1}' });
	});

	it("store() refuses non-string keys, non-JSON values and large values with typed errors", async () => {
		const key = await run("store(1, 2);");
		if (!key.ok) expect(key.error).toMatch(/^TypeError: store\(\) key must be a string/);
		const fn = await run("store('f', () => 1);");
		if (!fn.ok) expect(fn.error).toMatch(/^TypeError: store\("f"\) value is not JSON/);
		const big = await run("store('big', 'x'.repeat(300000));");
		if (!big.ok) expect(big.error).toMatch(/^RangeError: store\("big"\) value has 300002 characters of JSON/);
		expect([key.ok, fn.ok, big.ok]).toEqual([false, false, false]);
	});

	it("errors carry the script's line and column", async () => {
		const outcome = await run("const x = 1;\nundefinedFn();");
		expect(outcome).toMatchObject({ ok: false });
		if (!outcome.ok)
			expect(outcome.error).toMatch(
				/^ReferenceError: undefinedFn is not defined\n {4}at <anonymous> \(codemode\.js:2:\d+\)$/,
			);
	});

	it("store and load see the given store; writes come back only from a successful script", async () => {
		const outcome = await run("const n = load('n'); store('n', n + 1); store('gone', undefined); return load('n');", {
			store: { n: 1, gone: true },
		});
		expect(outcome).toMatchObject({ ok: true, store: { set: { n: 2 }, delete: ["gone"] } });
		expect(texts(outcome)).toEqual(["text:2"]);
	});

	it("images: data URLs and image blocks; remote URLs are refused", async () => {
		const ok = await run(
			"image('data:image/png;base64,AAAA'); image({ type: 'image', data: 'BBBB', mimeType: 'image/jpeg' });",
		);
		expect(texts(ok)).toEqual(["image:image/png", "image:image/jpeg"]);
		expect((await run("image('https://example.com/x.png')")).ok).toBe(false);
	});
});
