import type { AuthMethod, InitializeRequest, InitializeResponse } from "@agentclientprotocol/sdk";

/** A sign-in flow; `paste` needs typed input, which `authenticate` cannot carry. */
export type AcpSignInMethod = "browser" | "device_code" | "paste";

/** A provider whose sign-in `initialize` offers. */
export interface AcpSignInProvider {
	id: string;
	name: string;
	/** Default first (as @pi/ai lists them). */
	methods: readonly AcpSignInMethod[];
}

/**
 * The built-in subscription sign-ins. Stated here rather than read from @pi/ai so that answering
 * `initialize` loads nothing; a test keeps the list equal to @pi/ai's OAUTH_PROVIDERS.
 */
export const ACP_SIGN_IN_PROVIDERS: readonly AcpSignInProvider[] = [
	{ id: "anthropic", name: "Anthropic (Claude Pro/Max)", methods: ["browser", "paste"] },
	{ id: "openai-codex", name: "OpenAI Codex (ChatGPT)", methods: ["browser", "device_code", "paste"] },
	{ id: "openai", name: "OpenAI (ChatGPT subscription)", methods: ["browser", "paste"] },
	{ id: "github-copilot", name: "GitHub Copilot", methods: ["device_code"] },
	{ id: "xai", name: "xAI (Grok subscription)", methods: ["device_code"] },
	{ id: "kimi-coding", name: "Kimi Code (subscription)", methods: ["device_code"] },
	{ id: "meta", name: "Meta (Muse subscription)", methods: ["device_code"] },
	{ id: "openrouter", name: "OpenRouter", methods: ["browser"] },
	{ id: "radius", name: "Radius", methods: ["browser", "device_code"] },
];

/** The methods a models.json gateway (`"oauth": "radius"`) signs in with, as `pi auth login`. */
const GATEWAY_METHODS: readonly AcpSignInMethod[] = ["browser", "device_code"];

/** The `authenticate` method id of a provider's sign-in: `sign-in:<provider>[:<method>]`. */
export const SIGN_IN_METHOD_PREFIX = "sign-in:";

/** Method ids that are not sign-ins. */
export const TERMINAL_AUTH_METHOD_ID = "pi-auth";
export const ENV_AUTH_METHOD_ID = "env";

/** What the terminal method appends to the editor's invocation of pi. */
export const TERMINAL_AUTH_ARGS = ["--mode", "text"];

/**
 * Every provider with a sign-in: the built-in ones, then models.json's gateways. A gateway that
 * reuses a built-in id (its own `radius`) replaces that entry, as in `pi auth login`.
 */
export function acpSignInProviders(
	configured: readonly { id: string; name: string }[] = [],
): readonly AcpSignInProvider[] {
	const ids = new Set(configured.map((provider) => provider.id));
	return [
		...ACP_SIGN_IN_PROVIDERS.filter((provider) => !ids.has(provider.id)),
		...configured.map(({ id, name }) => ({ id, name, methods: GATEWAY_METHODS })),
	];
}

const METHOD_NAMES: Record<AcpSignInMethod, string> = {
	browser: "browser",
	device_code: "device code",
	paste: "paste",
};

/**
 * The `authenticate` methods of one provider: `sign-in:<id>` runs its default flow, and each
 * further flow has its own id (`sign-in:openai-codex:device_code`) for an editor to choose one,
 * e.g. the device code on a remote machine where the loopback callback cannot be reached.
 */
function signInAuthMethods(provider: AcpSignInProvider): AuthMethod[] {
	const usable = provider.methods.filter((method) => method !== "paste");
	return usable.map((method, index) => ({
		id: `${SIGN_IN_METHOD_PREFIX}${provider.id}${index === 0 ? "" : `:${method}`}`,
		name: index === 0 ? `Sign in: ${provider.name}` : `Sign in: ${provider.name} (${METHOD_NAMES[method]})`,
		description:
			method === "device_code"
				? "Signs in with a device code: pi sends the code and where to enter it as a `_pi/sign_in` notification; the request answers once signed in."
				: "Signs in in the browser: pi sends the address to open as a `_pi/sign_in` notification; the request answers once signed in.",
		_meta: { pi: { provider: provider.id, method } },
	}));
}

/** What `authenticate` is asked to run, or undefined when `methodId` is not a sign-in. */
export function parseSignInMethodId(methodId: string): { provider: string; method?: AcpSignInMethod } | undefined {
	if (!methodId.startsWith(SIGN_IN_METHOD_PREFIX)) return undefined;
	const rest = methodId.slice(SIGN_IN_METHOD_PREFIX.length);
	const colon = rest.lastIndexOf(":");
	const suffix = colon < 0 ? undefined : rest.slice(colon + 1);
	if (suffix === "browser" || suffix === "device_code" || suffix === "paste")
		return { provider: rest.slice(0, colon), method: suffix };
	return { provider: rest };
}

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

/** What `initialize` advertises beyond the fixed capabilities. */
export interface AcpAdvertised {
	/** MCP support as the command line decides it (default: HTTP supported). */
	mcp?: AcpMcpSupport;
	/** models.json's gateway sign-ins (read at `initialize`, see readConfiguredSignIns). */
	configuredSignIns?: readonly { id: string; name: string }[];
}

/** pi's answer to `initialize`: honest capabilities, name and version, how to authenticate. */
export function initializeResponse(
	request: Pick<InitializeRequest, "protocolVersion" | "clientCapabilities">,
	version: string,
	advertised: AcpAdvertised = {},
): InitializeResponse {
	const mcp = advertised.mcp ?? { http: true };
	const authMethods: AuthMethod[] = acpSignInProviders(advertised.configuredSignIns).flatMap(signInAuthMethods);
	// ACP: a terminal method only for a client that said it can run one (and never to `authenticate`).
	if (request.clientCapabilities?.auth?.terminal === true)
		authMethods.push({
			id: TERMINAL_AUTH_METHOD_ID,
			name: "Sign in with pi in a terminal",
			description:
				"Opens pi's terminal UI: /login signs in with a subscription (any flow, a pasted code too) or stores an API key; quit pi when done.",
			type: "terminal",
			// Appended to the editor's `pi --mode acp …`: the last --mode wins, so pi opens its terminal UI.
			args: TERMINAL_AUTH_ARGS,
		});
	authMethods.push({
		id: ENV_AUTH_METHOD_ID,
		name: "API key environment variable",
		description:
			"Set the provider's API key variable (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, …) in the environment the editor starts pi with.",
	});
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
		authMethods,
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
