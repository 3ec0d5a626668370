import type { StreamOptions, ThinkingBudgets, ThinkingLevel } from "../types.js";

/** Options of the `bedrock-converse-stream` API module. */
export interface BedrockOptions extends StreamOptions {
	/** AWS region. Default: `AWS_REGION`, `AWS_DEFAULT_REGION`, the endpoint's region, us-east-1. */
	region?: string;
	/**
	 * Thinking for Anthropic Claude models: sent as `additionalModelRequestFields.thinking` with a
	 * token budget (`thinkingBudgets` or the defaults). Other models: ignored. Unset: no thinking.
	 */
	reasoning?: ThinkingLevel;
	thinkingBudgets?: ThinkingBudgets;
}
