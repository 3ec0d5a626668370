import type { MessageCreateParamsStreaming, TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { defaultSimpleMaxTokens } from "../simple-max-tokens.js";
import { supportsAdaptiveThinking } from "../thinking-levels.js";
import type { AnthropicMessagesCompat, Context, Model } from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import { anthropicCacheControl, markLastUserTurnForCaching } from "./anthropic-cache-control.js";
import { convertAnthropicMessages } from "./anthropic-convert-messages.js";
import { convertAnthropicToolChoice, convertAnthropicTools } from "./anthropic-convert-tools.js";
import type { AnthropicOptions } from "./anthropic-options.js";

/** The request body sent to `POST /v1/messages`. `temperature` is accepted by the API but absent from SDK 1.x types. */
export type AnthropicRequestBody = MessageCreateParamsStreaming & { temperature?: number };

/** Default thinking budget for `stream` with `thinkingEnabled` and no `thinkingBudgetTokens` (the API minimum). */
const DEFAULT_THINKING_BUDGET = 1024;

/** True when thinking will be requested for this model and these options. */
export function isAnthropicThinkingOn(model: Model, options: AnthropicOptions): boolean {
	return options.thinkingEnabled === true && model.reasoning;
}

function systemBlocks(context: Context, options: AnthropicOptions, model: Model): TextBlockParam[] | undefined {
	if (!context.systemPrompt) return undefined;
	const cacheControl = anthropicCacheControl(model.baseUrl, options.cacheRetention);
	return [
		{
			type: "text",
			text: sanitizeSurrogates(context.systemPrompt),
			...(cacheControl ? { cache_control: cacheControl } : {}),
		},
	];
}

function thinkingFields(
	model: Model,
	options: AnthropicOptions,
): Pick<AnthropicRequestBody, "thinking" | "output_config"> {
	if (!isAnthropicThinkingOn(model, options)) return {};
	const display = options.thinkingDisplay ? { display: options.thinkingDisplay } : {};
	if (supportsAdaptiveThinking(model)) {
		return {
			thinking: { type: "adaptive", ...display },
			...(options.effort ? { output_config: { effort: options.effort } } : {}),
		};
	}
	return {
		thinking: { type: "enabled", budget_tokens: options.thinkingBudgetTokens ?? DEFAULT_THINKING_BUDGET, ...display },
	};
}

function userId(options: AnthropicOptions): string | undefined {
	const value = options.metadata?.user_id;
	return typeof value === "string" ? value : undefined;
}

/**
 * Builds the Anthropic Messages request body: system prompt (cache-marked), converted messages
 * (last user turn cache-marked), tools, tool choice, thinking (adaptive or budget), `max_tokens`
 * (default `min(model.maxTokens, 32000)`), `temperature` only without thinking, and
 * `metadata.user_id`.
 */
export function buildAnthropicParams(model: Model, context: Context, options: AnthropicOptions): AnthropicRequestBody {
	const messages = convertAnthropicMessages(context.messages, model);
	const cacheControl = anthropicCacheControl(model.baseUrl, options.cacheRetention);
	const compat = (model.compat ?? {}) as AnthropicMessagesCompat;
	if (cacheControl) markLastUserTurnForCaching(messages, cacheControl);
	const system = systemBlocks(context, options, model);
	const user = userId(options);
	const body: AnthropicRequestBody = {
		model: model.id,
		max_tokens: options.maxTokens ?? defaultSimpleMaxTokens(model),
		messages,
		stream: true,
		...(system ? { system } : {}),
		...(context.tools && context.tools.length > 0
			? {
					tools: convertAnthropicTools(context.tools, {
						eagerInputStreaming: compat.supportsEagerToolInputStreaming !== false,
						cacheControl: compat.supportsCacheControlOnTools !== false ? cacheControl : undefined,
					}),
				}
			: {}),
		...(options.toolChoice ? { tool_choice: convertAnthropicToolChoice(options.toolChoice) } : {}),
		...thinkingFields(model, options),
		...(user ? { metadata: { user_id: user } } : {}),
	};
	// The API rejects a temperature other than 1 while thinking; leave it out rather than fail.
	if (options.temperature !== undefined && !isAnthropicThinkingOn(model, options))
		body.temperature = options.temperature;
	return body;
}
