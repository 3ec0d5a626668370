import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { McpHttpServerConfig } from "../config/mcp-config-types.js";
import { PiOAuthProvider } from "./oauth-provider.js";
import type { McpCredentialStore } from "./oauth-store.js";

export interface SignInOptions {
	server: string;
	config: McpHttpServerConfig;
	store: McpCredentialStore;
	timeoutMs: number;
	/** Tells the user where to sign in. */
	announce: (text: string) => void;
}

interface CallbackServer {
	redirectUrl: string;
	result: Promise<{ code: string; state?: string }>;
	close(): void;
}

/** Listens on the loopback redirect URI (RFC 8252) for the authorization response. */
function listenForCallback(config: McpHttpServerConfig): Promise<CallbackServer> {
	const configured = config.oauth?.callbackUrl ? new URL(config.oauth.callbackUrl) : undefined;
	const path = configured?.pathname && configured.pathname !== "/" ? configured.pathname : "/callback";
	const host = configured?.hostname.replace(/^\[|\]$/g, "") ?? "127.0.0.1";
	const port = configured?.port ? Number(configured.port) : (config.oauth?.callbackPort ?? 0);
	return new Promise((resolve, reject) => {
		let settle: { resolve: (value: { code: string; state?: string }) => void; reject: (error: Error) => void };
		const result = new Promise<{ code: string; state?: string }>((resolveResult, rejectResult) => {
			settle = { resolve: resolveResult, reject: rejectResult };
		});
		const server: Server = createServer((request, response) => {
			const url = new URL(request.url ?? "/", "http://127.0.0.1");
			if (url.pathname !== path) {
				response.writeHead(404).end();
				return;
			}
			const code = url.searchParams.get("code");
			const error = url.searchParams.get("error");
			response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
			if (code) {
				response.end("<p>Signed in. You can close this tab and return to pi.</p>");
				const state = url.searchParams.get("state");
				settle.resolve({ code, ...(state ? { state } : {}) });
			} else {
				response.end("<p>Sign-in failed. Return to pi for details.</p>");
				settle.reject(new Error(`the authorization server answered: ${error ?? "no code"}`));
			}
		});
		server.on("error", reject);
		server.listen(port, host, () => {
			const actualPort = (server.address() as AddressInfo).port;
			const redirect = configured ? new URL(configured.href) : new URL(`http://127.0.0.1${path}`);
			redirect.port = String(actualPort);
			resolve({ redirectUrl: redirect.href, result, close: () => server.close() });
		});
	});
}

function openBrowser(url: string): void {
	const browser = process.env.BROWSER;
	if (browser === "none" || process.env.PI_MCP_NO_BROWSER) return;
	const command =
		browser || (process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open");
	try {
		const child = spawn(command, [url], { stdio: "ignore", detached: true });
		child.on("error", () => undefined);
		child.unref();
	} catch {
		// The URL is printed: the user can open it by hand.
	}
}

/**
 * Signs in to an HTTP server with the SDK's auth helpers: discovery of the authorization server,
 * dynamic client registration where offered, authorization code with PKCE through the browser
 * and a loopback redirect, token exchange. Tokens land in the credential store.
 */
export async function signInToMcpServer(options: SignInOptions): Promise<void> {
	const callback = await listenForCallback(options.config);
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(
			() => reject(new Error(`sign-in timed out after ${Math.round(options.timeoutMs / 1000)} seconds`)),
			options.timeoutMs,
		);
	});
	try {
		const provider = new PiOAuthProvider({
			server: options.server,
			config: options.config,
			store: options.store,
			redirectUrl: callback.redirectUrl,
			onAuthorizationUrl: (url) => {
				options.announce(`Open this URL to sign in to MCP server "${options.server}":\n${url.href}\n`);
				openBrowser(url.href);
			},
		});
		const scope = options.config.oauth?.scope;
		const serverUrl = options.config.url;
		const first = await Promise.race([auth(provider, { serverUrl, ...(scope ? { scope } : {}) }), timeout]);
		if (first === "AUTHORIZED") return;
		const { code, state } = await Promise.race([callback.result, timeout]);
		if (state !== undefined && state !== provider.stateValue) throw new Error("the callback's state does not match");
		const second = await Promise.race([
			auth(provider, { serverUrl, authorizationCode: code, ...(scope ? { scope } : {}) }),
			timeout,
		]);
		if (second !== "AUTHORIZED") throw new Error("the authorization server did not issue tokens");
	} finally {
		if (timer) clearTimeout(timer);
		callback.close();
	}
}
