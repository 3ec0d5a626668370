import { afterEach, describe, expect, it, vi } from "vitest";
import { SettingsManager } from "../src/core/config/settings-manager.js";
import { createAgentSession } from "../src/core/sdk.js";
import { SessionManager } from "../src/core/session/session-manager.js";
import { createFauxSession } from "../src/testing/faux-session.js";
import { useTempDirs } from "./support/temp-dir.js";

const tempDir = useTempDirs();

afterEach(() => {
	vi.unstubAllEnvs();
});

// Issue 15: with no credentials the problem is said when the session is created, not at prompt().
describe("createAgentSession() without a usable model", () => {
	it("createAgentSession() without credentials says so at creation", async () => {
		for (const name of ["ANTHROPIC_API_KEY", "ANTHROPIC_OAUTH_TOKEN", "OPENAI_API_KEY", "GEMINI_API_KEY"]) {
			vi.stubEnv(name, undefined);
		}
		for (const name of Object.keys(process.env).filter((key) => key.endsWith("_API_KEY"))) vi.stubEnv(name, undefined);
		const agentDir = tempDir();
		const cwd = tempDir();
		const { session, noModelMessage } = await createAgentSession({
			cwd,
			agentDir,
			sessionManager: SessionManager.inMemory(cwd),
		});
		expect(session.model).toBeUndefined();
		expect(noModelMessage).toMatch(/^No model selected: no provider has credentials\./);
		expect(noModelMessage).toContain("ANTHROPIC_API_KEY");
		expect(noModelMessage).toContain("createAgentSession()");
		session.dispose();
	});

	it("createAgentSession() with a model has no such message", async () => {
		const { session } = await createFauxSession();
		const result = await createAgentSession({
			model: session.model,
			modelRuntime: session.modelRuntime,
			sessionManager: SessionManager.inMemory(),
			settingsManager: SettingsManager.inMemory(),
			tools: [],
		});
		expect(result.noModelMessage).toBeUndefined();
		result.session.dispose();
		session.dispose();
	});
});
