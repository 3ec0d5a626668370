import type { ApiUnderTest } from "../api-under-test.js";
import { anthropicMessages } from "./anthropic-messages.js";
import { googleGenerativeAi } from "./google-generative-ai.js";
import { openaiCompletions } from "./openai-completions.js";
import { openaiResponses } from "./openai-responses.js";

/**
 * Every API the conformance suite runs against, in handoff order (the cross-API test hands one
 * conversation through them in this order). Add one line per API module.
 */
export const APIS_UNDER_TEST: ApiUnderTest[] = [
	anthropicMessages,
	googleGenerativeAi,
	openaiCompletions,
	openaiResponses,
];
