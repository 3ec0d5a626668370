// The vendors' own SDKs consuming a streamed reply from @pi/llm-mock, with no processing beyond
// what each SDK does: the baseline `ai-stream-bench.ts` measures `@pi/ai`'s `stream()` against.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The user turn every raw request sends (the mock answers from its queue, whatever it is). */
const PROMPT = "Write a long reply.";

/**
 * Streams one reply through a vendor SDK and returns how many text deltas it delivered. It
 * consumes the stream to its end: a raw run costs what the SDK costs and nothing more.
 */
export type RawStream = (mockUrl: string, signal: AbortSignal) => Promise<number>;

// The SDKs are @pi/ai's dependencies, resolved from its directory (the same installed copies its
// API modules load); the bench does not depend on them itself.
const fromAi = createRequire(fileURLToPath(import.meta.resolve("@pi/ai")));

/**
 * Imports `specifier` as resolved from @pi/ai. Packages shipping both builds side by side
 * (`x.js`/`x.cjs` next to `x.mjs`) are imported as ESM, as @pi/ai's own `import()` gets them, so
 * both sides run the same module instance.
 */
async function importFromAi<T>(specifier: string): Promise<T> {
	const path = fromAi.resolve(specifier);
	const esm = path.replace(/\.c?js$/, ".mjs");
	return (await import(pathToFileURL(esm !== path && existsSync(esm) ? esm : path).href)) as T;
}

interface OpenAIModule {
	default: new (options: Record<string, unknown>) => OpenAIClient;
	AzureOpenAI: new (options: Record<string, unknown>) => OpenAIClient;
}

interface OpenAIClient {
	responses: {
		create(body: Record<string, unknown>): Promise<AsyncIterable<{ type: string }>>;
	};
}

/** Text deltas in a Responses event stream (Azure and Codex speak Responses). */
async function countResponsesDeltas(events: AsyncIterable<{ type: string }>): Promise<number> {
	let deltas = 0;
	for await (const event of events) if (event.type === "response.output_text.delta") deltas++;
	return deltas;
}

/** Azure OpenAI: the `openai` SDK's `AzureOpenAI` client, `responses.create({ stream: true })`. */
const azureOpenAIResponses: RawStream = async (mockUrl, signal) => {
	const { AzureOpenAI } = await importFromAi<OpenAIModule>("openai");
	const client = new AzureOpenAI({
		baseURL: `${mockUrl}/openai/v1`,
		apiVersion: "v1",
		apiKey: "test",
		maxRetries: 0,
		fetchOptions: { signal },
	});
	return countResponsesDeltas(await client.responses.create({ model: "gpt-5-mini", input: PROMPT, stream: true }));
};

/** OpenAI Codex over SSE: the `openai` SDK pointed at `<base>/codex`, `responses.create({ stream: true })`. */
const openAICodexSse: RawStream = async (mockUrl, signal) => {
	const { default: OpenAI } = await importFromAi<OpenAIModule>("openai");
	const client = new OpenAI({ baseURL: `${mockUrl}/codex`, apiKey: "test", maxRetries: 0, fetchOptions: { signal } });
	const events = await client.responses.create({
		model: "gpt-5-codex",
		instructions: "You are a helpful assistant.",
		input: PROMPT,
		store: false,
		stream: true,
	});
	return countResponsesDeltas(events);
};

interface ResponsesWSModule {
	ResponsesWS: new (
		client: OpenAIClient,
		options: { headers: Record<string, string> },
	) => {
		socket: { once(event: "open", listener: () => void): void };
		on(event: "event", listener: (event: { type: string }) => void): void;
		on(event: "error", listener: (error: Error) => void): void;
		send(event: Record<string, unknown>): void;
		close(): void;
	};
}

/**
 * OpenAI Codex over WebSocket: the `openai` SDK's `ResponsesWS` on `<base>/codex/responses`, one
 * `response.create`, every server event until `response.completed`.
 */
const openAICodexWebSocket: RawStream = async (mockUrl, signal) => {
	const [{ default: OpenAI }, { ResponsesWS }] = await Promise.all([
		importFromAi<OpenAIModule>("openai"),
		importFromAi<ResponsesWSModule>("openai/resources/responses/ws"),
	]);
	const client = new OpenAI({ baseURL: `${mockUrl}/codex`, apiKey: "test" });
	const socket = new ResponsesWS(client, { headers: { "OpenAI-Beta": "responses_websockets=2026-02-06" } });
	return new Promise<number>((resolve, reject) => {
		let deltas = 0;
		const onAbort = (): void => {
			socket.close();
			reject(new Error("aborted"));
		};
		signal.addEventListener("abort", onAbort, { once: true });
		socket.on("error", reject);
		socket.on("event", (event) => {
			if (event.type === "response.output_text.delta") deltas++;
			else if (event.type === "response.completed") {
				signal.removeEventListener("abort", onAbort);
				socket.close();
				resolve(deltas);
			}
		});
		socket.socket.once("open", () =>
			socket.send({
				type: "response.create",
				model: "gpt-5-codex",
				instructions: "You are a helpful assistant.",
				input: PROMPT,
				store: false,
			}),
		);
	});
};

interface GoogleModule {
	GoogleGenAI: new (
		options: Record<string, unknown>,
	) => {
		models: {
			generateContentStream(
				params: Record<string, unknown>,
			): Promise<AsyncIterable<{ candidates?: { content?: { parts?: { text?: string }[] } }[] }>>;
		};
	};
	ResourceScope: { COLLECTION: unknown };
}

/** Vertex AI: `@google/genai` in Vertex mode with an API key, `models.generateContentStream`. */
const googleVertex: RawStream = async (mockUrl, signal) => {
	const { GoogleGenAI, ResourceScope } = await importFromAi<GoogleModule>("@google/genai");
	const client = new GoogleGenAI({
		vertexai: true,
		apiKey: "test",
		apiVersion: "v1",
		httpOptions: { baseUrl: mockUrl, baseUrlResourceScope: ResourceScope.COLLECTION },
	});
	const chunks = await client.models.generateContentStream({
		model: "gemini-2.5-flash",
		contents: [{ role: "user", parts: [{ text: PROMPT }] }],
		config: { abortSignal: signal },
	});
	let deltas = 0;
	// Each chunk carries one text part, read straight from the response (the SDK's `text` getter
	// would walk and join every part of the candidate for each chunk).
	for await (const chunk of chunks) if (chunk.candidates?.[0]?.content?.parts?.[0]?.text) deltas++;
	return deltas;
};

interface BedrockModule {
	BedrockRuntimeClient: new (
		config: Record<string, unknown>,
	) => {
		send(command: unknown, options: { abortSignal: AbortSignal }): Promise<{ stream?: AsyncIterable<BedrockEvent> }>;
		destroy(): void;
	};
	ConverseStreamCommand: new (input: Record<string, unknown>) => unknown;
}

interface BedrockEvent {
	contentBlockDelta?: { delta?: { text?: string } };
}

/**
 * Bedrock: `@aws-sdk/client-bedrock-runtime`, `ConverseStreamCommand` with a bearer API key, over
 * HTTP/1.1 (`NodeHttpHandler`, as @pi/ai and pi 1.4 send it; the client's default handler speaks
 * HTTP/2, which the mock does not).
 */
const bedrockConverseStream: RawStream = async (mockUrl, signal) => {
	const [{ BedrockRuntimeClient, ConverseStreamCommand }, { NodeHttpHandler }] = await Promise.all([
		importFromAi<BedrockModule>("@aws-sdk/client-bedrock-runtime"),
		importFromAi<{ NodeHttpHandler: new () => unknown }>("@smithy/node-http-handler"),
	]);
	process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
	const client = new BedrockRuntimeClient({
		region: "us-east-1",
		endpoint: mockUrl,
		maxAttempts: 1,
		requestHandler: new NodeHttpHandler(),
		token: { token: "test" },
		authSchemePreference: ["httpBearerAuth"],
	});
	try {
		const response = await client.send(
			new ConverseStreamCommand({
				modelId: "anthropic.claude-haiku-4-5-20251001-v1:0",
				messages: [{ role: "user", content: [{ text: PROMPT }] }],
			}),
			{ abortSignal: signal },
		);
		let deltas = 0;
		for await (const event of response.stream ?? []) if (event.contentBlockDelta?.delta?.text !== undefined) deltas++;
		return deltas;
	} finally {
		client.destroy();
	}
};

interface MistralModule {
	Mistral: new (
		options: Record<string, unknown>,
	) => {
		chat: {
			stream(
				request: Record<string, unknown>,
				options: Record<string, unknown>,
			): Promise<AsyncIterable<{ data: { choices: { delta: { content?: unknown } }[] } }>>;
		};
	};
}

/** Mistral: `@mistralai/mistralai`, `chat.stream`. */
const mistralConversations: RawStream = async (mockUrl, signal) => {
	const { Mistral } = await importFromAi<MistralModule>("@mistralai/mistralai");
	const client = new Mistral({ apiKey: "test", serverURL: mockUrl, retryConfig: { strategy: "none" } });
	const events = await client.chat.stream(
		{ model: "mistral-small-latest", messages: [{ role: "user", content: PROMPT }] },
		{ fetchOptions: { signal } },
	);
	let deltas = 0;
	for await (const event of events) if (event.data.choices[0]?.delta.content) deltas++;
	return deltas;
};

/**
 * pi-messages has no vendor SDK (it is pi's own protocol). Its baseline is the least a client can
 * do: the global `fetch`, the body decoded and split into SSE events, each event's JSON parsed.
 */
const piMessages: RawStream = async (mockUrl, signal) => {
	const response = await fetch(`${mockUrl}/v1/messages`, {
		method: "POST",
		headers: { "content-type": "application/json", authorization: "Bearer test" },
		body: JSON.stringify({
			model: "balanced",
			context: { messages: [{ role: "user", content: PROMPT, timestamp: Date.now() }] },
			options: {},
		}),
		signal,
	});
	if (!response.ok || !response.body) throw new Error(`pi-messages: HTTP ${response.status}`);
	let deltas = 0;
	let buffered = "";
	const decoder = new TextDecoder();
	for await (const chunk of response.body) {
		buffered += decoder.decode(chunk, { stream: true });
		let end = buffered.indexOf("\n\n");
		while (end !== -1) {
			const data = buffered
				.slice(0, end)
				.split("\n")
				.filter((line) => line.startsWith("data:"))
				.map((line) => line.slice(5).trimStart())
				.join("\n");
			buffered = buffered.slice(end + 2);
			if (data !== "" && (JSON.parse(data) as { type?: string }).type === "text_delta") deltas++;
			end = buffered.indexOf("\n\n");
		}
	}
	return deltas;
};

/** The raw side of each new API (and each Codex transport), by bench target name. */
export const RAW_STREAMS: Readonly<Record<string, RawStream>> = {
	"azure-openai-responses": azureOpenAIResponses,
	"openai-codex-responses (sse)": openAICodexSse,
	"openai-codex-responses (websocket)": openAICodexWebSocket,
	"google-vertex": googleVertex,
	"bedrock-converse-stream": bedrockConverseStream,
	"mistral-conversations": mistralConversations,
	"pi-messages": piMessages,
};
