// `pi --mode rpc` on a machine with no credential (issue 27): the server starts and serves as
// rpc.md says (get_state omits `model`, a prompt is rejected with `No model selected…`) instead
// of printing the first-run guidance and exiting, and becomes usable without a restart once a
// credential exists and a model is set.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc, type RpcConnection } from "./rpc-support.js";
import {
	createPiTestEnv,
	MOCK_MODEL,
	MOCK_PROVIDER,
	type MockLlm,
	type PiTestEnv,
	startMock,
} from "./support/index.js";

let env: PiTestEnv | undefined;
let mock: MockLlm | undefined;
let rpc: RpcConnection | undefined;

afterEach(async () => {
	if (rpc) {
		expect(rpc.schemaFailures).toEqual([]);
		if (rpc.child.exitCode === null) rpc.child.kill("SIGKILL");
		await rpc.exited;
	}
	await mock?.close();
	env?.cleanup();
	rpc = undefined;
	mock = undefined;
	env = undefined;
});

describe("pi --mode rpc with no credential", () => {
	it("answers get_state without a model and rejects a prompt with the no-model error", async () => {
		env = createPiTestEnv();
		rpc = connectRpc(env);
		const state = await rpc.request({ type: "get_state" });
		expect(state.success).toBe(true);
		const data = state.data as Record<string, unknown>;
		expect("model" in data).toBe(false);
		expect(data.isStreaming).toBe(false);

		const prompt = await rpc.request({ type: "prompt", message: "hello" });
		expect(prompt.success).toBe(false);
		expect(String(prompt.error)).toMatch(/^No model selected/);

		const models = await rpc.request({ type: "get_available_models" });
		expect(models.success).toBe(true);
		expect((models.data as { models: unknown[] }).models).toEqual([]);

		// Still serving after the rejection; stdout carried only protocol records.
		expect((await rpc.request({ type: "get_state" })).success).toBe(true);
		expect(await rpc.close()).toBe(0);
		expect(rpc.stderr()).not.toContain("no model available");
	});

	it("becomes usable once a key is stored and a model is set, without a restart", async () => {
		env = createPiTestEnv();
		mock = await startMock();
		// A provider pi knows but holds no key for (its variable is unset): nothing is available at start-up.
		env.writeModelsJson({
			providers: {
				[MOCK_PROVIDER]: {
					baseUrl: `${mock.url}/v1`,
					api: "openai-completions",
					apiKey: "$PI_TEST_UNSET_MOCK_KEY",
					models: [{ id: MOCK_MODEL }],
				},
			},
		});
		rpc = connectRpc(env);
		const before = await rpc.request({ type: "set_model", provider: MOCK_PROVIDER, modelId: MOCK_MODEL });
		expect(before.success).toBe(false);

		// `pi auth set mock` from another terminal, while this server runs.
		writeFileSync(
			join(env.agentDir, "auth.json"),
			JSON.stringify({ [MOCK_PROVIDER]: { type: "api_key", key: "stored-key" } }),
			{ mode: 0o600 },
		);
		const set = await rpc.request({ type: "set_model", provider: MOCK_PROVIDER, modelId: MOCK_MODEL });
		expect(set.success).toBe(true);
		const state = await rpc.request({ type: "get_state" });
		expect((state.data as { model?: { id: string } }).model?.id).toBe(MOCK_MODEL);

		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "signed in reply" }] });
		const prompt = await rpc.request({ type: "prompt", message: "hi" });
		expect(prompt.success).toBe(true);
		await rpc.waitFor((record) => record.type === "agent_settled");
		const text = await rpc.request({ type: "get_last_assistant_text" });
		expect((text.data as { text: string }).text).toBe("signed in reply");
		expect(mock.requests.at(-1)?.headers.authorization).toBe("Bearer stored-key");
	});
});

describe("sign-in over RPC", () => {
	let auth: MockAuthServer | undefined;
	afterEach(async () => {
		await auth?.close();
		auth = undefined;
	});

	it("login_start gives the address; after the browser comes back the session prompts with the subscription", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		rpc = connectRpc(env);
		const providers = await rpc.request({ type: "get_login_providers" });
		expect((providers.data as { providers: { id: string }[] }).providers.map((p) => p.id)).toContain("anthropic");

		const started = await rpc.request({ type: "login_start", provider: "anthropic" });
		expect(started.success).toBe(true);
		const loginId = (started.data as { loginId: string }).loginId;
		const shown = await rpc.waitFor((record) => record.type === "login_url" && record.loginId === loginId);
		await visitAuthorizeUrl(String(shown.url));
		const end = await rpc.waitFor((record) => record.type === "login_end");
		expect(end).toMatchObject({ loginId, provider: "anthropic", success: true, model: { provider: "anthropic" } });
		const state = await rpc.request({ type: "get_state" });
		expect((state.data as { model?: { provider: string } }).model?.provider).toBe("anthropic");

		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "subscribed" }] });
		expect((await rpc.request({ type: "prompt", message: "hi" })).success).toBe(true);
		await rpc.waitFor((record) => record.type === "agent_settled");
		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ access: string; refresh: string }
		>;
		expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${stored.anthropic!.access}`);
		// Tokens never go on the wire.
		const wire = JSON.stringify(rpc.records);
		expect(wire).not.toContain(stored.anthropic!.access);
		expect(wire).not.toContain(stored.anthropic!.refresh);

		const logout = await rpc.request({ type: "logout", provider: "anthropic" });
		expect(logout.data).toEqual({ removed: true });
	});

	it("takes a pasted code with login_input, reports a denied device sign-in, and cancels", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" });
		rpc = connectRpc(env);
		const started = await rpc.request({ type: "login_start", provider: "anthropic", method: "paste" });
		const loginId = (started.data as { loginId: string }).loginId;
		const shown = await rpc.waitFor((record) => record.type === "login_url");
		await rpc.waitFor((record) => record.type === "login_input_wanted");
		const answer = await fetch(String(shown.url), { redirect: "manual" });
		const redirect = new URL(answer.headers.get("location")!);
		const pasted = `${redirect.searchParams.get("code")}#${redirect.searchParams.get("state")}`;
		expect((await rpc.request({ type: "login_input", loginId, input: pasted })).success).toBe(true);
		const end = await rpc.waitFor((record) => record.type === "login_end");
		expect(end).toMatchObject({ success: true, provider: "anthropic" });

		auth.devicePolls = ["pending", "deny"];
		await rpc.request({ type: "login_start", provider: "github-copilot" });
		const code = await rpc.waitFor((record) => record.type === "login_device_code");
		expect(code).toMatchObject({ userCode: "ABCD-1234" });
		const denied = await rpc.waitFor((record) => record.type === "login_end" && record.provider === "github-copilot");
		expect(denied).toMatchObject({ success: false, error: expect.stringContaining("declined") });

		const browser = await rpc.request({ type: "login_start", provider: "anthropic" });
		const browserId = (browser.data as { loginId: string }).loginId;
		await rpc.waitFor((record) => record.type === "login_url" && record.loginId === browserId);
		await rpc.request({ type: "login_cancel", loginId: browserId });
		const cancelled = await rpc.waitFor((record) => record.type === "login_end" && record.loginId === browserId);
		expect(cancelled).toMatchObject({ success: false, error: expect.stringContaining("cancelled") });
		const unknown = await rpc.request({ type: "login_cancel", loginId: browserId });
		expect(unknown).toMatchObject({ success: false, error: `No sign-in is running with id ${browserId}` });
	});
});
