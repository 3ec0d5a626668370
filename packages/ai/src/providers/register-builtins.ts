import { registerApi } from "../api-registry.js";
import type { ProviderStreams, StreamFunction } from "../stream-function.js";

/**
 * One loader per built-in API module. Each is a dynamic import, so a vendor SDK loads only on the
 * first request to a model of that API (ai.md §1.4). The API-specific option types narrow
 * `StreamOptions`; the registry dispatches with the common shape.
 */
const BUILTIN_API_LOADERS: Readonly<Record<string, () => Promise<ProviderStreams>>> = {
	"anthropic-messages": async () => {
		const module = await import("./anthropic-messages.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"openai-completions": async () => {
		const module = await import("./openai-completions.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"openai-responses": async () => {
		const module = await import("./openai-responses.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"google-generative-ai": async () => {
		const module = await import("./google-generative-ai.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"google-vertex": async () => {
		const module = await import("./google-vertex.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"azure-openai-responses": async () => {
		const module = await import("./azure-openai-responses.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"bedrock-converse-stream": async () => {
		const module = await import("./bedrock-converse-stream.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"mistral-conversations": async () => {
		const module = await import("./mistral-conversations.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"openai-codex-responses": async () => {
		const module = await import("./openai-codex-responses.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
	"pi-messages": async () => {
		const module = await import("./pi-messages.js");
		return { stream: module.stream as StreamFunction, streamSimple: module.streamSimple };
	},
};

/** The API ids registered by `registerBuiltinApis`. */
export const BUILTIN_APIS: readonly string[] = Object.keys(BUILTIN_API_LOADERS);

/**
 * Registers the ten built-in APIs (lazily loaded) in the global API registry, replacing any
 * earlier registration under those ids. Runs once when this module is first imported; call it
 * again to restore the built-ins after replacing one (e.g. in a test).
 */
export function registerBuiltinApis(): void {
	for (const [apiId, loader] of Object.entries(BUILTIN_API_LOADERS)) registerApi(apiId, loader);
}

registerBuiltinApis();
