import type { MockApi } from "../types.js";
import { anthropicMessagesRenderer } from "./anthropic-messages.js";
import { bedrockConverseStreamRenderer } from "./bedrock-converse-stream.js";
import { googleGenerativeAiRenderer } from "./google-generative-ai.js";
import { openaiCompletionsRenderer } from "./openai-completions.js";
import { openaiResponsesRenderer } from "./openai-responses.js";
import { piMessagesRenderer } from "./pi-messages.js";
import type { VendorRenderer } from "./vendor-renderer.js";

/** The renderer for each API, chosen by the route. */
export const RENDERERS: Record<MockApi, VendorRenderer> = {
	"openai-completions": openaiCompletionsRenderer,
	"openai-responses": openaiResponsesRenderer,
	"anthropic-messages": anthropicMessagesRenderer,
	"google-generative-ai": googleGenerativeAiRenderer,
	"bedrock-converse-stream": bedrockConverseStreamRenderer,
	"pi-messages": piMessagesRenderer,
};
