// `@pi/ai/oauth`: the subscription sign-in flows (Node only: a loopback HTTP server, node:crypto).
// A second entry point so that importing `@pi/ai` never loads them; the request path loads them
// lazily through `oauthProviderAuth` when a stored OAuth credential is used.

export { anthropicOAuth } from "./anthropic.js";
export type { BrowserFlowConfig } from "./browser-flow.js";
export { parsePastedAnswer, runBrowserFlow } from "./browser-flow.js";
export type { DeviceAuthorization, DeviceFlowConfig } from "./device-flow.js";
export { runDeviceFlow } from "./device-flow.js";
export { copilotBaseUrl, githubCopilotOAuth } from "./github-copilot.js";
export { kimiCodingOAuth } from "./kimi-coding.js";
export { metaOAuth } from "./meta.js";
export type { OAuthErrorCode } from "./oauth-error.js";
export { isOAuthError, OAuthError } from "./oauth-error.js";
export { getOAuthFlow, listOAuthFlows } from "./oauth-flows.js";
export type {
	OAuthFlow,
	OAuthLoginEvent,
	OAuthLoginInteraction,
	OAuthLoginMethod,
	OAuthLoginOptions,
} from "./oauth-types.js";
export { openaiChatGPTOAuth } from "./openai-chatgpt.js";
export { openaiCodexOAuth } from "./openai-codex.js";
export { openRouterOAuth } from "./openrouter.js";
export { createPkce, pkceChallenge } from "./pkce.js";
export { createRadiusOAuth } from "./radius.js";
export { xaiOAuth } from "./xai.js";
