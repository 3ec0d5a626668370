import { createServer, request as httpRequest, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock } from "./support/index.js";

// Issue 26: the reference's provider catalogue and the six wire APIs added to @pi/ai, through the CLI.

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	// Failures are asserted as they come back, not after the agent's retries.
	env.writeSettings({ retry: { enabled: false } });
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

/** The `provider/model` ids of the `--list-models` table (header line skipped). */
function listedModels(stdout: string): string[] {
	return stdout
		.split("\n")
		.slice(1)
		.filter(Boolean)
		.map((line) => line.split(/\s+/).slice(0, 2).join("/"));
}

/** The provider ids `--list-models` printed (first column). */
function listedProviders(stdout: string): string[] {
	return [...new Set(listedModels(stdout).map((id) => id.split("/")[0] ?? ""))];
}

describe("provider catalogue", () => {
	it.each([
		["DEEPSEEK_API_KEY", "deepseek", "deepseek-v4-pro"],
		["FIREWORKS_API_KEY", "fireworks", undefined],
		["TOGETHER_API_KEY", "together", undefined],
		["AWS_BEARER_TOKEN_BEDROCK", "amazon-bedrock", undefined],
		["GOOGLE_CLOUD_API_KEY", "google-vertex", "gemini-2.5-pro"],
		["AZURE_OPENAI_API_KEY", "azure", "gpt-5.4"],
		["MISTRAL_API_KEY", "mistral", undefined],
		["RADIUS_API_KEY", "radius", undefined],
	])("%s makes the %s models available and --list-models lists them", async (variable, provider, model) => {
		const result = await runPi({ ...env, env: { ...env.env, [variable]: "test-key" } }, ["--list-models"]);
		expect(result.code).toBe(0);
		expect(result.stdout.split("\n")[0]).toMatch(/^provider +model +context +max-out +thinking +images$/);
		expect(listedProviders(result.stdout)).toEqual([provider]);
		if (model) expect(listedModels(result.stdout)).toContain(`${provider}/${model}`);
	});

	it("counts AWS access keys as Bedrock credentials", async () => {
		const result = await runPi(
			{ ...env, env: { ...env.env, AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret" } },
			["--list-models", "amazon-bedrock"],
		);
		expect(listedModels(result.stdout).length).toBeGreaterThan(100);
	});
});

const JWT = [
	"e30",
	Buffer.from(JSON.stringify({ "https://api.openai.com/auth": { chatgpt_account_id: "acct_1" } })).toString(
		"base64url",
	),
	"sig",
].join(".");

/** One custom provider per new API, pointed at the mock, and how its credential arrives. */
const APIS: {
	api: string;
	path: (url: string) => string;
	key: string;
	credential: (h: Record<string, string>) => unknown;
}[] = [
	{ api: "bedrock-converse-stream", path: (url) => url, key: "bedrock-token", credential: (h) => h.authorization },
	{ api: "google-vertex", path: (url) => url, key: "vertex-key", credential: (h) => h["x-goog-api-key"] },
	{
		api: "azure-openai-responses",
		path: (url) => `${url}/openai/v1`,
		key: "azure-key",
		credential: (h) => h["api-key"],
	},
	{ api: "mistral-conversations", path: (url) => url, key: "mistral-key", credential: (h) => h.authorization },
	{ api: "openai-codex-responses", path: (url) => url, key: JWT, credential: (h) => h["chatgpt-account-id"] },
	{ api: "pi-messages", path: (url) => `${url}/v1`, key: "pi-key", credential: (h) => h.authorization },
];

const EXPECTED_CREDENTIAL: Record<string, string> = {
	"bedrock-converse-stream": "Bearer bedrock-token",
	"google-vertex": "vertex-key",
	"azure-openai-responses": "azure-key",
	"mistral-conversations": "Bearer mistral-key",
	"openai-codex-responses": "acct_1",
	"pi-messages": "Bearer pi-key",
};

describe.each(APIS)("$api through a models.json provider", ({ api, path, key, credential }) => {
	beforeEach(() => {
		env.writeModelsJson({
			providers: {
				custom: { api, baseUrl: path(mock.url), apiKey: key, models: [{ id: "test-model", reasoning: true }] },
			},
		});
	});

	it("answers with text, sends the credential, and reports usage", async () => {
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: `hello via ${api}` }],
			usage: { input: 40, output: 9 },
		});
		const result = await runPi(env, ["--model", "custom/test-model", "--mode", "json", "-p", "hi"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`hello via ${api}`);
		expect(credential(mock.requests[0]?.headers ?? {})).toBe(EXPECTED_CREDENTIAL[api]);
		expect(result.stdout).toMatch(/"input":40,"output":9/);
	});

	it("runs a tool round trip", async () => {
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", name: "ls", arguments: { path: "." } }] },
			{ type: "reply", blocks: [{ type: "text", text: "listed" }] },
		);
		const result = await runPi(env, ["--model", "custom/test-model", "-p", "list files"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("listed\n");
		expect(mock.requests).toHaveLength(2);
		expect(JSON.stringify(mock.requests[1]?.body)).toContain("ls");
	});

	it.each([429, 500] as const)("reports HTTP %i with its status and exits non-zero", async (status) => {
		mock.enqueue({ type: "error", status });
		const result = await runPi(env, ["--model", "custom/test-model", "-p", "hi"]);
		expect(result.code).not.toBe(0);
		expect(result.stderr).toContain(String(status));
	});
});

describe("HTTP error lines as pi 1.4 prints them", () => {
	it.each([
		{
			api: "azure-openai-responses",
			path: (url: string) => `${url}/openai/v1`,
			line: 'Azure OpenAI API error (429): {"message":"Slow down","type":"tokens","param":null,"code":"rate_limit_exceeded"}',
		},
		{ api: "mistral-conversations", path: (url: string) => url, line: "Mistral API error (429): {" },
	])("$api: the vendor's error body after the API's name and the status", async ({ api, path, line }) => {
		env.writeModelsJson({
			providers: { custom: { api, baseUrl: path(mock.url), apiKey: "k", models: [{ id: "test-model" }] } },
		});
		mock.enqueue({ type: "error", status: 429, message: "Slow down" });
		const result = await runPi(env, ["--model", "custom/test-model", "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr.startsWith(line)).toBe(true);
		expect(result.stderr).toContain("Slow down");
	});
});

/**
 * A loopback forward proxy for http targets: plain requests arrive with the absolute URL and are
 * relayed; WebSocket upgrades are relayed as raw bytes. `seen` lists each request's target.
 */
async function startLoopbackProxy(): Promise<{ url: string; seen: string[]; server: Server }> {
	const seen: string[] = [];
	const server = createServer((incoming, response) => {
		seen.push(`${incoming.method} ${incoming.url}`);
		const target = new URL(incoming.url ?? "/");
		const relay = httpRequest(
			{
				host: target.hostname,
				port: target.port,
				path: `${target.pathname}${target.search}`,
				method: incoming.method,
				headers: incoming.headers,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		incoming.pipe(relay);
	});
	server.on("upgrade", (incoming, socket, head) => {
		seen.push(`${incoming.method} ${incoming.url}`);
		const target = new URL(incoming.url ?? "/");
		const upstream = connect(Number(target.port), target.hostname, () => {
			const headers = Object.entries(incoming.headers).map(([name, value]) => `${name}: ${String(value)}\r\n`);
			upstream.write(`GET ${target.pathname}${target.search} HTTP/1.1\r\n${headers.join("")}\r\n`);
			upstream.write(head);
			upstream.pipe(socket);
			socket.pipe(upstream);
		});
		upstream.on("error", () => socket.destroy());
		socket.on("error", () => upstream.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const BUILTIN_APIS = [
	{ api: "anthropic-messages", path: (url: string) => url, key: "k" },
	{ api: "openai-completions", path: (url: string) => `${url}/v1`, key: "k" },
	{ api: "openai-responses", path: (url: string) => `${url}/v1`, key: "k" },
	{ api: "google-generative-ai", path: (url: string) => url, key: "k" },
];

describe("proxies", () => {
	let proxy: Awaited<ReturnType<typeof startLoopbackProxy>>;
	beforeEach(async () => {
		proxy = await startLoopbackProxy();
	});
	afterEach(() => {
		proxy.server.closeAllConnections();
		proxy.server.close();
	});

	it.each([...APIS, ...BUILTIN_APIS])("$api goes through HTTP_PROXY (NO_PROXY empty)", async ({ api, path, key }) => {
		env.writeModelsJson({
			providers: { custom: { api, baseUrl: path(mock.url), apiKey: key, models: [{ id: "test-model" }] } },
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "proxied" }] });
		const result = await runPi({ ...env, env: { ...env.env, HTTP_PROXY: proxy.url, NO_PROXY: "", no_proxy: "" } }, [
			"--model",
			"custom/test-model",
			"-p",
			"hi",
		]);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("proxied\n");
		expect(proxy.seen).toHaveLength(1);
		expect(proxy.seen[0]).toContain(mock.url);
	});

	it("NO_PROXY keeps a host off the proxy", async () => {
		env.writeModelsJson({
			providers: { custom: { api: "pi-messages", baseUrl: `${mock.url}/v1`, apiKey: "k", models: [{ id: "m" }] } },
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "direct" }] });
		const result = await runPi({ ...env, env: { ...env.env, HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" } }, [
			"--model",
			"custom/m",
			"-p",
			"hi",
		]);
		expect(result.stdout).toBe("direct\n");
		expect(proxy.seen).toEqual([]);
	});

	it("the httpProxy setting is used when the environment names no proxy", async () => {
		env.writeSettings({ retry: { enabled: false }, httpProxy: proxy.url });
		env.writeModelsJson({
			providers: {
				custom: { api: "bedrock-converse-stream", baseUrl: mock.url, apiKey: "k", models: [{ id: "m" }] },
			},
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "via setting" }] });
		const result = await runPi({ ...env, env: { ...env.env, NO_PROXY: "", no_proxy: "" } }, [
			"--model",
			"custom/m",
			"-p",
			"hi",
		]);
		expect(result.stdout).toBe("via setting\n");
		expect(proxy.seen).toHaveLength(1);
	});
});

describe("documented credential routes of the built-in providers", () => {
	it("signs Bedrock requests with AWS access keys (SigV4) in the configured region", async () => {
		env.writeModelsJson({ providers: { "amazon-bedrock": { baseUrl: mock.url } } });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "signed" }] });
		const result = await runPi(
			{
				...env,
				env: { ...env.env, AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret", AWS_REGION: "us-west-2" },
			},
			["--model", "amazon-bedrock/anthropic.claude-haiku-5-5", "-p", "hi"],
		);
		expect(result.stdout).toBe("signed\n");
		expect(mock.requests[0]?.headers.authorization).toMatch(
			/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/bedrock\/aws4_request/,
		);
	});

	it("reaches an Azure resource from AZURE_OPENAI_BASE_URL with the deployment map", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "azure" }] });
		const result = await runPi(
			{
				...env,
				env: {
					...env.env,
					AZURE_OPENAI_API_KEY: "azure-key",
					AZURE_OPENAI_BASE_URL: `${mock.url}/openai/v1`,
					AZURE_OPENAI_DEPLOYMENT_NAME_MAP: "gpt-5.4=my-deployment",
				},
			},
			["--model", "azure/gpt-5.4", "-p", "hi"],
		);
		expect(result.stdout).toBe("azure\n");
		expect(mock.requests[0]?.path).toBe("/openai/v1/responses?api-version=v1");
		expect(mock.requests[0]?.headers["api-key"]).toBe("azure-key");
		expect((mock.requests[0]?.body as { model?: string } | undefined)?.model).toBe("my-deployment");
	});

	it("uses GOOGLE_CLOUD_API_KEY for Vertex AI", async () => {
		env.writeModelsJson({ providers: { "google-vertex": { baseUrl: mock.url } } });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "vertex" }] });
		const result = await runPi({ ...env, env: { ...env.env, GOOGLE_CLOUD_API_KEY: "gcp-key" } }, [
			"--model",
			"google-vertex/gemini-2.5-pro",
			"-p",
			"hi",
		]);
		expect(result.stdout).toBe("vertex\n");
		expect(mock.requests[0]?.path).toBe("/v1/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse");
		expect(mock.requests[0]?.headers["x-goog-api-key"]).toBe("gcp-key");
	});
});

/** A one-file ustar archive holding `package/dist/providers/data/deepseek.json`. */
function deepseekTarball(): Buffer {
	const content = Buffer.from(
		JSON.stringify({
			"openai-completions": {
				"chat:deepseek-next": {
					id: "deepseek-next",
					name: "DeepSeek Next",
					api: "openai-completions",
					baseUrl: "https://api.deepseek.com",
					reasoning: true,
					input: ["text"],
					cost: { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 0 },
					contextWindow: 2_000_000,
					maxTokens: 100_000,
					type: "chat",
				},
			},
		}),
	);
	const header = Buffer.alloc(512);
	header.write("package/dist/providers/data/deepseek.json", 0);
	header.write(`${content.length.toString(8).padStart(11, "0")}\0`, 124);
	header.write("0", 156);
	return gzipSync(
		Buffer.concat([header, content, Buffer.alloc((512 - (content.length % 512)) % 512), Buffer.alloc(1024)]),
	);
}

describe("pi update --models", () => {
	it("refreshes the catalogue from the registry on request; later runs use it", async () => {
		const registry = createServer((request, response) => {
			const base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
			if (request.url?.endsWith("/latest")) {
				response.end(JSON.stringify({ version: "9.9.9", dist: { tarball: `${base}/pi-ai.tgz` } }));
			} else response.end(deepseekTarball());
		});
		await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
		try {
			const npmEnv = {
				...env.env,
				npm_config_registry: `http://127.0.0.1:${(registry.address() as AddressInfo).port}`,
			};
			const before = await runPi({ ...env, env: { ...npmEnv, DEEPSEEK_API_KEY: "k" } }, ["--list-models"]);
			expect(listedModels(before.stdout)).not.toContain("deepseek/deepseek-next");
			const update = await runPi({ ...env, env: npmEnv }, ["update", "--models"]);
			expect(update.stderr).toBe("");
			expect(update.code).toBe(0);
			expect(update.stdout).toBe(
				"Updated the model catalogue from @earendil-works/pi-ai@9.9.9: 1 providers, 1 models\n",
			);
			const after = await runPi({ ...env, env: { ...npmEnv, DEEPSEEK_API_KEY: "k" } }, ["--list-models"]);
			expect(listedModels(after.stdout)).toContain("deepseek/deepseek-next");
		} finally {
			registry.close();
		}
	});

	it("says why when the registry cannot be reached", async () => {
		const result = await runPi({ ...env, env: { ...env.env, npm_config_registry: "http://127.0.0.1:9" } }, [
			"update",
			"--models",
		]);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^Error: could not update the model catalogue: /);
	});
});
