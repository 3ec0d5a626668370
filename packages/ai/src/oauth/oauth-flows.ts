import { anthropicOAuth } from "./anthropic.js";
import { githubCopilotOAuth } from "./github-copilot.js";
import { kimiCodingOAuth } from "./kimi-coding.js";
import { metaOAuth } from "./meta.js";
import type { OAuthFlow } from "./oauth-types.js";
import { openaiChatGPTOAuth } from "./openai-chatgpt.js";
import { openaiCodexOAuth } from "./openai-codex.js";
import { openRouterOAuth } from "./openrouter.js";
import { xaiOAuth } from "./xai.js";

const FLOWS: readonly OAuthFlow[] = [
	anthropicOAuth,
	openaiCodexOAuth,
	openaiChatGPTOAuth,
	githubCopilotOAuth,
	xaiOAuth,
	kimiCodingOAuth,
	metaOAuth,
	openRouterOAuth,
];

/** The built-in sign-in of a provider id, if it has one. */
export function getOAuthFlow(providerId: string): OAuthFlow | undefined {
	return FLOWS.find((flow) => flow.providerId === providerId);
}

export function listOAuthFlows(): readonly OAuthFlow[] {
	return FLOWS;
}
