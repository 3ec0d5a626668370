import type { FunctionTool, ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { Context, Model, OpenAIResponsesCompat, Tool } from "../types.js";
import { applySamplingParams } from "../utils/sampling-params.js";
import { convertResponsesInput } from "./openai-responses-convert-input.js";
import type { OpenAIResponsesOptions } from "./openai-responses-options.js";

/** The request body: the SDK's streaming params, with vendor effort strings allowed. */
export type ResponsesParams = Omit<ResponseCreateParamsStreaming, "reasoning"> & {
	reasoning?: { effort: string; summary?: OpenAIResponsesOptions["reasoningSummary"] };
};

/**
 * Builds the Responses request body: `stream: true`, `store: false`, input items, function tools,
 * `max_output_tokens`, `temperature`, `reasoning` + `include: ["reasoning.encrypted_content"]` when
 * an effort is set on a reasoning model, `prompt_cache_key` = `sessionId` (unless
 * `cacheRetention` is "none"; "long" adds 24 h retention where supported) and `service_tier`.
 */
export function buildResponsesParams(
	model: Model,
	context: Context,
	options: OpenAIResponsesOptions | undefined,
): ResponsesParams {
	const compat = (model.compat ?? {}) as OpenAIResponsesCompat;
	const params: ResponsesParams = {
		model: model.id,
		input: convertResponsesInput(model, context, compat),
		stream: true,
		store: false,
	};
	if (options?.maxTokens !== undefined) params.max_output_tokens = options.maxTokens;
	if (options?.temperature !== undefined) params.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) params.tools = convertResponsesTools(context.tools);
	const level = options?.reasoningEffort;
	if (model.reasoning && level !== undefined) {
		const summary = options?.reasoningSummary === undefined ? "auto" : options.reasoningSummary;
		params.reasoning = { effort: model.thinkingLevelMap?.[level] ?? level, summary };
		params.include = ["reasoning.encrypted_content"];
	}
	if (options?.sessionId && options.cacheRetention !== "none") {
		params.prompt_cache_key = options.sessionId;
		if (options.cacheRetention === "long" && compat.supportsLongCacheRetention !== false)
			params.prompt_cache_retention = "24h";
	}
	if (options?.serviceTier !== undefined) params.service_tier = options.serviceTier;
	applySamplingParams(params, model, model.reasoning ? level : undefined);
	return params;
}

/** Tools as Responses function tools; `strict: false` (strict mode needs fully closed schemas). */
export function convertResponsesTools(tools: readonly Tool[]): FunctionTool[] {
	return tools.map((tool) => ({
		type: "function",
		name: tool.name,
		description: tool.description,
		parameters: tool.parameters as Record<string, unknown>,
		strict: false,
	}));
}
