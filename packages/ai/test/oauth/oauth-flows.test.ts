// Every built-in sign-in against a loopback authorization server (@pi/llm-mock's), with the
// vendors' hosts rewritten to it by the test-only PI_OAUTH_TEST_ORIGIN.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import type { OAuthCredential } from "../../src/credential-store.js";
import { anthropicOAuth } from "../../src/oauth/anthropic.js";
import { runDeviceFlow } from "../../src/oauth/device-flow.js";
import { githubCopilotOAuth } from "../../src/oauth/github-copilot.js";
import { OAuthError } from "../../src/oauth/oauth-error.js";
import { oauthRequest } from "../../src/oauth/oauth-http.js";
import type { OAuthLoginEvent, OAuthLoginInteraction } from "../../src/oauth/oauth-types.js";
import { openaiChatGPTOAuth } from "../../src/oauth/openai-chatgpt.js";
import { openaiCodexOAuth } from "../../src/oauth/openai-codex.js";
import { openRouterOAuth } from "../../src/oauth/openrouter.js";
import { parseDeviceAuthorization } from "../../src/oauth/standard-device-flow.js";
import { xaiOAuth } from "../../src/oauth/xai.js";

let auth: MockAuthServer | undefined;
let blocker: Server | undefined;

afterEach(async () => {
	await auth?.close();
	auth = undefined;
	await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
	blocker = undefined;
	delete process.env.PI_OAUTH_TEST_ORIGIN;
	delete process.env.PI_OAUTH_TEST_CALLBACK_PORT;
});

async function serve(options?: Parameters<typeof startMockAuthServer>[0]): Promise<MockAuthServer> {
	auth = await startMockAuthServer(options);
	process.env.PI_OAUTH_TEST_ORIGIN = auth.url;
	process.env.PI_OAUTH_TEST_CALLBACK_PORT = "0";
	return auth;
}

/** A host that acts as the user's browser: it visits the URL as soon as it is shown. */
function browserHost(extra: Partial<OAuthLoginInteraction> = {}): {
	interaction: OAuthLoginInteraction;
	events: OAuthLoginEvent[];
} {
	const events: OAuthLoginEvent[] = [];
	return {
		events,
		interaction: {
			notify: (event) => {
				events.push(event);
				if (event.type === "auth_url" && !extra.readManualInput) void visitAuthorizeUrl(event.url);
			},
			...extra,
		},
	};
}

describe("browser sign-in (authorization code + PKCE, loopback callback)", () => {
	it("Anthropic: the verifier matches the challenge, the state comes back, tokens are stored as oauth", async () => {
		const server = await serve({ accessPrefix: "sk-ant-oat01-" });
		const { interaction, events } = browserHost();
		const credential = await anthropicOAuth.login(interaction);
		expect(credential.type).toBe("oauth");
		expect(credential.access).toMatch(/^sk-ant-oat01-/);
		expect(server.validRefreshTokens.has(credential.refresh)).toBe(true);
		expect(credential.expires).toBeGreaterThan(Date.now());
		expect(server.grants).toEqual(["authorization_code"]);
		expect(server.problems).toEqual([]);
		const url = new URL((events[0] as { url: string }).url);
		expect(url.origin).toBe(server.url);
		expect(url.searchParams.get("code_challenge_method")).toBe("S256");
		expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/localhost:\d+\/callback$/);
	});

	it("a denied sign-in fails with `denied` and stores nothing", async () => {
		const server = await serve();
		server.authorizeDecision = "deny";
		const { interaction } = browserHost();
		await expect(anthropicOAuth.login(interaction)).rejects.toMatchObject({ code: "denied" });
		expect(server.grants).toEqual([]);
	});

	it("a pasted redirect address works over SSH; one with a foreign state is refused", async () => {
		const server = await serve({ accessPrefix: "sk-ant-oat01-" });
		let authorizeUrl = "";
		const paste = async (forgeState: boolean): Promise<string> => {
			const answer = await fetch(authorizeUrl, { redirect: "manual" });
			const location = new URL(answer.headers.get("location")!);
			if (forgeState) location.searchParams.set("state", "someone-elses");
			return location.toString();
		};
		for (const forge of [true, false]) {
			const { interaction } = browserHost({ readManualInput: () => paste(forge) });
			const notify = interaction.notify;
			interaction.notify = (event) => {
				if (event.type === "auth_url") authorizeUrl = event.url;
				notify(event);
			};
			const login = anthropicOAuth.login(interaction, { method: "paste" });
			if (forge) await expect(login).rejects.toMatchObject({ code: "state_mismatch" });
			else expect((await login).access).toMatch(/^sk-ant-oat01-/);
		}
		expect(server.grants).toEqual(["authorization_code"]);
	});

	it("OpenAI Codex: the account id is read from the token; its fixed port in use is a clear error", async () => {
		const server = await serve({ jwtClaims: { "https://api.openai.com/auth": { chatgpt_account_id: "acct_123" } } });
		const { interaction } = browserHost();
		const credential = await openaiCodexOAuth.login(interaction);
		expect(credential.accountId).toBe("acct_123");
		expect(server.problems).toEqual([]);

		blocker = createServer();
		await new Promise<void>((resolve) => blocker!.listen(0, "127.0.0.1", resolve));
		process.env.PI_OAUTH_TEST_CALLBACK_PORT = String((blocker.address() as AddressInfo).port);
		const error = await openaiCodexOAuth.login(browserHost().interaction).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(OAuthError);
		expect((error as OAuthError).code).toBe("port_in_use");
		expect((error as OAuthError).message).toMatch(/port \d+ on 127\.0\.0\.1 is in use/);
		// Anthropic accepts any loopback port: the same taken port falls back to a free one.
		expect((await anthropicOAuth.login(browserHost().interaction)).type).toBe("oauth");
	});

	it("OpenAI (ChatGPT): registers this installation, exchanges and refreshes with the client id the redirect issued", async () => {
		const server = await serve();
		const installationId = "0b9c2a4e-8f4d-4a47-9c1e-2f3a4b5c6d7e";
		const { interaction, events } = browserHost();
		const credential = await openaiChatGPTOAuth.login(interaction, { installationId });
		const url = new URL((events[0] as { url: string }).url);
		expect(url.searchParams.get("client_id")).toBe("dynamic_agent_client");
		expect(url.searchParams.get("ext_agent_host_id")).toBe(`urn:uuid:${installationId}`);
		expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/callback$/);
		expect(credential.clientId).toMatch(/^mock-client-/);
		expect(credential.scopes).toContain("chatgpt.tokens.use.direct");
		const refreshed = await openaiChatGPTOAuth.refresh(credential);
		expect(refreshed.clientId).toBe(credential.clientId);
		expect(refreshed.access).not.toBe(credential.access);
		expect(server.grants).toEqual(["authorization_code", "refresh_token"]);
		expect(server.problems).toEqual([]);
		await expect(openaiChatGPTOAuth.login(browserHost().interaction)).rejects.toMatchObject({ code: "bad_response" });
	});

	it("OpenRouter: no state is sent, the PKCE-checked code buys a permanent key", async () => {
		const server = await serve();
		const credential = await openRouterOAuth.login(browserHost().interaction);
		expect(credential.access).toMatch(/^sk-or-v1-mock-/);
		expect(credential.expires).toBe(Number.MAX_SAFE_INTEGER);
		expect(await openRouterOAuth.refresh(credential)).toEqual(credential);
		expect(server.grants).toEqual(["key_exchange"]);
		expect(server.problems).toEqual([]);
	});

	it("gives up with `timeout` when no answer comes, and `cancelled` when the host aborts", async () => {
		await serve();
		const silent: OAuthLoginInteraction = { notify: () => {} };
		await expect(anthropicOAuth.login(silent, { timeoutMs: 50 })).rejects.toMatchObject({ code: "timeout" });
		const controller = new AbortController();
		const login = anthropicOAuth.login({ notify: () => controller.abort(), signal: controller.signal });
		await expect(login).rejects.toMatchObject({ code: "cancelled" });
	});
});

describe("device-code sign-in (RFC 8628)", () => {
	it("GitHub Copilot: polls through pending, trades the GitHub token for a Copilot token", async () => {
		const server = await serve();
		server.devicePolls = ["pending", "pending", "approve"];
		const events: OAuthLoginEvent[] = [];
		const credential = await githubCopilotOAuth.login({ notify: (event) => events.push(event) });
		expect(events[0]).toMatchObject({ type: "device_code", userCode: "ABCD-1234" });
		expect(credential.access).toMatch(/^tid=copilot-/);
		expect(server.validAccessTokens.has(credential.refresh)).toBe(true);
		expect(server.grants).toEqual([
			"urn:ietf:params:oauth:grant-type:device_code",
			"urn:ietf:params:oauth:grant-type:device_code",
			"urn:ietf:params:oauth:grant-type:device_code",
			"copilot_token",
		]);
		expect(githubCopilotOAuth.toAuth(credential).headers?.["copilot-integration-id"]).toBe("vscode-chat");
	});

	it("slow_down adds 5 s to the interval; denied and expired codes are clear failures", async () => {
		const server = await serve();
		server.devicePolls = ["pending", "slow_down", "pending", "approve"];
		const waits: number[] = [];
		const config = {
			providerName: "Test",
			requestCode: async (signal: AbortSignal) =>
				parseDeviceAuthorization(
					await oauthRequest(`${server.url}/device/code`, { form: { client_id: "c" }, signal }, "Test"),
					"Test",
				),
			poll: (device: { deviceCode: string }, signal: AbortSignal) =>
				oauthRequest(
					`${server.url}/token`,
					{
						form: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.deviceCode },
						signal,
					},
					"Test",
				),
			finish: async (): Promise<OAuthCredential> => ({ type: "oauth", access: "a", refresh: "r", expires: 1 }),
			sleep: async (ms: number) => {
				waits.push(ms);
			},
		};
		await runDeviceFlow(config, { notify: () => {} });
		expect(waits).toEqual([0, 0, 5000, 5000]);

		server.devicePolls = ["pending", "deny"];
		await expect(xaiOAuth.login({ notify: () => {} })).rejects.toMatchObject({ code: "denied" });
		server.devicePolls = ["expired"];
		await expect(xaiOAuth.login({ notify: () => {} })).rejects.toMatchObject({
			code: "expired_code",
			message: expect.stringContaining("device code expired"),
		});
	});
});

describe("refresh", () => {
	it("rotates the tokens; a revoked refresh token says to sign in again", async () => {
		const server = await serve({ accessPrefix: "sk-ant-oat01-" });
		const first = await anthropicOAuth.login(browserHost().interaction);
		const second = await anthropicOAuth.refresh(first);
		expect(second.access).not.toBe(first.access);
		expect(server.validRefreshTokens.has(first.refresh)).toBe(false);
		server.revokeAll();
		const error = (await anthropicOAuth.refresh(second).catch((caught: unknown) => caught)) as OAuthError;
		expect(error.code).toBe("revoked");
		expect(error.message).toContain("pi auth login anthropic");
	});

	it("explains a refusal by a skewed clock, and an unreachable server as offline", async () => {
		const server = await serve();
		const credential = await anthropicOAuth.login(browserHost().interaction);
		server.revokeAll();
		server.dateOffsetMs = 20 * 60_000;
		await expect(anthropicOAuth.refresh(credential)).rejects.toMatchObject({
			code: "clock_skew",
			message: expect.stringContaining("20 minutes behind"),
		});
		await server.close();
		auth = undefined;
		const offline = await anthropicOAuth.refresh(credential).catch((caught: unknown) => caught);
		expect(offline, String(offline)).toMatchObject({
			code: "offline",
			message: expect.stringContaining("could not reach 127.0.0.1"),
		});
	});
});
