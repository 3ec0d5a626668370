/**
 * API-key environment variables per provider id (ai.md §5.5), in lookup order. Providers whose
 * auth is ambient (AWS, Google ADC) list the variables that carry a key or bearer token.
 */
export const ENV_API_KEYS: Readonly<Record<string, readonly string[]>> = {
	anthropic: ["ANTHROPIC_API_KEY", "ANTHROPIC_OAUTH_TOKEN"],
	openai: ["OPENAI_API_KEY"],
	google: ["GEMINI_API_KEY"],
	openrouter: ["OPENROUTER_API_KEY"],
	"google-vertex": ["GOOGLE_CLOUD_API_KEY"],
	"azure-openai-responses": ["AZURE_OPENAI_API_KEY"],
	mistral: ["MISTRAL_API_KEY"],
	groq: ["GROQ_API_KEY"],
	cerebras: ["CEREBRAS_API_KEY"],
	xai: ["XAI_API_KEY"],
	deepseek: ["DEEPSEEK_API_KEY"],
	"vercel-ai-gateway": ["AI_GATEWAY_API_KEY"],
	zai: ["ZAI_API_KEY"],
	"zai-coding-cn": ["ZAI_CODING_CN_API_KEY"],
	minimax: ["MINIMAX_API_KEY"],
	"minimax-cn": ["MINIMAX_CN_API_KEY"],
	moonshot: ["MOONSHOT_API_KEY"],
	"kimi-coding": ["KIMI_API_KEY"],
	huggingface: ["HF_TOKEN"],
	together: ["TOGETHER_API_KEY"],
	fireworks: ["FIREWORKS_API_KEY"],
	nvidia: ["NVIDIA_API_KEY"],
	opencode: ["OPENCODE_API_KEY"],
	"opencode-go": ["OPENCODE_API_KEY"],
	"cloudflare-workers-ai": ["CLOUDFLARE_API_KEY"],
	"cloudflare-ai-gateway": ["CLOUDFLARE_API_KEY"],
	"github-copilot": ["COPILOT_GITHUB_TOKEN"],
	"amazon-bedrock": ["AWS_BEARER_TOKEN_BEDROCK"],
};

/** The environment variables consulted for `providerId` (empty for unknown providers). */
export function getEnvApiKeyVars(providerId: string): readonly string[] {
	return ENV_API_KEYS[providerId] ?? [];
}

/**
 * The first set API-key environment variable for `providerId`, or undefined. `env` defaults to
 * `process.env` (empty where there is no `process`). Used e.g. to show which providers are
 * configured.
 */
export function getEnvApiKey(
	providerId: string,
	env: Readonly<Record<string, string | undefined>> = defaultEnv(),
): string | undefined {
	for (const name of getEnvApiKeyVars(providerId)) {
		const value = env[name];
		if (value) return value;
	}
	return undefined;
}

/** `process.env`, or an empty object in runtimes without `process` (browsers). */
export function defaultEnv(): Readonly<Record<string, string | undefined>> {
	return typeof process !== "undefined" && process.env ? process.env : {};
}
