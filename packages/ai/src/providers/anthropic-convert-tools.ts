import type {
	Tool as AnthropicTool,
	ToolChoice as AnthropicToolChoiceParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Tool } from "../types.js";
import type { AnthropicToolChoice } from "./anthropic-options.js";

/**
 * Converts tools to Anthropic tool definitions. The TypeBox schema is plain JSON Schema and goes
 * into `input_schema` whole (JSON serialisation drops TypeBox's symbol keys); Anthropic requires
 * `type: "object"` at the top, which a tool's parameter object always has.
 */
export function convertAnthropicTools(tools: readonly Tool[]): AnthropicTool[] {
	return tools.map((tool) => ({
		name: tool.name,
		description: tool.description,
		input_schema: { ...(tool.parameters as Record<string, unknown>), type: "object" },
	}));
}

/** Converts our tool choice to Anthropic's `tool_choice`. */
export function convertAnthropicToolChoice(choice: AnthropicToolChoice): AnthropicToolChoiceParam {
	return typeof choice === "string" ? { type: choice } : { type: "tool", name: choice.name };
}
