import type {
	Tool as AnthropicTool,
	ToolChoice as AnthropicToolChoiceParam,
	CacheControlEphemeral,
} from "@anthropic-ai/sdk/resources/messages";
import type { Tool } from "../types.js";
import type { AnthropicToolChoice } from "./anthropic-options.js";

/** How tool definitions are sent, from the model's compat and the cache retention. */
export interface AnthropicToolOptions {
	/** `eager_input_streaming: true` on each tool: tool arguments stream without server buffering. */
	eagerInputStreaming?: boolean;
	/** Marks the last tool, so the tool list joins the cached prompt prefix (as pi 1.4 does). */
	cacheControl?: CacheControlEphemeral;
}

/**
 * Converts tools to Anthropic tool definitions. The TypeBox schema is plain JSON Schema and goes
 * into `input_schema` whole (JSON serialisation drops TypeBox's symbol keys); Anthropic requires
 * `type: "object"` at the top, which a tool's parameter object always has.
 */
export function convertAnthropicTools(tools: readonly Tool[], options: AnthropicToolOptions = {}): AnthropicTool[] {
	return tools.map((tool, index) => ({
		name: tool.name,
		description: tool.description,
		...(options.eagerInputStreaming ? { eager_input_streaming: true } : {}),
		input_schema: { ...(tool.parameters as Record<string, unknown>), type: "object" },
		...(options.cacheControl && index === tools.length - 1 ? { cache_control: options.cacheControl } : {}),
	}));
}

/** Converts our tool choice to Anthropic's `tool_choice`. */
export function convertAnthropicToolChoice(choice: AnthropicToolChoice): AnthropicToolChoiceParam {
	return typeof choice === "string" ? { type: choice } : { type: "tool", name: choice.name };
}
