import type { ConverseStreamRequest } from "@aws-sdk/client-bedrock-runtime";
import type { AssistantMessageEventStream } from "../event-stream.js";
import { defaultSimpleMaxTokens } from "../simple-max-tokens.js";
import { clampThinkingLevel } from "../thinking-levels.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { commonJsExports } from "../utils/commonjs-exports.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import { createBedrockClient } from "./bedrock-client.js";
import { convertBedrockMessages, convertBedrockTools } from "./bedrock-convert-messages.js";
import { formatBedrockError } from "./bedrock-format-error.js";
import type { BedrockOptions } from "./bedrock-options.js";
import { processBedrockStream } from "./bedrock-process-stream.js";
import { applyPayloadHook, runProviderStream } from "./shared/provider-stream.js";

export type { BedrockOptions } from "./bedrock-options.js";

/** Default thinking budgets (tokens) per level for Claude on Bedrock. */
const DEFAULT_BUDGETS = { minimal: 1024, low: 2048, medium: 8192, high: 16384 } as const;

function isClaude(model: Model): boolean {
	return /anthropic\.claude|claude/i.test(model.id);
}

/** The ConverseStream request. */
export function buildBedrockRequest(model: Model, context: Context, options: BedrockOptions): ConverseStreamRequest {
	const request: ConverseStreamRequest = { modelId: model.id, messages: convertBedrockMessages(model, context) };
	if (context.systemPrompt) request.system = [{ text: sanitizeSurrogates(context.systemPrompt) }];
	const inference: NonNullable<ConverseStreamRequest["inferenceConfig"]> = {};
	if (options.maxTokens !== undefined) inference.maxTokens = options.maxTokens;
	if (options.temperature !== undefined) inference.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) request.toolConfig = convertBedrockTools(context.tools);
	if (model.reasoning && options.reasoning && isClaude(model)) {
		const level = options.reasoning === "xhigh" || options.reasoning === "max" ? "high" : options.reasoning;
		const budget = options.thinkingBudgets?.[level] ?? DEFAULT_BUDGETS[level];
		request.additionalModelRequestFields = { thinking: { type: "enabled", budget_tokens: budget } };
		// Claude needs room for the answer beyond the budget, and no temperature with thinking.
		if (inference.maxTokens !== undefined && inference.maxTokens <= budget)
			inference.maxTokens = Math.min(model.maxTokens, budget + 4096);
		delete inference.temperature;
	}
	if (Object.keys(inference).length > 0) request.inferenceConfig = inference;
	return request;
}

function stopReasonOf(reason: string | undefined): "stop" | "length" | "toolUse" | { error: string } {
	switch (reason) {
		case undefined:
		case "end_turn":
		case "stop_sequence":
			return "stop";
		case "max_tokens":
		case "model_context_window_exceeded":
			return "length";
		case "tool_use":
			return "toolUse";
		default:
			return { error: `Bedrock stopped with stopReason "${reason}"` };
	}
}

/**
 * Streams one reply from Amazon Bedrock's ConverseStream API through the official
 * `@aws-sdk/client-bedrock-runtime` (loaded on first use), which decodes AWS's binary event-stream
 * framing. `options.apiKey`: a Bedrock API key (bearer), or "" to sign with the standard AWS
 * credential chain (see `createBedrockClient`). Never throws: HTTP errors and in-stream exceptions
 * become `<status> <ExceptionName>: <message>`; aborts end the stream as aborted.
 */
export function stream(model: Model, context: Context, options: BedrockOptions = {}): AssistantMessageEventStream {
	return runProviderStream(
		model,
		options,
		async ({ builder, apiKey }) => {
			const sdk = commonJsExports(await import("@aws-sdk/client-bedrock-runtime"), "BedrockRuntimeClient");
			const client = await createBedrockClient(sdk, model, apiKey, options);
			try {
				const request = await applyPayloadHook(buildBedrockRequest(model, context, options), model, options);
				const command = new sdk.ConverseStreamCommand(request);
				const headers = { ...model.headers, ...options.headers };
				if (Object.keys(headers).length > 0) {
					command.middlewareStack.add(
						(next) => async (args) => {
							const http = args.request as { headers?: Record<string, string> };
							if (http.headers) Object.assign(http.headers, headers);
							return next(args);
						},
						{ step: "build", name: "piHeaders" },
					);
				}
				const response = await client.send(command, { abortSignal: options.signal });
				options.onResponse?.({ status: response.$metadata.httpStatusCode ?? 200, headers: {} });
				// Converse has no response id of its own: the request id names the reply.
				builder.setResponseId(response.$metadata.requestId);
				if (!response.stream) throw new Error("Bedrock returned no stream");
				const outcome = await processBedrockStream(response.stream, builder);
				const stop = stopReasonOf(outcome.stopReason);
				if (typeof stop === "object") builder.fail(stop.error, false);
				else builder.finish(stop);
			} finally {
				client.destroy();
			}
		},
		(error) => formatBedrockError(error, options.maxRetryDelayMs),
	);
}

/** `stream` with a uniform thinking level (budgets for Claude models). */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	const { reasoning, ...base } = options;
	const level = reasoning ? clampThinkingLevel(model, reasoning) : "off";
	return stream(model, context, {
		...base,
		maxTokens: base.maxTokens ?? defaultSimpleMaxTokens(model),
		reasoning: level === "off" ? undefined : level,
	});
}
