import { join } from "node:path";
import { type FauxModelDefinition, type FauxProviderHandle, fauxProvider } from "@pi/ai";
import { VirtualTerminal } from "@pi/tui/testing";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import { ModelRuntime } from "../../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../../src/core/sdk.js";
import { SessionManager } from "../../../src/core/session/session-manager.js";
import { InteractiveApp } from "../../../src/modes/interactive/interactive-app.js";

/** An InteractiveApp on a VirtualTerminal over a faux-provider runtime. */
export interface AppFixture {
	app: InteractiveApp;
	terminal: VirtualTerminal;
	runtime: AgentSessionRuntime;
	faux: FauxProviderHandle;
	cwd: string;
	agentDir: string;
	exit: Promise<number>;
	/** Lets scheduled renders run and the terminal parse what was written. */
	settle(): Promise<void>;
	screen(): string;
	/** Polls (render turns, no timers) until the visible screen contains `text`. */
	waitForText(text: string, rounds?: number): Promise<void>;
	type(data: string): Promise<void>;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function createAppFixture(options: {
	cwd: string;
	agentDir: string;
	tools?: string[];
	models?: FauxModelDefinition[];
	tokensPerSecond?: number;
	columns?: number;
	rows?: number;
	env?: NodeJS.ProcessEnv;
}): Promise<AppFixture> {
	const faux = fauxProvider({
		...(options.models ? { models: options.models } : {}),
		...(options.tokensPerSecond ? { tokensPerSecond: options.tokensPerSecond } : {}),
	});
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const settingsManager = SettingsManager.inMemory({ retry: { baseDelayMs: 0 } });
	const factory: CreateAgentSessionRuntimeFactory = async ({ cwd, agentDir, sessionManager, sessionStartEvent }) => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir,
			modelRuntime,
			settingsManager,
			projectTrusted: false,
		});
		const created = await createAgentSessionFromServices({
			services,
			sessionManager,
			model: faux.getModel(),
			tools: options.tools ?? [],
			...(sessionStartEvent ? { sessionStartEvent } : {}),
		});
		return { ...created, services, diagnostics: services.diagnostics };
	};
	const runtime = await createAgentSessionRuntime(factory, {
		cwd: options.cwd,
		agentDir: options.agentDir,
		sessionManager: SessionManager.create(options.cwd, join(options.agentDir, "sessions")),
	});
	const terminal = new VirtualTerminal(options.columns ?? 80, options.rows ?? 30);
	const app = new InteractiveApp(runtime, {
		messages: [],
		terminal,
		version: "1.2.3",
		env: options.env ?? {},
		scheduleRender: (callback) => setImmediate(callback),
	});
	await app.init();
	const exit = app.run();
	const settle = async (): Promise<void> => {
		for (let index = 0; index < 3; index++) await turn();
		await terminal.flush();
	};
	const screen = (): string => terminal.getViewport().join("\n");
	return {
		app,
		terminal,
		runtime,
		faux,
		cwd: options.cwd,
		agentDir: options.agentDir,
		exit,
		settle,
		screen,
		waitForText: async (text, rounds = 200) => {
			for (let index = 0; index < rounds; index++) {
				await settle();
				if (screen().includes(text)) return;
			}
			throw new Error(`"${text}" never appeared on screen:\n${screen()}`);
		},
		type: async (data) => {
			terminal.sendInput(data);
			await settle();
		},
	};
}
