import type { Model, OpenAICompletionsCompat } from "../types.js";

/** How tool-call ids must look on the wire. "mistral": exactly 9 characters `[A-Za-z0-9]`. */
export type ToolCallIdFormat = "openai" | "mistral";

/** Every compat flag decided (ai.md §6), plus the quirks that have no public flag. */
export interface ResolvedCompletionsCompat {
	supportsStore: boolean;
	supportsDeveloperRole: boolean;
	supportsReasoningEffort: boolean;
	reasoningEffortMap: NonNullable<OpenAICompletionsCompat["reasoningEffortMap"]>;
	supportsUsageInStreaming: boolean;
	supportsStrictMode: boolean;
	maxTokensField: NonNullable<OpenAICompletionsCompat["maxTokensField"]>;
	requiresToolResultName: boolean;
	requiresAssistantAfterToolResult: boolean;
	requiresThinkingAsText: boolean;
	thinkingFormat: NonNullable<OpenAICompletionsCompat["thinkingFormat"]>;
	chatTemplateKwargs?: Record<string, unknown>;
	openRouterRouting?: OpenAICompletionsCompat["openRouterRouting"];
	vercelGatewayRouting?: OpenAICompletionsCompat["vercelGatewayRouting"];
	/** Detected only: the tool-call id shape the server accepts. */
	toolCallIdFormat: ToolCallIdFormat;
	/** Detected only: the host is OpenRouter (routing preferences apply). */
	isOpenRouter: boolean;
	/** Detected only: the host is Vercel AI Gateway (routing preferences apply). */
	isVercelGateway: boolean;
	/** Detected only: the host is api.openai.com (`prompt_cache_key` is understood). */
	isOpenAI: boolean;
}

/** The defaults every unknown server gets (ai.md §6). */
const DEFAULTS: ResolvedCompletionsCompat = {
	supportsStore: true,
	supportsDeveloperRole: true,
	supportsReasoningEffort: true,
	reasoningEffortMap: {},
	supportsUsageInStreaming: true,
	// Off unless the model's compat says so: speaking the OpenAI wire format does not mean the
	// server accepts the `strict` field on tools (pi 1.4 sends none by default either).
	supportsStrictMode: false,
	maxTokensField: "max_completion_tokens",
	requiresToolResultName: false,
	requiresAssistantAfterToolResult: false,
	requiresThinkingAsText: false,
	thinkingFormat: "openai",
	toolCallIdFormat: "openai",
	isOpenRouter: false,
	isVercelGateway: false,
	isOpenAI: false,
};

/** Non-OpenAI hosts: `store` is OpenAI-only and "system" works everywhere "developer" might not. */
const NON_OPENAI: Partial<ResolvedCompletionsCompat> = { supportsStore: false, supportsDeveloperRole: false };

/** A known server: matched by provider id or by host/port of `baseUrl`. */
interface KnownServer {
	providers: string[];
	matches: (url: URL, isLocal: boolean) => boolean;
	compat: Partial<ResolvedCompletionsCompat>;
}

const hostIncludes =
	(...parts: string[]) =>
	(url: URL): boolean =>
		parts.some((part) => url.hostname.includes(part));
const localPort =
	(port: string) =>
	(url: URL, isLocal: boolean): boolean =>
		isLocal && url.port === port;

/** Detection table, first match wins. Ports identify local servers on their default ports. */
const KNOWN_SERVERS: KnownServer[] = [
	{ providers: ["openai"], matches: hostIncludes("api.openai.com"), compat: { isOpenAI: true } },
	{
		providers: ["ollama"],
		matches: (url, isLocal) => localPort("11434")(url, isLocal) || url.hostname.includes("ollama"),
		compat: { ...NON_OPENAI, supportsReasoningEffort: false },
	},
	{
		providers: ["lmstudio", "lm-studio"],
		matches: localPort("1234"),
		compat: { ...NON_OPENAI, maxTokensField: "max_tokens" },
	},
	{
		providers: ["llama.cpp", "llamacpp", "llama-cpp"],
		matches: localPort("8080"),
		compat: { ...NON_OPENAI, maxTokensField: "max_tokens" },
	},
	{ providers: ["vllm"], matches: localPort("8000"), compat: NON_OPENAI },
	{ providers: ["sglang"], matches: localPort("30000"), compat: NON_OPENAI },
	{
		providers: ["openrouter"],
		matches: hostIncludes("openrouter.ai"),
		compat: { ...NON_OPENAI, thinkingFormat: "openrouter", isOpenRouter: true },
	},
	{
		providers: ["vercel-ai-gateway"],
		matches: hostIncludes("ai-gateway.vercel.sh"),
		compat: { ...NON_OPENAI, isVercelGateway: true },
	},
	{
		providers: ["mistral"],
		matches: hostIncludes("mistral.ai"),
		compat: {
			...NON_OPENAI,
			supportsReasoningEffort: false,
			supportsUsageInStreaming: false,
			maxTokensField: "max_tokens",
			requiresToolResultName: true,
			requiresThinkingAsText: true,
			toolCallIdFormat: "mistral",
		},
	},
	{
		providers: ["deepseek"],
		matches: hostIncludes("deepseek.com"),
		compat: { ...NON_OPENAI, supportsReasoningEffort: false, maxTokensField: "max_tokens", thinkingFormat: "deepseek" },
	},
	{
		providers: ["zai", "zai-coding-cn"],
		matches: hostIncludes("api.z.ai", "bigmodel.cn"),
		compat: { ...NON_OPENAI, supportsReasoningEffort: false, maxTokensField: "max_tokens", thinkingFormat: "zai" },
	},
	{
		providers: ["qwen", "dashscope", "alibaba"],
		matches: hostIncludes("dashscope"),
		compat: { ...NON_OPENAI, supportsReasoningEffort: false, maxTokensField: "max_tokens", thinkingFormat: "qwen" },
	},
	{
		providers: ["moonshot", "moonshotai", "moonshotai-cn"],
		matches: hostIncludes("api.moonshot."),
		compat: { ...NON_OPENAI, supportsReasoningEffort: false, maxTokensField: "max_tokens", supportsStrictMode: false },
	},
	// xAI rejects reasoning_effort on most Grok models.
	{ providers: ["xai"], matches: hostIncludes("api.x.ai"), compat: { ...NON_OPENAI, supportsReasoningEffort: false } },
	// Groq's gpt-oss models know low/medium/high only.
	{
		providers: ["groq"],
		matches: hostIncludes("api.groq.com"),
		compat: { ...NON_OPENAI, reasoningEffortMap: { minimal: "low" } },
	},
	{ providers: ["cerebras"], matches: hostIncludes("cerebras.ai"), compat: NON_OPENAI },
	{ providers: ["together"], matches: hostIncludes("together.xyz", "together.ai"), compat: NON_OPENAI },
	{ providers: ["fireworks"], matches: hostIncludes("fireworks.ai"), compat: NON_OPENAI },
	{ providers: ["nvidia"], matches: hostIncludes("integrate.api.nvidia.com"), compat: NON_OPENAI },
	{ providers: ["huggingface"], matches: hostIncludes("huggingface.co"), compat: NON_OPENAI },
];

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "host.docker.internal"]);

/**
 * Quirks detected from the model's provider id and `baseUrl` for known servers (ai.md §6):
 * Ollama (:11434), LM Studio (:1234), llama.cpp (:8080), vLLM (:8000) and SGLang (:30000) on a
 * local host; OpenRouter, Vercel AI Gateway, Mistral, DeepSeek, z.ai, Qwen (DashScope), Moonshot,
 * xAI, Groq, Cerebras, Together, Fireworks, NVIDIA and Hugging Face by host. Anything else gets
 * the spec defaults.
 */
export function detectCompletionsCompat(model: Pick<Model, "provider" | "baseUrl">): ResolvedCompletionsCompat {
	const url = parseUrl(model.baseUrl);
	const isLocal = url !== undefined && LOCAL_HOSTS.has(url.hostname);
	const known = KNOWN_SERVERS.find(
		(server) => server.providers.includes(model.provider) || (url !== undefined && server.matches(url, isLocal)),
	);
	return { ...DEFAULTS, ...known?.compat };
}

/**
 * Detected quirks with `model.compat` merged over them field by field: a flag the model sets
 * wins, an unset one keeps the detected value. `reasoningEffortMap` merges per level.
 */
export function resolveCompletionsCompat(model: Model): ResolvedCompletionsCompat {
	const detected = detectCompletionsCompat(model);
	const explicit = (model.compat ?? {}) as OpenAICompletionsCompat;
	const resolved: ResolvedCompletionsCompat = { ...detected };
	for (const [key, value] of Object.entries(explicit)) {
		if (value !== undefined) (resolved as unknown as Record<string, unknown>)[key] = value;
	}
	resolved.reasoningEffortMap = { ...detected.reasoningEffortMap, ...explicit.reasoningEffortMap };
	return resolved;
}

function parseUrl(baseUrl: string): URL | undefined {
	try {
		return new URL(baseUrl);
	} catch {
		// A malformed baseUrl matches no host; the request itself will report it.
		return undefined;
	}
}
