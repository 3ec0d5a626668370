import { join } from "node:path";
import { type FauxModelDefinition, type FauxProviderHandle, fauxProvider } from "@pi/ai";
import { VirtualTerminal } from "@pi/tui/testing";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import type { ExtensionFactory } from "../../../src/core/extensions/extension-api.js";
import { ModelRuntime } from "../../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../../src/core/sdk.js";
import { SessionManager } from "../../../src/core/session/session-manager.js";
import { InteractiveApp, type InteractiveAppOptions } from "../../../src/modes/interactive/interactive-app.js";

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
	/** Polls (render turns) until `predicate` holds for the screen. */
	waitUntil(predicate: (screen: string) => boolean, rounds?: number): Promise<void>;
	/** The manual clock of dialog timeouts. */
	clock: ManualClock;
}

/** A hand-driven clock for dialog timeouts (xterm's own timers stay real). */
export class ManualClock {
	private time = 0;
	private nextId = 1;
	private readonly timers = new Map<number, { at: number; every?: number; callback: () => void }>();
	readonly api = {
		now: () => this.time,
		timers: {
			setTimeout: (callback: () => void, ms: number) => this.add(callback, ms),
			setInterval: (callback: () => void, ms: number) => this.add(callback, ms, ms),
			clearTimeout: (handle: unknown) => this.timers.delete(handle as number),
			clearInterval: (handle: unknown) => this.timers.delete(handle as number),
		},
	};

	private add(callback: () => void, ms: number, every?: number): number {
		const id = this.nextId++;
		this.timers.set(id, { at: this.time + ms, ...(every ? { every } : {}), callback });
		return id;
	}

	advance(ms: number): void {
		const end = this.time + ms;
		for (;;) {
			let nextId: number | undefined;
			let nextAt = Number.POSITIVE_INFINITY;
			for (const [id, timer] of this.timers) {
				if (timer.at <= end && timer.at < nextAt) {
					nextAt = timer.at;
					nextId = id;
				}
			}
			if (nextId === undefined) break;
			const timer = this.timers.get(nextId)!;
			this.time = timer.at;
			if (timer.every) timer.at += timer.every;
			else this.timers.delete(nextId);
			timer.callback();
		}
		this.time = end;
	}
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function createAppFixture(options: {
	cwd: string;
	agentDir: string;
	tools?: string[];
	models?: FauxModelDefinition[];
	tokensPerSecond?: number;
	/** The session to start with (default: a new one in `cwd`). */
	sessionManager?: SessionManager;
	launchCwd?: string;
	showResumePicker?: boolean;
	initialMessage?: string;
	columns?: number;
	rows?: number;
	env?: NodeJS.ProcessEnv;
	/** Inline extensions every session loads. */
	extensionFactories?: readonly ExtensionFactory[];
	/** Settings (default: in memory, `{ retry: { baseDelayMs: 0 } }`); pass a file-backed manager to test files. */
	settingsManager?: SettingsManager;
	/** A fresh manager per session build (as the CLI does: /reload then re-reads the files). */
	settingsPerBuild?: () => SettingsManager;
	/** Whether project inputs load (default false). */
	projectTrusted?: boolean;
	/** Options for the app beyond the fixture's (e.g. `themePaths`). */
	appOptions?: Partial<InteractiveAppOptions>;
}): Promise<AppFixture> {
	const faux = fauxProvider({
		...(options.models ? { models: options.models } : {}),
		...(options.tokensPerSecond ? { tokensPerSecond: options.tokensPerSecond } : {}),
	});
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const settingsManager = options.settingsManager ?? SettingsManager.inMemory({ retry: { baseDelayMs: 0 } });
	const factory: CreateAgentSessionRuntimeFactory = async ({ cwd, agentDir, sessionManager, sessionStartEvent }) => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir,
			modelRuntime,
			settingsManager: options.settingsPerBuild?.() ?? settingsManager,
			projectTrusted: options.projectTrusted ?? false,
			...(options.extensionFactories ? { extensionFactories: options.extensionFactories } : {}),
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
		sessionManager: options.sessionManager ?? SessionManager.create(options.cwd, join(options.agentDir, "sessions")),
	});
	const clock = new ManualClock();
	const terminal = new VirtualTerminal(options.columns ?? 80, options.rows ?? 30);
	const app = new InteractiveApp(runtime, {
		messages: [],
		terminal,
		version: "1.2.3",
		env: options.env ?? {},
		scheduleRender: (callback) => setImmediate(callback),
		dialogClock: clock.api,
		...(options.launchCwd ? { launchCwd: options.launchCwd } : {}),
		...(options.showResumePicker ? { showResumePicker: true } : {}),
		...(options.initialMessage !== undefined ? { initialMessage: options.initialMessage } : {}),
		...options.appOptions,
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
		clock,
		waitUntil: async (predicate, rounds = 200) => {
			for (let index = 0; index < rounds; index++) {
				await settle();
				if (predicate(screen())) return;
			}
			throw new Error(`condition never held; screen:\n${screen()}`);
		},
		type: async (data) => {
			terminal.sendInput(data);
			await settle();
		},
	};
}
