import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { type FauxProviderHandle, fauxAssistantMessage, fauxProvider } from "@pi/ai";
import { describe, expect, it } from "vitest";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { Settings } from "../../src/core/config/settings-types.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

async function setup(
	options: { settings?: Settings; sessionDir?: string } = {},
): Promise<{ runtime: AgentSessionRuntime; faux: FauxProviderHandle; cwd: string; agentDir: string; dir: string }> {
	const agentDir = tempDir();
	const cwd = tempDir();
	const dir = join(agentDir, "first");
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const factory: CreateAgentSessionRuntimeFactory = async ({ cwd: targetCwd, agentDir: at, sessionManager }) => {
		const services = await createAgentSessionServices({
			cwd: targetCwd,
			agentDir: at,
			modelRuntime,
			settingsManager: SettingsManager.inMemory(options.settings ?? {}),
			projectTrusted: false,
		});
		const created = await createAgentSessionFromServices({
			services,
			sessionManager,
			model: faux.getModel(),
			tools: [],
		});
		return { ...created, services, diagnostics: services.diagnostics };
	};
	const runtime = await createAgentSessionRuntime(factory, {
		cwd,
		agentDir,
		sessionManager: SessionManager.create(cwd, dir),
		...(options.sessionDir ? { sessionDir: options.sessionDir } : {}),
	});
	return { runtime, faux, cwd, agentDir, dir };
}

/** A finished session file of `cwd` outside every session directory. */
async function exportedSession(): Promise<string> {
	const { runtime, faux, dir } = await setup();
	faux.setResponses([fauxAssistantMessage("answer")]);
	await runtime.session.prompt("question");
	const file = runtime.session.sessionFile!;
	const outside = join(tempDir(), basename(file));
	copyFileSync(file, outside);
	expect(existsSync(join(dir, basename(file)))).toBe(true);
	await runtime.dispose();
	return outside;
}

describe("issue 9: runtime replacement details", () => {
	it("9. importFromJsonl copies into the configured session directory (settings sessionDir)", async () => {
		const source = await exportedSession();
		const configured = tempDir();
		const { runtime } = await setup({ settings: { sessionDir: configured } });
		await runtime.importFromJsonl(source);
		expect(runtime.session.sessionFile).toBe(join(configured, basename(source)));
		expect(existsSync(join(configured, basename(source)))).toBe(true);
	});

	it("9b. the CLI --session-dir given to the runtime wins over settings", async () => {
		const source = await exportedSession();
		const cli = tempDir();
		mkdirSync(cli, { recursive: true });
		const { runtime } = await setup({ settings: { sessionDir: tempDir() }, sessionDir: cli });
		await runtime.importFromJsonl(source);
		expect(runtime.session.sessionFile).toBe(join(cli, basename(source)));
	});

	it("10. switchSession runs withSession before the rebind callback", async () => {
		const { runtime, faux } = await setup();
		faux.setResponses([fauxAssistantMessage("a")]);
		await runtime.session.prompt("q");
		const file = runtime.session.sessionFile!;
		await runtime.newSession();
		const order: string[] = [];
		runtime.setRebindSession(() => {
			order.push("rebind");
		});
		await runtime.switchSession(file, { withSession: () => void order.push("withSession") });
		expect(order).toEqual(["withSession", "rebind"]);
	});

	it("11a. clone writes each label entry once", async () => {
		const { runtime, faux } = await setup();
		faux.setResponses([fauxAssistantMessage("a1"), fauxAssistantMessage("a2")]);
		await runtime.session.prompt("q1");
		const manager = runtime.session.sessionManager;
		const firstUser = manager.getEntries().find((entry) => entry.type === "message")!;
		manager.appendLabelChange(firstUser.id, "start");
		await runtime.session.prompt("q2");
		await runtime.fork(runtime.session.sessionManager.getLeafId()!, { position: "at" });
		const clone = SessionManager.open(runtime.session.sessionFile!);
		const labels = clone.getEntries().filter((entry) => entry.type === "label");
		expect(labels).toHaveLength(1);
		expect(clone.getLabel(firstUser.id)).toBe("start");
	});
});
