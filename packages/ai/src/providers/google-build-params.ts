import type { GenerateContentConfig, GenerateContentParameters, ThinkingConfig } from "@google/genai";
import type { Context, Model } from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import type { GoogleSdk } from "./google-client.js";
import { convertGoogleMessages } from "./google-convert-messages.js";
import { convertGoogleTools } from "./google-convert-tools.js";
import type { GoogleOptions, GoogleToolChoice } from "./google-options.js";

function thinkingConfig(sdk: GoogleSdk, model: Model, options: GoogleOptions): ThinkingConfig | undefined {
	const thinking = options.thinking;
	if (!thinking || !model.reasoning) return undefined;
	const config: ThinkingConfig = {};
	if (thinking.enabled) config.includeThoughts = true;
	if (thinking.level !== undefined) config.thinkingLevel = sdk.ThinkingLevel[thinking.level];
	else if (thinking.budgetTokens !== undefined) config.thinkingBudget = thinking.budgetTokens;
	return Object.keys(config).length > 0 ? config : undefined;
}

function toolConfig(sdk: GoogleSdk, choice: GoogleToolChoice): GenerateContentConfig["toolConfig"] {
	const modes = {
		auto: sdk.FunctionCallingConfigMode.AUTO,
		none: sdk.FunctionCallingConfigMode.NONE,
		any: sdk.FunctionCallingConfigMode.ANY,
	};
	return { functionCallingConfig: { mode: modes[choice] } };
}

/**
 * Builds the `generateContentStream` parameters: converted `contents`, `systemInstruction`, tools
 * with their function-calling mode, `temperature`, `maxOutputTokens` and `thinkingConfig`. The SDK
 * turns `config` into the wire body (`generationConfig`, top-level `systemInstruction`, `tools`…).
 * `abortSignal` is attached by the caller after `onPayload`, so the hook only sees plain data.
 */
export function buildGoogleParams(
	sdk: GoogleSdk,
	model: Model,
	context: Context,
	options: GoogleOptions,
): GenerateContentParameters {
	const tools = convertGoogleTools(context.tools);
	const thinking = thinkingConfig(sdk, model, options);
	const config: GenerateContentConfig = {
		...(context.systemPrompt ? { systemInstruction: sanitizeSurrogates(context.systemPrompt) } : {}),
		...(tools ? { tools } : {}),
		...(tools && options.toolChoice ? { toolConfig: toolConfig(sdk, options.toolChoice) } : {}),
		...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
		...(options.maxTokens !== undefined ? { maxOutputTokens: options.maxTokens } : {}),
		...(thinking ? { thinkingConfig: thinking } : {}),
	};
	return { model: model.id, contents: convertGoogleMessages(context.messages, model), config };
}
