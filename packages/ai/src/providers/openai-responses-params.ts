import type { FunctionTool, ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { Context, Model, OpenAIResponsesCompat, Tool } from "../types.js";
import { applySamplingParams } from "../utils/sampling-params.js";
import { convertResponsesInput } from "./openai-responses-convert-input.js";
import type { OpenAIResponsesOptions } from "./openai-responses-options.js";

/** The request body: the SDK's streaming params, with vendor effort strings allowed. */
export type ResponsesParams = Omit<ResponseCreateParamsStreaming, "reasoning" | "tools"> & {
	reasoning?: { effort: string; summary?: OpenAIResponsesOptions["reasoningSummary"] };
	tools?: ResponsesFunctionTool[];
};

/** A Responses function tool whose `strict` may be left out (the SDK's type requires it). */
export type ResponsesFunctionTool = Omit<FunctionTool, "strict"> & { strict?: boolean | null };

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
	/** When the model's compat does not say: Azure and Codex take `strict`, other servers may not. */
	supportsStrictModeDefault = false,
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
	if (context.tools && context.tools.length > 0)
		params.tools = convertResponsesTools(context.tools, compat.supportsStrictMode ?? supportsStrictModeDefault);
	const level = options?.reasoningEffort;
	if (model.reasoning && level !== undefined) {
		const summary = options?.reasoningSummary === undefined ? "auto" : options.reasoningSummary;
		params.reasoning = { effort: model.thinkingLevelMap?.[level] ?? level, summary };
		params.include = ["reasoning.encrypted_content"];
	} else if (model.reasoning && model.provider !== "github-copilot") {
		// Thinking off on a reasoning model: say so, or the server reasons at its default effort.
		// A `thinkingLevelMap.off` of null means the model cannot turn reasoning off: send nothing.
		// Copilot's endpoint rejects the "none" effort.
		const off = model.thinkingLevelMap?.off;
		if (off !== null) params.reasoning = { effort: off ?? "none" };
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

/**
 * Tools as Responses function tools. `strict: false` only where the model's compat says the server
 * takes the field (strict mode itself needs fully closed schemas); otherwise no `strict` at all.
 */
export function convertResponsesTools(tools: readonly Tool[], supportsStrictMode: boolean): ResponsesFunctionTool[] {
	return tools.map((tool) => ({
		type: "function",
		name: tool.name,
		description: tool.description,
		parameters: tool.parameters as Record<string, unknown>,
		...(supportsStrictMode ? { strict: false } : {}),
	}));
}
