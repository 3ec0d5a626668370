import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxProvider } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { createAgentSessionRuntime } from "../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

describe.skipIf(process.platform === "win32")("an imported session", () => {
	it("is copied 0600 into a 0700 directory, whatever the source's mode", async () => {
		const agentDir = join(tempDir(), "agent");
		const cwd = tempDir();
		const faux = fauxProvider();
		const modelRuntime = ModelRuntime.inMemory();
		modelRuntime.setProvider(faux.provider);
		const runtime = await createAgentSessionRuntime(
			async ({ cwd: targetCwd, agentDir: dir, sessionManager }) => {
				const services = await createAgentSessionServices({
					cwd: targetCwd,
					agentDir: dir,
					modelRuntime,
					settingsManager: SettingsManager.inMemory(),
					projectTrusted: false,
				});
				const created = await createAgentSessionFromServices({ services, sessionManager, model: faux.getModel() });
				return { ...created, services, diagnostics: services.diagnostics };
			},
			{ cwd, agentDir, sessionManager: SessionManager.inMemory(cwd) },
		);
		const source = join(tempDir(), "shared.jsonl");
		const header = { type: "session", version: 3, id: "imported", timestamp: new Date().toISOString(), cwd };
		writeFileSync(source, `${JSON.stringify(header)}\n`);
		chmodSync(source, 0o644);
		mkdirSync(join(agentDir), { recursive: true });
		await runtime.importFromJsonl(source, cwd);
		const imported = runtime.session.sessionFile!;
		expect(imported).not.toBe(source);
		expect(statSync(imported).mode & 0o777).toBe(0o600);
		expect(statSync(join(imported, "..")).mode & 0o777).toBe(0o700);
		await runtime.dispose();
	});
});
