// Loopback discovery of local OpenAI-compatible servers, used only when no model is usable
// (configuration.md §1, start-up network rule): one GET /v1/models per default port, all in
// parallel, 300 ms in all.

/** A local server that answered `GET /v1/models`. */
export interface LocalServer {
	/** A provider id to use in models.json (`ollama`, `lmstudio`, `llamacpp`, `vllm`). */
	id: string;
	/** Human name (Ollama, LM Studio, llama.cpp, vLLM). */
	name: string;
	/** `http://127.0.0.1:<port>/v1` */
	baseUrl: string;
	models: string[];
}

export interface LocalServerCandidate {
	id: string;
	name: string;
	port: number;
}

export const DEFAULT_LOCAL_SERVERS: readonly LocalServerCandidate[] = [
	{ id: "ollama", name: "Ollama", port: 11434 },
	{ id: "lmstudio", name: "LM Studio", port: 1234 },
	{ id: "llamacpp", name: "llama.cpp", port: 8080 },
	{ id: "vllm", name: "vLLM", port: 8000 },
];

export const DISCOVERY_BUDGET_MS = 300;

/**
 * `PI_LOCAL_SERVER_PORTS="ollama:11500,vllm:9000"` replaces the default ports (for servers on
 * non-default ports, and for tests).
 */
export function candidatesFromEnv(env: NodeJS.ProcessEnv = process.env): readonly LocalServerCandidate[] {
	const raw = env.PI_LOCAL_SERVER_PORTS;
	if (raw === undefined) return DEFAULT_LOCAL_SERVERS;
	const candidates: LocalServerCandidate[] = [];
	for (const part of raw.split(",")) {
		const [id, portText] = part.trim().split(":");
		const port = Number(portText);
		if (!id || !Number.isInteger(port) || port <= 0 || port > 65535) continue;
		const known = DEFAULT_LOCAL_SERVERS.find((candidate) => candidate.id === id);
		candidates.push({ id, name: known?.name ?? id, port });
	}
	return candidates;
}

function modelIds(body: unknown): string[] | undefined {
	if (typeof body !== "object" || body === null) return undefined;
	const data = (body as { data?: unknown }).data;
	if (!Array.isArray(data)) return undefined;
	return data
		.map((entry) => (typeof entry === "object" && entry !== null ? (entry as { id?: unknown }).id : undefined))
		.filter((id): id is string => typeof id === "string" && id.length > 0);
}

async function probe(candidate: LocalServerCandidate, signal: AbortSignal): Promise<LocalServer | undefined> {
	const baseUrl = `http://127.0.0.1:${candidate.port}/v1`;
	try {
		const response = await fetch(`${baseUrl}/models`, { signal, headers: { accept: "application/json" } });
		if (!response.ok) return undefined;
		const models = modelIds(await response.json());
		return models ? { id: candidate.id, name: candidate.name, baseUrl, models } : undefined;
	} catch {
		// Nothing listening, not JSON, or out of time: simply not a server we can offer.
		return undefined;
	}
}

/** Probes every candidate at once; whatever has not answered within the budget is dropped. */
export async function discoverLocalServers(
	candidates: readonly LocalServerCandidate[] = candidatesFromEnv(),
	budgetMs: number = DISCOVERY_BUDGET_MS,
): Promise<LocalServer[]> {
	const controller = new AbortController();
	const timer = setTimeout(() => controller.abort(), budgetMs);
	try {
		const found = await Promise.all(candidates.map((candidate) => probe(candidate, controller.signal)));
		return found.filter((server): server is LocalServer => server !== undefined);
	} finally {
		clearTimeout(timer);
	}
}

/** A models.json that makes a discovered server usable, ready to paste. */
export function modelsJsonFor(server: LocalServer): string {
	const config = {
		providers: {
			[server.id]: {
				baseUrl: server.baseUrl.replace("127.0.0.1", "localhost"),
				api: "openai-completions",
				apiKey: server.id,
				models: server.models.map((id) => ({ id })),
			},
		},
	};
	return JSON.stringify(config, null, 2);
}
