import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { Context, Model } from "../types.js";
import { applySamplingParams } from "../utils/sampling-params.js";
import type { ResolvedCompletionsCompat } from "./openai-completions-compat.js";
import { convertCompletionsMessages } from "./openai-completions-convert-messages.js";
import { convertCompletionsTools } from "./openai-completions-convert-tools.js";
import type { OpenAICompletionsOptions } from "./openai-completions-options.js";

/** The request body: the SDK's streaming params plus the fields OpenAI-compatible servers add. */
export type CompletionsParams = Omit<ChatCompletionCreateParamsStreaming, "reasoning_effort"> & {
	/** Vendor strings are allowed (`reasoningEffortMap`). */
	reasoning_effort?: string;
	/** OpenRouter. */
	reasoning?: { effort: string };
	/** OpenRouter provider routing. */
	provider?: { only?: string[]; order?: string[] };
	/** Vercel AI Gateway routing. */
	providerOptions?: { gateway: { only?: string[]; order?: string[] } };
	/** DeepSeek and z.ai. */
	thinking?: { type: "enabled" | "disabled" };
	/** Qwen (DashScope). */
	enable_thinking?: boolean;
	/** vLLM / SGLang chat templates. */
	chat_template_kwargs?: Record<string, unknown>;
};

/**
 * Builds the Chat Completions request body (ai.md §6): `stream: true`, `stream_options` when
 * `supportsUsageInStreaming`, `store: false` when `supportsStore`, max tokens under
 * `maxTokensField`, tools (with `strict` per `supportsStrictMode`), `tool_choice`, thinking fields
 * per `thinkingFormat`, routing for OpenRouter / Vercel AI Gateway, and `prompt_cache_key`
 * (= `sessionId`) for api.openai.com.
 */
export function buildCompletionsParams(
	model: Model,
	context: Context,
	options: OpenAICompletionsOptions | undefined,
	compat: ResolvedCompletionsCompat,
): CompletionsParams {
	const params: CompletionsParams = {
		model: model.id,
		messages: convertCompletionsMessages(model, context, compat),
		stream: true,
	};
	if (compat.supportsUsageInStreaming) params.stream_options = { include_usage: true };
	if (compat.supportsStore) params.store = false;
	if (options?.maxTokens !== undefined) {
		if (compat.maxTokensField === "max_tokens") params.max_tokens = options.maxTokens;
		else params.max_completion_tokens = options.maxTokens;
	}
	if (options?.temperature !== undefined) params.temperature = options.temperature;
	if (context.tools && context.tools.length > 0)
		params.tools = convertCompletionsTools(context.tools, compat.supportsStrictMode);
	if (options?.toolChoice !== undefined) params.tool_choice = options.toolChoice;
	if (model.reasoning) applyThinking(params, model, options?.reasoningEffort, compat);
	applyRouting(params, compat);
	if (compat.isOpenAI && options?.sessionId && options.cacheRetention !== "none") {
		params.prompt_cache_key = options.sessionId;
		if (options.cacheRetention === "long") params.prompt_cache_retention = "24h";
	}
	applySamplingParams(params, model, model.reasoning ? options?.reasoningEffort : undefined);
	return params;
}

/** The vendor string for a level: `reasoningEffortMap`, then a `thinkingLevelMap` string, then the level. */
export function completionsEffortValue(
	model: Model,
	level: NonNullable<OpenAICompletionsOptions["reasoningEffort"]>,
	compat: ResolvedCompletionsCompat,
): string {
	return compat.reasoningEffortMap[level] ?? model.thinkingLevelMap?.[level] ?? level;
}

function applyThinking(
	params: CompletionsParams,
	model: Model,
	level: OpenAICompletionsOptions["reasoningEffort"],
	compat: ResolvedCompletionsCompat,
): void {
	const enabled = level !== undefined;
	const effort = level === undefined ? undefined : completionsEffortValue(model, level, compat);
	switch (compat.thinkingFormat) {
		case "openai":
			if (effort !== undefined && compat.supportsReasoningEffort) params.reasoning_effort = effort;
			return;
		case "openrouter":
			params.reasoning = { effort: effort ?? "none" };
			return;
		case "deepseek":
		case "zai":
			params.thinking = { type: enabled ? "enabled" : "disabled" };
			return;
		case "qwen":
			params.enable_thinking = enabled;
			return;
		case "qwen-chat-template":
			params.chat_template_kwargs = { ...compat.chatTemplateKwargs, enable_thinking: enabled };
			return;
		case "chat-template":
			if (compat.chatTemplateKwargs) params.chat_template_kwargs = { ...compat.chatTemplateKwargs };
			return;
	}
}

function applyRouting(params: CompletionsParams, compat: ResolvedCompletionsCompat): void {
	const openRouter = compat.openRouterRouting;
	if (compat.isOpenRouter && openRouter && (openRouter.only || openRouter.order)) params.provider = { ...openRouter };
	const gateway = compat.vercelGatewayRouting;
	if (compat.isVercelGateway && gateway && (gateway.only || gateway.order)) {
		params.providerOptions = { gateway: { ...gateway } };
	}
}
