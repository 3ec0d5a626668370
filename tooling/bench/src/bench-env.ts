import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The wire format the mock model speaks to pi. */
export type WireApi = "anthropic-messages" | "openai-completions";

/** A throw-away HOME, agent dir and project folder for one spawned pi (the caller removes `root`). */
export interface BenchEnv {
	root: string;
	cwd: string;
	env: NodeJS.ProcessEnv;
}

/** A throw-away HOME/agent dir; with a mock URL, models.json and settings point pi at it. */
export function createBenchEnv(name: string, mockUrl?: string, api: WireApi = "openai-completions"): BenchEnv {
	const root = mkdtempSync(join(tmpdir(), `pi-bench-${name}-`));
	const agentDir = join(root, "home", ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	if (mockUrl) {
		writeFileSync(
			join(agentDir, "models.json"),
			JSON.stringify({
				providers: {
					mock: {
						baseUrl: api === "openai-completions" ? `${mockUrl}/v1` : mockUrl,
						api,
						apiKey: "bench",
						models: [{ id: "bench" }],
					},
				},
			}),
		);
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultProvider: "mock", defaultModel: "bench" }));
	}
	const env: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, "home"), PI_CODING_AGENT_DIR: agentDir };
	env.PI_SKIP_VERSION_CHECK = "1";
	env.PI_LOCAL_SERVER_PORTS = "";
	return { root, cwd, env };
}
