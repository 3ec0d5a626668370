import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
	budgetFromEnv,
	candidatesFromEnv,
	DISCOVERY_BUDGET_MS,
	discoverLocalServers,
	type LocalServer,
} from "../../src/cli/local-server-discovery.js";
import { noModelGuidance } from "../../src/cli/no-model-guidance.js";

const servers: Server[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<number> {
	const server = createServer(handler);
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return (server.address() as AddressInfo).port;
}

function modelList(response: ServerResponse, ids: string[]): void {
	response.setHeader("content-type", "application/json");
	response.end(JSON.stringify({ object: "list", data: ids.map((id) => ({ id, object: "model" })) }));
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const port = (server.address() as AddressInfo).port;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

describe("discoverLocalServers", () => {
	it("probes every candidate at once and returns all servers found, in candidate order", async () => {
		// Neither server answers before both requests have arrived: sequential probes would find nothing.
		const waiting: (() => void)[] = [];
		const barrier = (ids: string[]) => (_request: IncomingMessage, response: ServerResponse) => {
			waiting.push(() => modelList(response, ids));
			if (waiting.length === 2) for (const answer of waiting) answer();
		};
		const ollama = await listen(barrier(["qwen2.5-coder:7b", "llama3.2:3b"]));
		const vllm = await listen(barrier(["meta/llama-3-8b"]));
		const refused = await closedPort();
		const found = await discoverLocalServers(
			[
				{ id: "ollama", name: "Ollama", port: ollama },
				{ id: "lmstudio", name: "LM Studio", port: refused },
				{ id: "vllm", name: "vLLM", port: vllm },
			],
			10_000,
		);
		expect(found).toEqual([
			{
				id: "ollama",
				name: "Ollama",
				baseUrl: `http://127.0.0.1:${ollama}/v1`,
				models: ["qwen2.5-coder:7b", "llama3.2:3b"],
			},
			{ id: "vllm", name: "vLLM", baseUrl: `http://127.0.0.1:${vllm}/v1`, models: ["meta/llama-3-8b"] },
		]);
	});

	it("gives up on a server that never answers once the budget is spent", async () => {
		const hanging = await listen(() => {
			// Never answers.
		});
		const refused = await closedPort();
		const started = performance.now();
		const found = await discoverLocalServers(
			[
				{ id: "ollama", name: "Ollama", port: hanging },
				{ id: "vllm", name: "vLLM", port: refused },
			],
			DISCOVERY_BUDGET_MS,
		);
		expect(found).toEqual([]);
		expect(performance.now() - started).toBeGreaterThanOrEqual(DISCOVERY_BUDGET_MS - 5);
	});

	it("ignores answers that are not an OpenAI model list", async () => {
		const notFound = await listen((_request, response) => response.writeHead(404).end());
		const notJson = await listen((_request, response) => response.end("<html>"));
		const found = await discoverLocalServers(
			[
				{ id: "a", name: "a", port: notFound },
				{ id: "b", name: "b", port: notJson },
			],
			10_000,
		);
		expect(found).toEqual([]);
	});
});

describe("candidatesFromEnv / budgetFromEnv", () => {
	it("reads id:port pairs, naming known servers and suffixing repeated ids", () => {
		expect(candidatesFromEnv({ PI_LOCAL_SERVER_PORTS: "ollama:1,vllm:2,ollama:3,bad,x:99999" })).toEqual([
			{ id: "ollama", name: "Ollama", port: 1 },
			{ id: "vllm", name: "vLLM", port: 2 },
			{ id: "ollama-2", name: "Ollama", port: 3 },
		]);
		expect(candidatesFromEnv({ PI_LOCAL_SERVER_PORTS: "" })).toEqual([]);
		expect(candidatesFromEnv({}).map((candidate) => candidate.port)).toEqual([11434, 1234, 8080, 8000]);
	});

	it("uses 300 ms unless PI_LOCAL_SERVER_BUDGET_MS is a positive number", () => {
		expect(budgetFromEnv({})).toBe(300);
		expect(budgetFromEnv({ PI_LOCAL_SERVER_BUDGET_MS: "nope" })).toBe(300);
		expect(budgetFromEnv({ PI_LOCAL_SERVER_BUDGET_MS: "5000" })).toBe(5000);
	});
});

describe("noModelGuidance with servers found", () => {
	it("lists every server and every model, and one models.json with all of them", () => {
		const many = Array.from({ length: 12 }, (_, index) => `m${index}`);
		const found: LocalServer[] = [
			{ id: "ollama", name: "Ollama", baseUrl: "http://127.0.0.1:11434/v1", models: many },
			{ id: "vllm", name: "vLLM", baseUrl: "http://127.0.0.1:8000/v1", models: ["big"] },
			{ id: "llamacpp", name: "llama.cpp", baseUrl: "http://127.0.0.1:8080/v1", models: [] },
		];
		const text = noModelGuidance("/agent", found);
		expect(text).toContain(`Found Ollama at http://127.0.0.1:11434/v1 with 12 model(s): ${many.join(", ")}\n`);
		expect(text).toContain("Found vLLM at http://127.0.0.1:8000/v1 with 1 model(s): big\n");
		expect(text).toContain("Found llama.cpp at http://127.0.0.1:8080/v1 with 0 model(s) (no models loaded)\n");
		expect(text).toContain("--model ollama/m0");
		const snippet = JSON.parse(text.slice(text.indexOf("{"))) as {
			providers: Record<string, { baseUrl: string; models: { id: string }[] }>;
		};
		expect(Object.keys(snippet.providers)).toEqual(["ollama", "vllm"]);
		expect(snippet.providers.vllm).toMatchObject({ baseUrl: "http://localhost:8000/v1", models: [{ id: "big" }] });
		expect(snippet.providers.ollama?.models).toHaveLength(12);
	});
});
