export type { Static, TSchema } from "@sinclair/typebox";
export { Type } from "@sinclair/typebox";
export type { ApiLoader } from "./api-registry.js";
export { getApi, getRegisteredApis, hasApi, isApiLoaded, registerApi, unregisterApi } from "./api-registry.js";
export type { ApiProvider, SystemMessage, TranscriptContext } from "./compat.js";
export {
	anthropicMessagesApi,
	collapseSystemMessages,
	getApiProvider,
	getCurrentSystemPrompt,
	getCurrentTools,
	googleGenerativeAiApi,
	openAICompletionsApi,
	openAIResponsesApi,
	registerApiProvider,
	unregisterApiProviders,
} from "./compat.js";
export type {
	ApiKeyCredential,
	Credential,
	CredentialInfo,
	CredentialStore,
	OAuthCredential,
} from "./credential-store.js";
export { createInMemoryCredentialStore } from "./credential-store.js";
export { defaultEnv, ENV_API_KEYS, getEnvApiKey, getEnvApiKeyVars } from "./env-api-keys.js";
export {
	AssistantMessageEventStream,
	createAssistantMessageEventStream,
	EventStream,
} from "./event-stream.js";
export { ANTHROPIC_BASE_URL, ANTHROPIC_MODELS, anthropicProvider } from "./models/anthropic.js";
export { builtinModels } from "./models/builtin-models.js";
export type { BuiltinModelId, BuiltinModelIds } from "./models/builtin-providers.js";
export { BUILTIN_PROVIDER_FACTORIES, builtinProviders } from "./models/builtin-providers.js";
export { type RefreshedCatalogue, setCatalogueOverride } from "./models/catalogue-override.js";
export { CATALOGUE_SOURCE_PACKAGE, catalogueFromTarball, fetchModelCatalogue } from "./models/catalogue-refresh.js";
export { CEREBRAS_BASE_URL, CEREBRAS_MODELS, cerebrasProvider } from "./models/cerebras.js";
export { GOOGLE_BASE_URL, GOOGLE_MODELS, googleProvider } from "./models/google.js";
export { GROQ_BASE_URL, GROQ_MODELS, groqProvider } from "./models/groq.js";
export { MISTRAL_BASE_URL, MISTRAL_COMPAT, MISTRAL_MODELS, mistralProvider } from "./models/mistral.js";
export { OPENAI_BASE_URL, OPENAI_MODELS, openaiProvider } from "./models/openai.js";
export { OPENROUTER_BASE_URL, OPENROUTER_MODELS, openrouterProvider } from "./models/openrouter.js";
export { XAI_BASE_URL, XAI_MODELS, xaiProvider } from "./models/xai.js";
export type { CreateModelsOptions, GetAuthOptions, Models } from "./models-collection.js";
export { createModels } from "./models-collection.js";
export { OAUTH_PROVIDERS, oauthProviderAuth, radiusProviderAuth } from "./oauth-provider-auth.js";
export { addOverflowPattern, getOverflowPatterns, isContextOverflow } from "./overflow.js";
export type {
	ApiKeyAuth,
	AuthResolveInput,
	AuthResult,
	CreateProviderOptions,
	ModelAuth,
	OAuthAuth,
	Provider,
	ProviderAuth,
	ProviderModelInput,
} from "./provider.js";
export { createProvider, envApiKeyAuth, keylessAuth } from "./provider.js";
export type { AnthropicOptions, AnthropicToolChoice } from "./providers/anthropic-options.js";
export type { AzureOpenAIResponsesOptions } from "./providers/azure-openai-responses-options.js";
export type { BedrockOptions } from "./providers/bedrock-options.js";
export type {
	FauxModelDefinition,
	FauxProviderHandle,
	FauxProviderOptions,
	FauxProviderState,
	FauxRequest,
	FauxResponse,
	FauxResponseFactory,
} from "./providers/faux.js";
export { fauxProvider, NO_MORE_FAUX_RESPONSES } from "./providers/faux.js";
export type {
	FauxAssistantMessageOptions,
	FauxBlock,
	FauxChunking,
	FauxScript,
	FauxTextBlock,
	FauxThinkingBlock,
	FauxToolCallBlock,
} from "./providers/faux-script.js";
export { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "./providers/faux-script.js";
export type { GoogleOptions, GoogleThinkingOptions, GoogleToolChoice } from "./providers/google-options.js";
export type { GoogleVertexOptions } from "./providers/google-vertex-options.js";
export type { MistralOptions } from "./providers/mistral-conversations.js";
export type { OpenAICodexResponsesOptions } from "./providers/openai-codex-responses-options.js";
export type {
	OpenAICompletionsOptions,
	OpenAICompletionsToolChoice,
} from "./providers/openai-completions-options.js";
export type { OpenAIResponsesOptions } from "./providers/openai-responses-options.js";
export type { PiMessagesOptions } from "./providers/pi-messages.js";
export { BUILTIN_APIS, registerBuiltinApis } from "./providers/register-builtins.js";
export type { UsageUpdate } from "./providers/shared/assistant-message-builder.js";
export { AssistantMessageBuilder } from "./providers/shared/assistant-message-builder.js";
export { applyHttpProxySetting } from "./providers/shared/proxy-agent.js";
export { REDACTED, redactSecrets } from "./redact-secrets.js";
export { SIMPLE_MAX_TOKENS_CAP } from "./simple-max-tokens.js";
export {
	complete,
	completeSimple,
	getDefaultModels,
	getModel,
	getModels,
	getProviders,
	stream,
	streamSimple,
} from "./stream.js";
export type { ProviderStreams, StreamFunction } from "./stream-function.js";
export type { AnthropicEffort, GeminiThinkingLevel, GoogleThinkingConfig } from "./thinking-levels.js";
export {
	ANTHROPIC_DEFAULT_THINKING_BUDGETS,
	adjustMaxTokensForThinking,
	capAtHigh,
	clampThinkingLevel,
	getAnthropicEffort,
	getGeminiThinkingBudget,
	getGeminiThinkingLevel,
	getGoogleThinkingConfig,
	getSupportedThinkingLevels,
	getThinkingLevelValue,
	isGemini3Model,
	supportsAdaptiveThinking,
	supportsMax,
	supportsXhigh,
	THINKING_LEVELS,
} from "./thinking-levels.js";
export type { ToolCallIdNormalizer, TransformMessagesOptions } from "./transform-messages.js";
export {
	IMAGE_OMITTED_PLACEHOLDER,
	NO_TOOL_RESULT_TEXT,
	sanitizeToolCallId,
	TOOL_IMAGE_OMITTED_PLACEHOLDER,
	transformMessages,
} from "./transform-messages.js";
export { StringEnum } from "./typebox.js";
export type {
	AnthropicMessagesCompat,
	Api,
	AssistantMessage,
	AssistantMessageEvent,
	Context,
	HeadersHook,
	ImageContent,
	KnownApi,
	KnownProvider,
	Message,
	Model,
	ModelCost,
	ModelCostTier,
	ModelInputLimits,
	OpenAICompletionsCompat,
	OpenAIResponsesCompat,
	PayloadHook,
	ProviderHeaders,
	ProviderId,
	SimpleStreamOptions,
	StopReason,
	StreamOptions,
	TextContent,
	ThinkingBudgets,
	ThinkingContent,
	ThinkingLevel,
	ThinkingLevelOrOff,
	Tool,
	ToolCall,
	ToolResultMessage,
	Usage,
	UsageCost,
	UserMessage,
} from "./types.js";
export { calculateCost, contextTokens, emptyUsage } from "./utils/calculate-cost.js";
export { mergeHeaders } from "./utils/merge-headers.js";
export { parsePartialJson, parseToolArguments } from "./utils/partial-json.js";
export { sanitizeSurrogates } from "./utils/sanitize-unicode.js";
export { uuidv7 } from "./utils/uuidv7.js";
export { InvalidToolSchemaError, jsonSchemaToTypeBox } from "./validation/json-schema-to-typebox.js";
export { validateToolArguments, validateToolCall } from "./validation/validate-tool-arguments.js";
export { validateToolSchema } from "./validation/validate-tool-schema.js";
