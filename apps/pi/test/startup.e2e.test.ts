import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;

beforeEach(() => {
	env = createPiTestEnv();
});

afterEach(() => {
	env.cleanup();
});

describe("bad flags: one clear line, exit 1", () => {
	const cases: [string[], string][] = [
		[["--mode"], "Error: --mode requires text, json, rpc, or acp\n"],
		[["--mode", "xml"], 'Error: Invalid mode "xml". Valid values: text, json, rpc, acp\n'],
		[["--provider"], "Error: --provider requires a value\n"],
		[["--model", "--print"], "Error: --model requires a value\n"],
		[
			["--thinking", "huge"],
			'Error: Invalid thinking level "huge". Valid values: off, minimal, low, medium, high, xhigh, max\n',
		],
		[
			["--no-session", "-c"],
			"Error: --no-session and --continue cannot be combined: choose one way to pick the session\n",
		],
		[
			["--session", "a", "--fork", "b"],
			"Error: --fork and --session cannot be combined: choose one way to pick the session\n",
		],
		[["--frobnicate", "-p", "x"], "Error: Unknown option: --frobnicate\n"],
		[["--mode", "rpc", "@notes.txt"], "Error: @file arguments are not supported in RPC mode\n"],
	];
	for (const [args, message] of cases) {
		it(`pi ${args.join(" ")}`, async () => {
			const result = await runPi(env, args);
			expect(result.stderr).toBe(message);
			expect(result.stdout).toBe("");
			expect(result.code).toBe(1);
		});
	}

	it("@file that does not exist", async () => {
		env.writeModelsJson({
			providers: {
				local: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "x", models: [{ id: "m" }] },
			},
		});
		const result = await runPi(env, ["-p", "@missing.txt", "hi"]);
		expect(result.stderr).toBe("Error: File not found: missing.txt (from @missing.txt)\n");
		expect(result.code).toBe(1);
	});

	it("an unknown --model", async () => {
		const result = await runPi(env, ["--model", "no-such-model-anywhere", "-p", "hi"]);
		expect(result.stderr).toBe('Error: Model "no-such-model-anywhere" not found (see pi --list-models)\n');
		expect(result.code).toBe(1);
	});

	it("a package command without its source is 1.4's message and usage line, exit 1", async () => {
		const result = await runPi(env, ["install"]);
		expect(result.stderr).toBe(
			"Missing install source.\nUsage: pi install <source> [-l] [-y] [--approve|--no-approve]\n",
		);
		expect(result.code).toBe(1);
	});
});

describe("first run without a model", () => {
	it("prints how to get one and exits 1, without a stack trace", async () => {
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain("no model available");
		expect(result.stderr).toContain("ANTHROPIC_API_KEY");
		expect(result.stderr).toContain("pi auth set");
		expect(result.stderr).toContain("models.json");
		expect(result.stderr).not.toMatch(/\n\s+at /);
		expect(result.stderr.split("\n").length).toBeLessThan(16);
	});

	let server: Server | undefined;
	afterEach(async () => {
		await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
		server = undefined;
	});

	it("offers the models of a local OpenAI-compatible server found on loopback", async () => {
		let probes = 0;
		server = createServer((request, response) => {
			probes++;
			if (request.url === "/v1/models") {
				response.setHeader("content-type", "application/json");
				response.end(JSON.stringify({ object: "list", data: [{ id: "qwen2.5-coder:7b" }, { id: "llama3.2:3b" }] }));
			} else response.writeHead(404).end();
		});
		await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
		const port = (server.address() as AddressInfo).port;
		const result = await runPi(env, ["-p", "hello"], { extraEnv: { PI_LOCAL_SERVER_PORTS: `ollama:${port}` } });
		expect(result.code).toBe(1);
		expect(probes).toBe(1);
		expect(result.stderr).toContain(
			`Found Ollama at http://127.0.0.1:${port}/v1 with 2 model(s): qwen2.5-coder:7b, llama3.2:3b`,
		);
		expect(result.stderr).toContain('"api": "openai-completions"');
	});

	it("does not probe when a provider is configured", async () => {
		let probes = 0;
		server = createServer((_request, response) => {
			probes++;
			response.end("{}");
		});
		await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
		const port = (server.address() as AddressInfo).port;
		env.writeModelsJson({
			providers: {
				local: {
					baseUrl: `http://127.0.0.1:${port}/v1`,
					api: "openai-completions",
					apiKey: "x",
					models: [{ id: "m" }],
				},
			},
		});
		const result = await runPi(env, ["--list-models"], { extraEnv: { PI_LOCAL_SERVER_PORTS: `ollama:${port}` } });
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^local +m /m);
		expect(probes).toBe(0);
	});
});

describe("what a plain pi -p loads", () => {
	// The built-in extensions (codemode, tool search, MCP) register in every session; their sandbox,
	// clients and config parsers must load only when configured, or every `pi -p` pays for them.
	it("no sandbox worker threads, MCP client, zlib, readline or WebCrypto when nothing needs them", async () => {
		const mock = await startMock();
		try {
			useMockProvider(env, mock);
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hi" }] });
			const listFile = join(env.root, "modules.txt");
			const probe = join(env.root, "module-probe.cjs");
			writeFileSync(
				probe,
				`process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(listFile)}, process.moduleLoadList.join("\\n")));\n`,
			);
			const result = await runPi(env, ["-p", "hi"], { extraEnv: { NODE_OPTIONS: `--require ${probe}` } });
			expect(result.stdout).toBe("hi\n");
			expect(result.code).toBe(0);
			const loaded = readFileSync(listFile, "utf8").split("\n");
			expect(loaded).toContain("NativeModule http"); // the probe sees what the run loaded
			for (const builtin of ["worker_threads", "zlib", "readline", "internal/crypto/webcrypto"])
				expect(loaded.filter((entry) => entry === `NativeModule ${builtin}`)).toEqual([]);
		} finally {
			await mock.close();
		}
	});
});
