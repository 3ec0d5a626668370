import type { ApiUnderTest } from "../api-under-test.js";
import { anthropicMessages } from "./anthropic-messages.js";
import { azureOpenAIResponses } from "./azure-openai-responses.js";
import { bedrockConverseStream } from "./bedrock-converse-stream.js";
import { googleGenerativeAi } from "./google-generative-ai.js";
import { googleVertex } from "./google-vertex.js";
import { mistralConversations } from "./mistral-conversations.js";
import { openaiCodexResponses } from "./openai-codex-responses.js";
import { openaiCompletions } from "./openai-completions.js";
import { openaiResponses } from "./openai-responses.js";
import { piMessages } from "./pi-messages.js";

/**
 * Every API the conformance suite runs against, in handoff order (the cross-API test hands one
 * conversation through them in this order). Add one line per API module.
 */
export const APIS_UNDER_TEST: ApiUnderTest[] = [
	anthropicMessages,
	googleGenerativeAi,
	openaiCompletions,
	openaiResponses,
	azureOpenAIResponses,
	openaiCodexResponses,
	googleVertex,
	bedrockConverseStream,
	mistralConversations,
	piMessages,
];
