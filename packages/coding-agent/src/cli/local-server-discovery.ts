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
 * non-default ports, and for tests). Every found server becomes a provider, so a repeated id gets
 * a suffix (`ollama`, `ollama-2`) instead of replacing the first.
 */
export function candidatesFromEnv(env: NodeJS.ProcessEnv = process.env): readonly LocalServerCandidate[] {
	const raw = env.PI_LOCAL_SERVER_PORTS;
	if (raw === undefined) return DEFAULT_LOCAL_SERVERS;
	const candidates: LocalServerCandidate[] = [];
	const seen = new Map<string, number>();
	for (const part of raw.split(",")) {
		const [id, portText] = part.trim().split(":");
		const port = Number(portText);
		if (!id || !Number.isInteger(port) || port <= 0 || port > 65535) continue;
		const known = DEFAULT_LOCAL_SERVERS.find((candidate) => candidate.id === id);
		const count = (seen.get(id) ?? 0) + 1;
		seen.set(id, count);
		candidates.push({ id: count === 1 ? id : `${id}-${count}`, name: known?.name ?? id, port });
	}
	return candidates;
}

/**
 * The probe budget: 300 ms, or `PI_LOCAL_SERVER_BUDGET_MS` (tests on a loaded machine, where a
 * fake server in the test process may answer late; nothing listening still fails at once).
 */
export function budgetFromEnv(env: NodeJS.ProcessEnv = process.env): number {
	const budget = Number(env.PI_LOCAL_SERVER_BUDGET_MS);
	return Number.isFinite(budget) && budget > 0 ? budget : DISCOVERY_BUDGET_MS;
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
	budgetMs: number = budgetFromEnv(),
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

/** The provider config (models.json shape) that makes a discovered server usable. */
export function providerConfigFor(server: LocalServer): {
	baseUrl: string;
	api: "openai-completions";
	apiKey: string;
	models: { id: string }[];
} {
	// Keyless servers accept any non-empty key (configuration.md §4).
	return {
		baseUrl: server.baseUrl,
		api: "openai-completions",
		apiKey: server.id,
		models: server.models.map((id) => ({ id })),
	};
}

/** A models.json that makes every discovered server usable, ready to paste. */
export function modelsJsonFor(servers: readonly LocalServer[]): string {
	const providers: Record<string, ReturnType<typeof providerConfigFor>> = {};
	for (const server of servers) {
		const config = providerConfigFor(server);
		providers[server.id] = { ...config, baseUrl: config.baseUrl.replace("127.0.0.1", "localhost") };
	}
	// One line per model keeps a long model list readable; still valid JSON.
	return JSON.stringify({ providers }, null, 2).replace(/\{\n\s+"id": ("(?:[^"\\]|\\.)*")\n\s+\}/g, '{ "id": $1 }');
}
