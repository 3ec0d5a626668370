import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionParameters } from "openai/resources/shared";
import type { Tool } from "../types.js";

/**
 * Converts tools to Chat Completions function tools. The TypeBox schema is plain JSON Schema and
 * is sent as `parameters`. `strict: false` is sent only when the server supports the field
 * (`supportsStrictMode`); strict mode itself stays off because it demands schemas with every
 * property required and `additionalProperties: false`.
 */
export function convertCompletionsTools(
	tools: readonly Tool[],
	supportsStrictMode: boolean,
): ChatCompletionFunctionTool[] {
	return tools.map((tool) => ({
		type: "function",
		function: {
			name: tool.name,
			description: tool.description,
			parameters: tool.parameters as FunctionParameters,
			...(supportsStrictMode ? { strict: false } : {}),
		},
	}));
}
