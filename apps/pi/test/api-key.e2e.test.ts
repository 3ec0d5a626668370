import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	// The built-in anthropic provider, rerouted to the mock; no key anywhere.
	env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name));
}

describe("--api-key", () => {
	it("is used for the selected provider's requests and never written to disk", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "keyed" }] });
		const key = "sk-ant-runtime-only-key";
		const result = await runPi(env, ["--provider", "anthropic", "--api-key", key, "-p", "hello"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("keyed\n");
		const headers = mock.requests[0]?.headers ?? {};
		expect([headers["x-api-key"], headers.authorization]).toContain(headers["x-api-key"] ? key : `Bearer ${key}`);
		expect(existsSync(join(env.agentDir, "auth.json"))).toBe(false);
		for (const file of filesUnder(env.home)) expect(readFileSync(file, "utf8")).not.toContain(key);
	});

	it("without a provider to apply it to, says so", async () => {
		const result = await runPi(env, ["--api-key", "k", "-p", "hello"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			"Error: --api-key needs --provider <name> (or --model provider/id) to know which provider it is for\n",
		);
	});
});
