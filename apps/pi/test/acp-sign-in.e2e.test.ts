// ACP `authenticate` through pi's subscription sign-in (issue 27): on a machine with no
// credential the editor picks "Sign in: …", opens the address pi sends as `_pi/sign_in`, and the
// open session prompts with the subscription once `authenticate` answers.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, spawnAcp } from "./acp-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock } from "./support/index.js";

let env: PiTestEnv | undefined;
let auth: MockAuthServer | undefined;
let mock: MockLlm | undefined;
let pi: AcpProcess | undefined;

afterEach(async () => {
	await pi?.close();
	await auth?.close();
	await mock?.close();
	env?.cleanup();
	pi = undefined;
});

describe("pi --mode acp authenticate", () => {
	it("signs in to Anthropic: the address goes to the editor, then the session prompts with the token", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		pi = spawnAcp(env);
		const init = await pi.initialize();
		const methods = init.authMethods?.map((method) => method.id) ?? [];
		expect(methods).toContain("sign-in:anthropic");
		expect(methods).toContain("sign-in:github-copilot");
		// This client did not say it can run a terminal method.
		expect(methods).not.toContain("pi-auth");
		const { sessionId } = await pi.newSession(env.cwd);
		await expect(pi.prompt(sessionId, "hi")).rejects.toThrow(/No model selected/);

		const authenticated = pi.agent.request("authenticate", { methodId: "sign-in:anthropic" });
		const note = (await pi.waitForExtNotification((n) => n.method === "_pi/sign_in")) as { type: string; url: string };
		expect(note.type).toBe("auth_url");
		await visitAuthorizeUrl(note.url);
		expect(await authenticated).toEqual({});

		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ access: string }
		>;
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello editor" }] });
		const response = await pi.prompt(sessionId, "hi");
		expect(response.stopReason).toBe("end_turn");
		expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${stored.anthropic!.access}`);
		expect(JSON.stringify(pi.extNotifications)).not.toContain(stored.anthropic!.access);
	});

	it("a declined device sign-in fails the request with the reason", async () => {
		auth = await startMockAuthServer();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		auth.devicePolls = ["deny"];
		pi = spawnAcp(env);
		await pi.initialize();
		const failed = pi.agent.request("authenticate", { methodId: "sign-in:github-copilot" });
		await expect(failed).rejects.toThrow(/declined/);
		await expect(pi.agent.request("authenticate", { methodId: "sign-in:nobody" })).rejects.toThrow(
			/No subscription sign-in for "nobody"/,
		);
	});

	it("lists models.json gateways and each flow; the editor picks the device code before opening a session", async () => {
		auth = await startMockAuthServer();
		auth.devicePolls = ["pending", "approve"];
		env = createPiTestEnv({ PI_OAUTH_TEST_CALLBACK_PORT: "0" });
		env.writeModelsJson({
			providers: {
				gw: { baseUrl: `${auth.url}/v1`, oauth: "radius", api: "openai-completions", models: [{ id: "m" }] },
			},
		});
		pi = spawnAcp(env, { capabilities: { auth: { terminal: true } } });
		const init = await pi.initialize();
		const methods = new Map(init.authMethods?.map((method) => [method.id, method]));
		expect(methods.get("sign-in:gw")?.name).toBe("Sign in: Radius gateway (gw)");
		expect(methods.get("sign-in:gw:device_code")?._meta).toEqual({ pi: { provider: "gw", method: "device_code" } });
		expect(methods.has("sign-in:openai-codex:device_code")).toBe(true);
		expect(methods.get("pi-auth")).toMatchObject({ type: "terminal", args: ["--mode", "text"] });

		const authenticated = pi.agent.request("authenticate", { methodId: "sign-in:gw:device_code" });
		const note = (await pi.waitForExtNotification((n) => n.method === "_pi/sign_in")) as Record<string, unknown>;
		expect(note).toMatchObject({ methodId: "sign-in:gw:device_code", type: "device_code", userCode: "ABCD-1234" });
		expect(await authenticated).toEqual({});
		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ type: string }
		>;
		expect(stored.gw?.type).toBe("oauth");
		expect(new Set(auth.grants)).toEqual(new Set(["urn:ietf:params:oauth:grant-type:device_code"]));
		await expect(pi.agent.request("authenticate", { methodId: "sign-in:anthropic:paste" })).rejects.toThrow(
			/pi auth login anthropic --method paste/,
		);
	});

	it("$/cancel_request stops a sign-in: nothing stored, the callback port is free, a new sign-in works", async () => {
		auth = await startMockAuthServer({
			jwtClaims: { "https://api.openai.com/auth": { chatgpt_account_id: "acct_1" } },
		});
		const port = await freePort();
		// OpenAI Codex listens on a fixed port (here the test's): the one a cancelled sign-in must free.
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: String(port) });
		pi = spawnAcp(env);
		await pi.initialize();
		const cancel = new AbortController();
		const first = pi.agent.request(
			"authenticate",
			{ methodId: "sign-in:openai-codex" },
			{ cancellationSignal: cancel.signal },
		);
		const note = (await pi.waitForExtNotification((n) => n.method === "_pi/sign_in")) as { url: string };
		expect(await canListen(port)).toBe(false);
		cancel.abort();
		await expect(first).rejects.toMatchObject({ code: -32800 });
		expect(existsSync(join(env.agentDir, "auth.json"))).toBe(false);
		// The callback server of the cancelled sign-in is gone: its address now fails...
		await expect(visitAuthorizeUrl(note.url)).rejects.toThrow();
		// ...and the same port serves the next sign-in.
		const second = pi.agent.request("authenticate", { methodId: "sign-in:openai-codex" });
		const next = (await pi.waitForExtNotification(
			(n) => n.method === "_pi/sign_in" && (n.params as { url: string }).url !== note.url,
		)) as { url: string };
		await visitAuthorizeUrl(next.url);
		expect(await second).toEqual({});
		expect(Object.keys(JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")))).toEqual(["openai-codex"]);
	});

	it("an editor that disconnects mid sign-in: pi exits at once, stores nothing and frees the port", async () => {
		auth = await startMockAuthServer();
		const port = await freePort();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: String(port) });
		pi = spawnAcp(env);
		await pi.initialize();
		const pending = pi.agent.request("authenticate", { methodId: "sign-in:openai-codex" });
		pending.catch(() => undefined);
		await pi.waitForExtNotification((n) => n.method === "_pi/sign_in");
		expect(await canListen(port)).toBe(false);
		expect(await pi.close()).toBe(0);
		pi = undefined;
		expect(existsSync(join(env.agentDir, "auth.json"))).toBe(false);
		expect(await canListen(port)).toBe(true);
	});
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** Whether 127.0.0.1:`port` can be bound (false while a callback server holds it). */
async function canListen(port: number): Promise<boolean> {
	const server = createServer();
	return new Promise((resolve) => {
		server.once("error", () => resolve(false));
		server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
	});
}
