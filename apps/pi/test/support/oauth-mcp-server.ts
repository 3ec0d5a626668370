// A loopback OAuth 2.1 authorization server and MCP resource server in one, for the sign-in tests:
// protected resource metadata (RFC 9728), authorization server metadata (RFC 8414), dynamic client
// registration, authorization code with PKCE (S256), refresh tokens. `/authorize` approves at once
// (the test plays the browser). `expireAccessToken()` makes the current access token invalid.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface OAuthMcpServer {
	url: string;
	/** Token endpoint requests, by grant type. */
	tokenGrants: string[];
	registrations: number;
	expireAccessToken(): void;
	close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		let body = "";
		request.on("data", (chunk) => {
			body += chunk;
		});
		request.on("end", () => resolve(body));
	});
}

export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
	const codes = new Map<string, { challenge: string; redirectUri: string; clientId: string }>();
	const clients = new Set<string>();
	const validAccess = new Set<string>();
	const validRefresh = new Set<string>();
	const tokenGrants: string[] = [];
	let registrations = 0;
	let origin = "";
	const issue = () => {
		const access = `at-${randomBytes(8).toString("hex")}`;
		const refresh = `rt-${randomBytes(8).toString("hex")}`;
		validAccess.add(access);
		validRefresh.add(refresh);
		return { access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: 3600 };
	};
	const json = (response: import("node:http").ServerResponse, status: number, body: unknown) => {
		response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
	};
	const server: Server = createServer(async (request, response) => {
		const url = new URL(request.url ?? "/", origin);
		if (url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
			return json(response, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
		}
		if (url.pathname === "/.well-known/oauth-authorization-server") {
			return json(response, 200, {
				issuer: origin,
				authorization_endpoint: `${origin}/authorize`,
				token_endpoint: `${origin}/token`,
				registration_endpoint: `${origin}/register`,
				response_types_supported: ["code"],
				grant_types_supported: ["authorization_code", "refresh_token"],
				code_challenge_methods_supported: ["S256"],
				token_endpoint_auth_methods_supported: ["none"],
			});
		}
		if (url.pathname === "/register" && request.method === "POST") {
			const metadata = JSON.parse(await readBody(request)) as Record<string, unknown>;
			registrations++;
			const clientId = `client-${registrations}`;
			clients.add(clientId);
			return json(response, 201, { ...metadata, client_id: clientId });
		}
		if (url.pathname === "/authorize") {
			const clientId = url.searchParams.get("client_id") ?? "";
			const challenge = url.searchParams.get("code_challenge");
			const redirectUri = url.searchParams.get("redirect_uri") ?? "";
			if (!clients.has(clientId) || !challenge || url.searchParams.get("code_challenge_method") !== "S256")
				return json(response, 400, { error: "invalid_request" });
			const code = `code-${randomBytes(8).toString("hex")}`;
			codes.set(code, { challenge, redirectUri, clientId });
			const target = new URL(redirectUri);
			target.searchParams.set("code", code);
			const state = url.searchParams.get("state");
			if (state) target.searchParams.set("state", state);
			response.writeHead(302, { location: target.href }).end();
			return;
		}
		if (url.pathname === "/token" && request.method === "POST") {
			const form = new URLSearchParams(await readBody(request));
			const grant = form.get("grant_type") ?? "";
			tokenGrants.push(grant);
			if (grant === "authorization_code") {
				const entry = codes.get(form.get("code") ?? "");
				const verifier = form.get("code_verifier") ?? "";
				const computed = createHash("sha256").update(verifier).digest("base64url");
				if (!entry || computed !== entry.challenge || form.get("redirect_uri") !== entry.redirectUri)
					return json(response, 400, { error: "invalid_grant" });
				codes.delete(form.get("code") ?? "");
				return json(response, 200, issue());
			}
			if (grant === "refresh_token" && validRefresh.delete(form.get("refresh_token") ?? "")) {
				return json(response, 200, issue());
			}
			return json(response, 400, { error: "invalid_grant" });
		}
		if (url.pathname === "/mcp") {
			const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
			if (!validAccess.has(token)) {
				response
					.writeHead(401, {
						"www-authenticate": `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
					})
					.end();
				return;
			}
			const mcp = new McpServer({ name: "oauth-test", version: "1.0.0" });
			mcp.registerTool(
				"whoami",
				{ description: "Who is signed in", inputSchema: { greeting: z.string() } },
				async ({ greeting }) => ({
					content: [{ type: "text", text: `${greeting}, signed-in user` }],
				}),
			);
			const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
			response.on("close", () => {
				void transport.close();
				void mcp.close();
			});
			await mcp.connect(transport);
			const body = await readBody(request);
			await transport.handleRequest(request, response, body ? JSON.parse(body) : undefined);
			return;
		}
		response.writeHead(404).end();
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url: `${origin}/mcp`,
		tokenGrants,
		get registrations() {
			return registrations;
		},
		expireAccessToken: () => validAccess.clear(),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
