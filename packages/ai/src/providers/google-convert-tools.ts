import type { FunctionDeclaration, Tool as GoogleTool } from "@google/genai";
import type { Tool } from "../types.js";

/**
 * Converts tools to one Gemini tool with `functionDeclarations`. The TypeBox schema is plain JSON
 * Schema and goes into `parametersJsonSchema` unchanged (Gemini accepts full JSON Schema there,
 * unlike the OpenAPI subset of `parameters`). Returns undefined for no tools.
 */
export function convertGoogleTools(tools: readonly Tool[] | undefined): GoogleTool[] | undefined {
	if (!tools || tools.length === 0) return undefined;
	const functionDeclarations: FunctionDeclaration[] = tools.map((tool) => ({
		name: tool.name,
		description: tool.description,
		parametersJsonSchema: tool.parameters,
	}));
	return [{ functionDeclarations }];
}
