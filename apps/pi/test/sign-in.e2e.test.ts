// Subscription sign-in through the built pi (issue 27): `pi auth login / logout /
// print-bearer-token` against a loopback authorization server the test starts (vendor hosts
// rewritten by the test-only PI_OAUTH_TEST_ORIGIN), the stored token used by a real request, a
// refresh shared by two processes, and a revoked sign-in.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc } from "./rpc-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, spawnPi, startMock } from "./support/index.js";

let env: PiTestEnv | undefined;
let auth: MockAuthServer | undefined;
let mock: MockLlm | undefined;

afterEach(async () => {
	await auth?.close();
	await mock?.close();
	env?.cleanup();
	auth = undefined;
	mock = undefined;
	env = undefined;
});

async function setup(
	options?: Parameters<typeof startMockAuthServer>[0],
): Promise<{ env: PiTestEnv; auth: MockAuthServer }> {
	auth = await startMockAuthServer(options);
	env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" });
	return { env, auth };
}

const readAuthJson = (e: PiTestEnv) =>
	JSON.parse(readFileSync(join(e.agentDir, "auth.json"), "utf8")) as Record<string, Record<string, unknown>>;

describe("pi auth login / logout / print-bearer-token", () => {
	it("signs in to Anthropic in the browser, stores the tokens 0600, and a request sends them", async () => {
		const t = await setup({ accessPrefix: "sk-ant-oat01-" });
		const login = spawnPi(t.env, ["auth", "login", "anthropic"]);
		const shown = await login.waitForStdout((text) => /https?:\/\/\S+authorize\S+/.test(text));
		const url = /(https?:\/\/\S+authorize\S+)/.exec(shown)![1]!;
		const page = await visitAuthorizeUrl(url);
		expect(page.body).toContain("Signed in");
		const result = await login.exited;
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("Signed in to Anthropic (Claude Pro/Max)");
		expect(t.auth.problems).toEqual([]);
		const stored = readAuthJson(t.env).anthropic!;
		expect(stored.type).toBe("oauth");
		expect(String(stored.access)).toMatch(/^sk-ant-oat01-/);
		expect(statSync(join(t.env.agentDir, "auth.json")).mode & 0o777).toBe(0o600);
		// The token never appears in what login printed.
		expect(result.stdout).not.toContain(String(stored.access));

		const bearer = await runPi(t.env, ["auth", "print-bearer-token", "anthropic"]);
		expect(bearer.code).toBe(0);
		expect(bearer.stdout).toBe(`${stored.access}\n`);

		mock = await startMock();
		t.env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello subscriber" }] });
		const run = await runPi(t.env, ["-p", "hi", "--no-session", "--model", "anthropic/claude-opus-4-6"]);
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("hello subscriber\n");
		expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${stored.access}`);
		expect(mock.requests.at(-1)?.headers["anthropic-beta"]).toContain("oauth-2025-04-20");

		const logout = await runPi(t.env, ["auth", "logout", "anthropic"]);
		expect(logout.code).toBe(0);
		expect(readAuthJson(t.env).anthropic).toBeUndefined();
	});

	it("signs in to OpenAI with ChatGPT (a client issued per sign-in) and the Responses API gets the token", async () => {
		const t = await setup();
		const login = spawnPi(t.env, ["auth", "login", "openai"]);
		const shown = await login.waitForStdout((text) => /https?:\/\/\S+authorize\S+/.test(text));
		const url = new URL(/(https?:\/\/\S+authorize\S+)/.exec(shown)![1]!);
		const deviceId = (JSON.parse(readFileSync(join(t.env.agentDir, "settings.json"), "utf8")) as { deviceId: string })
			.deviceId;
		expect(url.searchParams.get("ext_agent_host_id")).toBe(`urn:uuid:${deviceId}`);
		expect((await visitAuthorizeUrl(url.toString())).body).toContain("Signed in");
		const result = await login.exited;
		expect(result.stderr).toBe("");
		expect(result.stdout).toContain("Signed in to OpenAI (ChatGPT subscription)");
		expect(t.auth.problems).toEqual([]);
		const stored = readAuthJson(t.env).openai!;
		expect(stored).toMatchObject({ type: "oauth", clientId: expect.stringMatching(/^mock-client-/) });

		mock = await startMock();
		t.env.writeModelsJson({ providers: { openai: { baseUrl: mock.url } } });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello plus" }] });
		const run = await runPi(t.env, ["-p", "hi", "--no-session", "--model", "openai/gpt-5"]);
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("hello plus\n");
		expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${stored.access}`);
	});

	it("a declined sign-in exits 1 with the reason and stores nothing", async () => {
		const t = await setup();
		t.auth.authorizeDecision = "deny";
		const login = spawnPi(t.env, ["auth", "login", "anthropic"]);
		const shown = await login.waitForStdout((text) => /https?:\/\/\S+authorize\S+/.test(text));
		await visitAuthorizeUrl(/(https?:\/\/\S+authorize\S+)/.exec(shown)![1]!);
		const result = await login.exited;
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			"Error: Anthropic (Claude Pro/Max): the sign-in was declined in the browser; nothing was stored\n",
		);
	});

	it("signs in to GitHub Copilot with a device code", async () => {
		const t = await setup();
		t.auth.devicePolls = ["pending", "approve"];
		const result = await runPi(t.env, ["auth", "login", "github-copilot"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("enter the code ABCD-1234");
		expect(String(readAuthJson(t.env)["github-copilot"]!.access)).toMatch(/^tid=copilot-/);
	});

	it("two processes with an expired token refresh it once and both get the new one", async () => {
		const t = await setup({ accessPrefix: "sk-ant-oat01-" });
		t.auth.validRefreshTokens.add("refresh-0");
		writeFileSync(
			join(t.env.agentDir, "auth.json"),
			JSON.stringify({
				anthropic: { type: "oauth", access: "sk-ant-oat01-old", refresh: "refresh-0", expires: Date.now() - 1000 },
			}),
			{ mode: 0o600 },
		);
		const [first, second] = await Promise.all([
			runPi(t.env, ["auth", "print-bearer-token", "anthropic"]),
			runPi(t.env, ["auth", "print-bearer-token", "anthropic"]),
		]);
		expect([first.code, second.code]).toEqual([0, 0]);
		expect(first.stdout).toBe(second.stdout);
		expect(first.stdout).not.toContain("old");
		expect(t.auth.grants).toEqual(["refresh_token"]);
		expect(`${readAuthJson(t.env).anthropic!.access}\n`).toBe(first.stdout);
	});

	it("a revoked sign-in says to sign in again", async () => {
		const t = await setup();
		writeFileSync(
			join(t.env.agentDir, "auth.json"),
			JSON.stringify({ anthropic: { type: "oauth", access: "a", refresh: "revoked", expires: Date.now() - 1000 } }),
			{ mode: 0o600 },
		);
		const result = await runPi(t.env, ["auth", "print-bearer-token", "anthropic"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("the sign-in is no longer valid");
		expect(result.stderr).toContain("pi auth login anthropic");
		expect(result.stderr).not.toMatch(/\n\s+at /);
	});
});

describe("the built-in radius provider", () => {
	it("signs in to Radius's own gateway with a device code (no models.json) and refreshes there", async () => {
		const t = await setup();
		t.auth.devicePolls = ["pending", "approve"];
		const login = await runPi(t.env, ["auth", "login", "radius", "--method", "device_code"]);
		expect(login.stderr).toBe("");
		expect(login.stdout).toContain("enter the code ABCD-1234");
		expect(login.stdout).toContain("Signed in to Radius");
		const stored = readAuthJson(t.env).radius!;
		expect(stored.type).toBe("oauth");
		writeFileSync(
			join(t.env.agentDir, "auth.json"),
			JSON.stringify({ radius: { ...stored, expires: Date.now() - 1 } }),
			{
				mode: 0o600,
			},
		);
		const bearer = await runPi(t.env, ["auth", "print-bearer-token", "--provider", "radius"]);
		expect(bearer.stderr).toBe("");
		expect(bearer.stdout.trim()).not.toBe(stored.access);
		expect(t.auth.grants).toEqual([
			"urn:ietf:params:oauth:grant-type:device_code",
			"urn:ietf:params:oauth:grant-type:device_code",
			"refresh_token",
		]);
	});
});

describe('models.json "oauth": "radius"', () => {
	it("signs in to a configured gateway in the browser and refreshes its token on the gateway", async () => {
		auth = await startMockAuthServer();
		env = createPiTestEnv({ PI_OAUTH_TEST_CALLBACK_PORT: "0" });
		env.writeModelsJson({
			providers: {
				gw: { baseUrl: `${auth.url}/v1`, oauth: "radius", api: "openai-completions", models: [{ id: "m" }] },
			},
		});
		const login = spawnPi(env, ["auth", "login", "gw"]);
		const shown = await login.waitForStdout((text) => /https?:\/\/\S+authorize\S+/.test(text));
		await visitAuthorizeUrl(/(https?:\/\/\S+authorize\S+)/.exec(shown)![1]!);
		const result = await login.exited;
		expect(result.stderr).toBe("");
		expect(result.stdout).toContain("Signed in to Radius gateway (gw)");
		expect(auth.problems).toEqual([]);
		const stored = readAuthJson(env).gw!;
		writeFileSync(join(env.agentDir, "auth.json"), JSON.stringify({ gw: { ...stored, expires: Date.now() - 1 } }), {
			mode: 0o600,
		});
		const bearer = await runPi(env, ["auth", "print-bearer-token", "gw"]);
		expect(bearer.stderr).toBe("");
		expect(bearer.stdout.trim()).not.toBe(stored.access);
		expect(auth.grants).toEqual(["authorization_code", "refresh_token"]);
		const status = await runPi(env, ["auth", "status", "gw"]);
		expect(status.stdout).toContain("ready");
	});
});

/** Every file under `dir` except auth.json, with its text (to prove a token was never written elsewhere). */
function filesOutsideAuthJson(dir: string): { path: string; text: string }[] {
	const found: { path: string; text: string }[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile() || entry.name === "auth.json") continue;
		const path = join(entry.parentPath, entry.name);
		found.push({ path, text: readFileSync(path, "utf8") });
	}
	return found;
}

describe("a stored sign-in on the request path and in pi 1.4's credential commands", () => {
	const storeAnthropic = (e: PiTestEnv, access: string, refresh: string, expires: number) =>
		writeFileSync(
			join(e.agentDir, "auth.json"),
			JSON.stringify({ anthropic: { type: "oauth", access, refresh, expires } }),
			{ mode: 0o600 },
		);

	it("refreshes a token about to expire before the request, and never writes it to the session", async () => {
		const t = await setup({ accessPrefix: "sk-ant-oat01-" });
		t.auth.validRefreshTokens.add("refresh-0");
		storeAnthropic(t.env, "sk-ant-oat01-old", "refresh-0", Date.now() + 10_000);
		mock = await startMock();
		t.env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "fresh" }] });
		const run = await runPi(t.env, ["-p", "hi", "--model", "anthropic/claude-opus-4-6"]);
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("fresh\n");
		expect(t.auth.grants).toEqual(["refresh_token"]);
		const stored = readAuthJson(t.env).anthropic!;
		expect(mock.requests).toHaveLength(1);
		expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${stored.access}`);
		const written = filesOutsideAuthJson(t.env.root);
		expect(written.some((file) => file.path.endsWith(".jsonl"))).toBe(true);
		for (const file of written) {
			expect(file.text, file.path).not.toContain(String(stored.access));
			expect(file.text, file.path).not.toContain(String(stored.refresh));
		}
	});

	it("after a 401 refreshes once and retries with the new token", async () => {
		const t = await setup({ accessPrefix: "sk-ant-oat01-" });
		t.auth.validRefreshTokens.add("refresh-0");
		storeAnthropic(t.env, "sk-ant-oat01-rejected", "refresh-0", Date.now() + 3_600_000);
		mock = await startMock();
		t.env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		mock.enqueue({ type: "error", status: 401 });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "after refresh" }] });
		const run = await runPi(t.env, ["-p", "hi", "--no-session", "--model", "anthropic/claude-opus-4-6"]);
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("after refresh\n");
		expect(t.auth.grants).toEqual(["refresh_token"]);
		expect(mock.requests.map((request) => request.headers.authorization)).toEqual([
			"Bearer sk-ant-oat01-rejected",
			`Bearer ${readAuthJson(t.env).anthropic!.access}`,
		]);
	});

	it("a 401 whose refresh is refused (revoked at the vendor) fails the run with what to do", async () => {
		const t = await setup({ accessPrefix: "sk-ant-oat01-" });
		storeAnthropic(t.env, "sk-ant-oat01-revoked", "refresh-revoked", Date.now() + 3_600_000);
		mock = await startMock();
		t.env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		mock.enqueue({ type: "error", status: 401 });
		const run = await runPi(t.env, ["-p", "hi", "--no-session", "--model", "anthropic/claude-opus-4-6"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("the sign-in is no longer valid");
		expect(run.stderr).toContain("pi auth login anthropic");
		expect(run.stderr).not.toContain("sk-ant-oat01-revoked");
		expect(mock.requests).toHaveLength(1);
	});

	it("print-bearer-token --provider / --min-expiry, check --json and --no-refresh, print-api-key as pi 1.4", async () => {
		const t = await setup({ accessPrefix: "sk-ant-oat01-" });
		t.auth.validRefreshTokens.add("refresh-0");
		storeAnthropic(t.env, "sk-ant-oat01-ten-minutes", "refresh-0", Date.now() + 10 * 60_000);
		const plain = await runPi(t.env, ["auth", "print-bearer-token", "--provider", "anthropic"]);
		expect(plain).toMatchObject({ code: 0, stdout: "sk-ant-oat01-ten-minutes\n" });
		const check = await runPi(t.env, ["auth", "check", "--provider", "anthropic", "--json"]);
		expect(JSON.parse(check.stdout)).toEqual({ status: "ready", provider: "anthropic", authType: "oauth" });
		const apiKey = await runPi(t.env, ["auth", "print-api-key", "--provider", "anthropic"]);
		expect(apiKey.code).toBe(1);
		expect(apiKey.stderr).toBe('Error: Provider "anthropic" is configured with OAuth, not an API key\n');
		expect(t.auth.grants).toEqual([]);

		// Ten minutes left, thirty asked for: refreshed first.
		const longer = await runPi(t.env, [
			"auth",
			"print-bearer-token",
			"--model",
			"claude-opus-4-6",
			"--min-expiry",
			"30m",
		]);
		expect(longer.stderr).toBe("");
		expect(t.auth.grants).toEqual(["refresh_token"]);
		expect(longer.stdout).toBe(`${readAuthJson(t.env).anthropic!.access}\n`);
		const tooLong = await runPi(t.env, ["auth", "print-bearer-token", "--provider", "anthropic", "--min-expiry", "2h"]);
		expect(tooLong.code).toBe(1);
		expect(tooLong.stderr).toContain("less than required");

		storeAnthropic(t.env, "sk-ant-oat01-expired", "revoked", Date.now() - 1000);
		const noRefresh = await runPi(t.env, ["auth", "check", "--provider", "anthropic", "--no-refresh"]);
		expect(noRefresh).toMatchObject({ code: 0, stdout: "ready\n" });
		const refused = await runPi(t.env, ["auth", "check", "--provider", "anthropic", "--json"]);
		expect(refused.code).toBe(2);
		expect(JSON.parse(refused.stdout)).toEqual({ status: "invalid", provider: "anthropic", reason: "invalid_state" });

		t.env.writeModelsJson({});
		writeFileSync(join(t.env.agentDir, "auth.json"), JSON.stringify({ anthropic: { type: "api_key", key: "sk-k" } }));
		const keyOnly = await runPi(t.env, ["auth", "print-bearer-token", "--provider", "anthropic"]);
		expect(keyOnly.code).toBe(1);
		expect(keyOnly.stderr).toBe('Error: Provider "anthropic" is not configured with an OAuth bearer token\n');
	});

	it("a device sign-in told to slow down polls less often and still completes", async () => {
		const t = await setup();
		t.auth.devicePolls = ["slow_down", "approve"];
		const started = Date.now();
		const result = await runPi(t.env, ["auth", "login", "github-copilot"], { timeoutMs: 30_000 });
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		// RFC 8628 §3.5: the interval grows by 5 s after slow_down (the mock's own interval is 0).
		expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
		expect(t.auth.grants).toEqual([
			"urn:ietf:params:oauth:grant-type:device_code",
			"urn:ietf:params:oauth:grant-type:device_code",
			"copilot_token",
		]);
	});
});

describe("the models a ChatGPT sign-in offers (pi 1.4)", () => {
	it("--list-models and RPC get_available_models: the same openai chat models as with a key, never a classifier", async () => {
		env = createPiTestEnv();
		const withKey = await runPi(env, ["--list-models", "openai"], { extraEnv: { OPENAI_API_KEY: "sk-test" } });
		writeFileSync(
			join(env.agentDir, "auth.json"),
			JSON.stringify({
				openai: {
					type: "oauth",
					access: "chatgpt-access",
					refresh: "chatgpt-refresh",
					expires: Date.now() + 86_400_000,
				},
			}),
			{ mode: 0o600 },
		);
		const signedIn = await runPi(env, ["--list-models", "openai"]);
		expect(signedIn.code).toBe(0);
		expect(signedIn.stdout).toBe(withKey.stdout);
		expect(signedIn.stdout).toContain("gpt-6-luna");

		// pi 1.4 hides openai's classifier models (the Decisions API refuses ChatGPT tokens): none is offered.
		const rpc = connectRpc(env);
		try {
			const answer = await rpc.request({ type: "get_available_models" });
			const models = (answer.data as { models: { provider: string; id: string; type?: string }[] }).models;
			const listed = signedIn.stdout
				.split("\n")
				.slice(1)
				.filter(Boolean)
				.map((line) => line.split(/\s+/)[1]);
			expect(models.filter((model) => model.provider === "openai").map((model) => model.id)).toEqual(listed);
			expect(models.some((model) => model.type !== undefined && model.type !== "chat")).toBe(false);
			expect(JSON.stringify(rpc.records)).not.toContain("chatgpt-access");
		} finally {
			await rpc.close();
		}
	});
});
