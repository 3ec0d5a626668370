// Subscription sign-in through the built pi (issue 27): `pi auth login / logout /
// print-bearer-token` against a loopback authorization server the test starts (vendor hosts
// rewritten by the test-only PI_OAUTH_TEST_ORIGIN), the stored token used by a real request, a
// refresh shared by two processes, and a revoked sign-in.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
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
