// First run with several local OpenAI-compatible servers on loopback (issues 12 and 14): every
// server found and every one of its models is offered — printed by a one-shot run, and selectable
// in the terminal UI's model selector, where a model of the second server answers a prompt.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockLlm } from "@pi/llm-mock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hasTmux, TmuxPi } from "./interactive-tmux.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi } from "./support/index.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("local-servers interactive e2e test skipped: tmux is not installed");

describe("pi with two local servers found on loopback", () => {
	let env: PiTestEnv;
	let ollama: MockLlm;
	let vllm: MockLlm;
	const panes: TmuxPi[] = [];

	beforeEach(async () => {
		env = createPiTestEnv();
		ollama = await startMockLlm({ models: ["alpha-small", "alpha-large"] });
		vllm = await startMockLlm({ models: ["beta-one", "beta-two"] });
	});

	afterEach(async () => {
		for (const pane of panes.splice(0)) pane.kill();
		await Promise.all([ollama.close(), vllm.close()]);
		env.cleanup();
	});

	/** `defaultProvider/defaultModel` of the global settings, if saved. */
	function savedDefault(): string | undefined {
		const path = join(env.agentDir, "settings.json");
		if (!existsSync(path)) return undefined;
		const settings = JSON.parse(readFileSync(path, "utf8")) as { defaultProvider?: string; defaultModel?: string };
		return settings.defaultProvider ? `${settings.defaultProvider}/${settings.defaultModel}` : undefined;
	}

	/** Points the probe at the two mocks; a generous budget, as the mocks share a loaded test process. */
	function discoveryEnv(): NodeJS.ProcessEnv {
		const port = (mock: MockLlm) => new URL(mock.url).port;
		return {
			PI_LOCAL_SERVER_PORTS: `ollama:${port(ollama)},vllm:${port(vllm)}`,
			PI_LOCAL_SERVER_BUDGET_MS: "20000",
		};
	}

	it("print mode lists both servers with all their models and a models.json for both, then exits 1", async () => {
		const result = await runPi(env, ["-p", "hello"], { extraEnv: discoveryEnv() });
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain(`Found Ollama at ${ollama.url}/v1 with 2 model(s): alpha-small, alpha-large\n`);
		expect(result.stderr).toContain(`Found vLLM at ${vllm.url}/v1 with 2 model(s): beta-one, beta-two\n`);
		const snippet = JSON.parse(result.stderr.slice(result.stderr.indexOf("\n{") + 1)) as {
			providers: Record<string, { baseUrl: string; models: { id: string }[] }>;
		};
		expect(Object.keys(snippet.providers)).toEqual(["ollama", "vllm"]);
		expect(snippet.providers.vllm?.models).toEqual([{ id: "beta-one" }, { id: "beta-two" }]);
		// Only the model lists were asked for: nothing was sent to a model.
		expect([...ollama.requests, ...vllm.requests].map((request) => request.api)).toEqual(["models", "models"]);
	});

	it.skipIf(!tmuxAvailable)(
		"the terminal UI offers the models of both servers and a model of the second one answers",
		async () => {
			vllm.enqueue({ type: "reply", blocks: [{ type: "text", text: "beta-two speaking" }] });
			const pi = new TmuxPi(env, [], { columns: 140, rows: 40, extraEnv: discoveryEnv() });
			panes.push(pi);
			await pi.waitFor("Found 2 local servers");
			await pi.waitFor("Using ollama/alpha-small");
			// Found servers are this run's providers only: nothing is written for them.
			expect(savedDefault()).toBeUndefined();
			pi.type("/model");
			pi.keys("Enter");
			const selector = await pi.waitFor((screen) => screen.includes("Select a model") && screen.includes("vllm/"));
			for (const model of ["ollama/alpha-small", "ollama/alpha-large", "vllm/beta-one", "vllm/beta-two"]) {
				expect(selector).toContain(model);
			}
			pi.type("beta-two");
			pi.keys("Enter");
			await pi.waitFor("Model: vllm/beta-two");
			pi.type("hi there");
			pi.keys("Enter");
			await pi.waitFor("beta-two speaking");
			const chats = vllm.requests.filter((request) => request.api === "openai-completions");
			expect(chats.map((request) => (request.body as { model?: string }).model)).toEqual(["beta-two"]);
			expect(ollama.requests.filter((request) => request.api !== "models")).toEqual([]);
			// Quit before the temp dirs go (a killed pi may still be writing its session).
			pi.keys("C-c");
			await pi.waitFor("Press Ctrl+C again to quit");
			pi.keys("C-c");
			await pi.waitFor("PI_EXITED 0");
			// Picking a model is the user's choice of default; the next run finds the servers again and starts on it.
			expect(savedDefault()).toBe("vllm/beta-two");
			expect(existsSync(join(env.agentDir, "models.json"))).toBe(false);
			pi.kill();
			const again = new TmuxPi(env, [], { columns: 140, rows: 40, extraEnv: discoveryEnv() });
			panes.push(again);
			await again.waitFor("Using vllm/beta-two");
			again.keys("C-c");
			await again.waitFor("Press Ctrl+C again to quit");
			again.keys("C-c");
			await again.waitFor("PI_EXITED 0");
		},
	);
});
