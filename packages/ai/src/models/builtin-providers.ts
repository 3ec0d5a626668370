import type { Provider } from "../provider.js";
import type { KnownProvider } from "../types.js";
import { type ANTHROPIC_MODELS, anthropicProvider } from "./anthropic.js";
import { type CEREBRAS_MODELS, cerebrasProvider } from "./cerebras.js";
import { type GOOGLE_MODELS, googleProvider } from "./google.js";
import { type GROQ_MODELS, groqProvider } from "./groq.js";
import { type MISTRAL_MODELS, mistralProvider } from "./mistral.js";
import { type OPENAI_MODELS, openaiProvider } from "./openai.js";
import { type OPENROUTER_MODELS, openrouterProvider } from "./openrouter.js";
import { type XAI_MODELS, xaiProvider } from "./xai.js";

/** Built-in model ids per provider, for completion in `getModel`. */
export interface BuiltinModelIds {
	anthropic: keyof typeof ANTHROPIC_MODELS;
	openai: keyof typeof OPENAI_MODELS;
	google: keyof typeof GOOGLE_MODELS;
	openrouter: keyof typeof OPENROUTER_MODELS;
	xai: keyof typeof XAI_MODELS;
	groq: keyof typeof GROQ_MODELS;
	cerebras: keyof typeof CEREBRAS_MODELS;
	mistral: keyof typeof MISTRAL_MODELS;
}

/** The built-in model ids of `TProvider`. */
export type BuiltinModelId<TProvider extends KnownProvider> = BuiltinModelIds[TProvider];

/** Factory per built-in provider id. Each call returns a fresh `Provider`. */
export const BUILTIN_PROVIDER_FACTORIES: Readonly<Record<KnownProvider, () => Provider>> = {
	anthropic: anthropicProvider,
	openai: openaiProvider,
	google: googleProvider,
	openrouter: openrouterProvider,
	xai: xaiProvider,
	groq: groqProvider,
	cerebras: cerebrasProvider,
	mistral: mistralProvider,
};

/** A fresh instance of every built-in provider, in catalogue order. */
export function builtinProviders(): Provider[] {
	return Object.values(BUILTIN_PROVIDER_FACTORIES).map((factory) => factory());
}
