// `pi --mode rpc` on a machine with no credential (issue 27): the server starts and serves as
// rpc.md says (get_state omits `model`, a prompt is rejected with `No model selected…`) instead
// of printing the first-run guidance and exiting, and becomes usable without a restart once a
// credential exists and a model is set.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
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
