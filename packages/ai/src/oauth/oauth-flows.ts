import { anthropicOAuth } from "./anthropic.js";
import { githubCopilotOAuth } from "./github-copilot.js";
import { kimiCodingOAuth } from "./kimi-coding.js";
import { metaOAuth } from "./meta.js";
import { oauthUrl } from "./oauth-endpoints.js";
import type { OAuthFlow } from "./oauth-types.js";
import { openaiChatGPTOAuth } from "./openai-chatgpt.js";
import { openaiCodexOAuth } from "./openai-codex.js";
import { openRouterOAuth } from "./openrouter.js";
import { createRadiusOAuth } from "./radius.js";
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

/** Radius's own gateway: the built-in `radius` provider signs in there (models.json may add others). */
const RADIUS_GATEWAY = "https://radius.pi.dev/v1";

/** Built per call: the gateway URL honours the test-only origin override of the moment. */
function radiusOAuth(): OAuthFlow {
	return createRadiusOAuth("radius", "Radius", oauthUrl(RADIUS_GATEWAY));
}

/** The built-in sign-in of a provider id, if it has one. */
export function getOAuthFlow(providerId: string): OAuthFlow | undefined {
	if (providerId === "radius") return radiusOAuth();
	return FLOWS.find((flow) => flow.providerId === providerId);
}

export function listOAuthFlows(): readonly OAuthFlow[] {
	return [...FLOWS, radiusOAuth()];
}
