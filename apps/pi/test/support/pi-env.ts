import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

/** A throw-away HOME, agent dir and working directory for one spawned `pi`. */
export interface PiTestEnv {
	/** The temp root holding everything below; removed by `cleanup()`. */
	root: string;
	home: string;
	/** `PI_CODING_AGENT_DIR` (`<home>/.pi/agent`). */
	agentDir: string;
	/** A working directory for the run (an empty project). */
	cwd: string;
	/** The environment to spawn pi with: the temp HOME and agent dir, no provider keys of the host. */
	env: NodeJS.ProcessEnv;
	/** Writes `<agentDir>/models.json`. */
	writeModelsJson(config: unknown): void;
	/** Writes `<agentDir>/settings.json`. */
	writeSettings(settings: unknown): void;
	cleanup(): void;
}

/** Environment variables that would let a test reach a real provider or the user's files. */
// npm_config_*: what pnpm hands its scripts (npm warns about the unknown ones on every install pi runs).
const SCRUBBED = /(_API_KEY|_OAUTH_TOKEN|_TOKEN|^PI_|^OPENAI|^ANTHROPIC|^GEMINI|^GOOGLE|^AWS_|^AZURE|^npm_config_)/;

/** The e2e suite's shared warm cache; undefined outside a vitest run that set it up. */
function warmCacheHome(): string | undefined {
	try {
		return inject("piWarmCacheHome");
	} catch {
		return undefined; // not inside a test worker (the global setup itself)
	}
}

/** Creates the temp dirs; call `cleanup()` in afterEach. */
export function createPiTestEnv(extraEnv: NodeJS.ProcessEnv = {}): PiTestEnv {
	const root = mkdtempSync(join(tmpdir(), "pi-e2e-"));
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) if (!SCRUBBED.test(key)) env[key] = value;
	// NO_COLOR below is the tests' colour setting. A host's FORCE_COLOR (common on CI) would override
	// it, and Node then prints a warning about the pair onto pi's terminal, in the middle of a frame.
	delete env.FORCE_COLOR;
	Object.assign(env, {
		HOME: home,
		USERPROFILE: home,
		PI_CODING_AGENT_DIR: agentDir,
		// The compile cache earlier pi runs of this test run have warmed (support/warm-cache.ts):
		// pi is tested as users run it, from the second run on; never the host's own cache.
		XDG_CACHE_HOME: extraEnv.XDG_CACHE_HOME ?? warmCacheHome() ?? join(home, ".cache"),
		PI_SKIP_VERSION_CHECK: "1",
		// Keep the discovery probe away from whatever the host machine runs on the default ports.
		PI_LOCAL_SERVER_PORTS: "",
		// A test that sets the ports serves them from this (loaded) test process: 300 ms is too short
		// a deadline for its answer. Tests of the give-up path set their own budget.
		PI_LOCAL_SERVER_BUDGET_MS: "20000",
		NO_COLOR: "1",
		...extraEnv,
	});
	return {
		root,
		home,
		agentDir,
		cwd,
		env,
		writeModelsJson: (config) => writeFileSync(join(agentDir, "models.json"), JSON.stringify(config, null, 2)),
		writeSettings: (settings) => writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings, null, 2)),
		cleanup: () => rmSync(root, { recursive: true, force: true }),
	};
}
