import type { InitializeRequest, InitializeResponse } from "@agentclientprotocol/sdk";

/**
 * The subscription sign-ins offered to editors as `authenticate` methods (`sign-in:<provider>`).
 * Stated here rather than read from @pi/ai so that answering `initialize` loads nothing; a test
 * keeps the list equal to @pi/ai's OAUTH_PROVIDERS.
 */
export const ACP_SIGN_IN_PROVIDERS: readonly { id: string; name: string }[] = [
	{ id: "anthropic", name: "Anthropic (Claude Pro/Max)" },
	{ id: "openai-codex", name: "OpenAI Codex (ChatGPT)" },
	{ id: "openai", name: "OpenAI (ChatGPT subscription)" },
	{ id: "github-copilot", name: "GitHub Copilot" },
	{ id: "xai", name: "xAI (Grok subscription)" },
	{ id: "kimi-coding", name: "Kimi Code (subscription)" },
	{ id: "meta", name: "Meta (Muse subscription)" },
	{ id: "openrouter", name: "OpenRouter" },
	{ id: "radius", name: "Radius" },
];

/** The `authenticate` method id of a provider's sign-in. */
export const SIGN_IN_METHOD_PREFIX = "sign-in:";

/** The ACP protocol version pi speaks (the SDK's `PROTOCOL_VERSION`; a test keeps them equal). */
export const ACP_PROTOCOL_VERSION = 1;

/** Whether the MCP extension will connect the HTTP servers an editor passes. */
export interface AcpMcpSupport {
	http: boolean;
}

/**
 * MCP support as the command line decides it, known before anything loads: `--no-mcp`, or
 * `--no-extensions` without `-e builtin:mcp`, leaves the built-in MCP extension out.
 */
export function acpMcpSupport(args: {
	noExtensions: boolean;
	extensions: readonly string[];
	unknownFlags: readonly { name: string; value?: string }[];
}): AcpMcpSupport {
	const noMcp = args.unknownFlags.some((flag) => flag.name === "no-mcp" && flag.value !== "false");
	const withoutExtensions = args.noExtensions && !args.extensions.includes("builtin:mcp");
	return { http: !noMcp && !withoutExtensions };
}

/** pi's answer to `initialize`: honest capabilities, name and version, how to authenticate. */
export function initializeResponse(
	request: Pick<InitializeRequest, "protocolVersion">,
	version: string,
	mcp: AcpMcpSupport = { http: true },
): InitializeResponse {
	return {
		protocolVersion: Math.min(request.protocolVersion, ACP_PROTOCOL_VERSION),
		agentInfo: { name: "pi", title: "pi", version },
		agentCapabilities: {
			loadSession: true,
			promptCapabilities: { image: true, audio: false, embeddedContext: true },
			// stdio always (ACP requires it); streamable HTTP through the MCP extension, unless this run
			// leaves it out; legacy SSE is not supported.
			mcpCapabilities: { http: mcp.http, sse: false },
			sessionCapabilities: { list: {}, resume: {}, close: {} },
		},
		authMethods: [
			...ACP_SIGN_IN_PROVIDERS.map((provider) => ({
				id: `${SIGN_IN_METHOD_PREFIX}${provider.id}`,
				name: `Sign in: ${provider.name}`,
				description:
					"Signs in with a subscription: pi sends the address (or device code) to open as a `_pi/sign_in` notification; the request answers once signed in.",
			})),
			{
				id: "pi-auth",
				name: "Log in with pi auth",
				description: "Runs `pi auth` in a terminal to store a provider's API key or log in with OAuth.",
				type: "terminal",
				args: ["auth"],
			},
			{
				id: "env",
				name: "API key environment variable",
				description:
					"Set the provider's API key variable (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, …) in the environment the editor starts pi with.",
			},
		],
	};
}

/** The parts of a JSON-RPC `initialize` request the early answer needs, when `line` is one. */
export function parseInitializeLine(line: string): { id: string | number; params: InitializeRequest } | undefined {
	let message: unknown;
	try {
		message = JSON.parse(line);
	} catch {
		// Not JSON: the SDK answers it (-32700).
		return undefined;
	}
	if (typeof message !== "object" || message === null) return undefined;
	const { jsonrpc, id, method, params } = message as Record<string, unknown>;
	if (jsonrpc !== "2.0" || method !== "initialize" || (typeof id !== "string" && typeof id !== "number"))
		return undefined;
	if (typeof params !== "object" || params === null) return undefined;
	const protocolVersion = (params as { protocolVersion?: unknown }).protocolVersion;
	if (typeof protocolVersion !== "number" || !Number.isInteger(protocolVersion) || protocolVersion < 0)
		return undefined;
	const capabilities = (params as { clientCapabilities?: unknown }).clientCapabilities;
	if (capabilities !== undefined && (typeof capabilities !== "object" || capabilities === null)) return undefined;
	return { id, params: params as InitializeRequest };
}
