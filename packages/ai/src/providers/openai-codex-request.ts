import type { Context, Model } from "../types.js";
import type { OpenAICodexResponsesOptions } from "./openai-codex-responses-options.js";
import { buildResponsesParams, type ResponsesParams } from "./openai-responses-params.js";

/** The JWT claim under which ChatGPT access tokens carry the account. */
const AUTH_CLAIM = "https://api.openai.com/auth";

/** Instructions sent when the context has no system prompt (the endpoint requires some). */
const DEFAULT_INSTRUCTIONS = "You are a helpful assistant.";

/**
 * The ChatGPT account id inside a ChatGPT access token (a JWT), sent as `chatgpt-account-id`.
 * Undefined for anything that is not such a token (a test key, a proxy's own token).
 */
export function chatgptAccountId(token: string): string | undefined {
	const payload = token.split(".")[1];
	if (token.split(".").length !== 3 || !payload) return undefined;
	try {
		const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
		const auth = claims[AUTH_CLAIM] as { chatgpt_account_id?: unknown } | undefined;
		return typeof auth?.chatgpt_account_id === "string" ? auth.chatgpt_account_id : undefined;
	} catch {
		return undefined;
	}
}

/** `<baseUrl>/codex/responses` (a base URL that already ends in `/codex` or `/codex/responses` is kept). */
export function codexResponsesUrl(baseUrl: string): string {
	const root = baseUrl.replace(/\/+$/, "");
	if (root.endsWith("/codex/responses")) return root;
	if (root.endsWith("/codex")) return `${root}/responses`;
	return `${root}/codex/responses`;
}

/** The WebSocket URL of the same endpoint (`wss:` for `https:`, `ws:` for `http:`). */
export function codexWebSocketUrl(baseUrl: string): string {
	return codexResponsesUrl(baseUrl).replace(/^http(s?):/, "ws$1:");
}

/**
 * The Codex request body: the Responses body with the system prompt moved to `instructions`,
 * `store: false`, encrypted reasoning always included, `text.verbosity`, automatic tool choice with
 * parallel calls, and no `max_output_tokens` (the endpoint rejects it). Function tools carry
 * `strict: null` (the server's default mode, as pi 1.4 sends them) where the model takes `strict`.
 */
export function buildCodexParams(
	model: Model,
	context: Context,
	options: OpenAICodexResponsesOptions,
): ResponsesParams & Record<string, unknown> {
	const params = buildResponsesParams(model, { ...context, systemPrompt: undefined }, options, true);
	const { max_output_tokens: _dropped, ...rest } = params;
	return {
		...rest,
		...(rest.tools ? { tools: rest.tools.map((tool) => ("strict" in tool ? { ...tool, strict: null } : tool)) } : {}),
		instructions: context.systemPrompt || DEFAULT_INSTRUCTIONS,
		text: { verbosity: options.textVerbosity ?? "low" },
		include: ["reasoning.encrypted_content"],
		tool_choice: "auto",
		parallel_tool_calls: true,
	};
}

/** Headers of every Codex request besides `Authorization`. */
export function codexHeaders(apiKey: string, sessionId: string | undefined): Record<string, string> {
	const headers: Record<string, string> = { originator: "pi" };
	const account = chatgptAccountId(apiKey);
	if (account) headers["chatgpt-account-id"] = account;
	if (sessionId) {
		headers["session-id"] = sessionId;
		headers["x-client-request-id"] = sessionId;
	}
	return headers;
}
