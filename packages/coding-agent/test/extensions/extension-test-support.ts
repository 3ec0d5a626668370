import { type FauxProviderHandle, fauxProvider } from "@pi/ai";
import type { AgentSession } from "../../src/core/agent-session/agent-session.js";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { ExtensionFactory } from "../../src/core/extensions/extension-api.js";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import {
	type CreateAgentSessionOptions,
	type CreateAgentSessionResult,
	createAgentSession,
	createAgentSessionFromServices,
	createAgentSessionServices,
} from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";

export const emptyResources = {
	load: () => ({ contextFiles: [], skills: [], promptTemplates: [], appendSystemPrompts: [], diagnostics: [] }),
};

/** A session on the faux provider with inline extensions; every session event recorded. */
export interface ExtensionSession {
	session: AgentSession;
	faux: FauxProviderHandle;
	result: CreateAgentSessionResult;
	events: AgentSessionEvent[];
	errors: ExtensionErrorReport[];
}

export async function createExtensionSession(
	agentDir: string,
	factories: ExtensionFactory[],
	options: Partial<CreateAgentSessionOptions> = {},
): Promise<ExtensionSession> {
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const cwd = options.cwd ?? agentDir;
	const result = await createAgentSession({
		agentDir,
		cwd,
		modelRuntime,
		model: faux.getModel(),
		settingsManager: SettingsManager.inMemory({ retry: { enabled: false } }),
		sessionManager: SessionManager.inMemory(cwd),
		resourceLoader: emptyResources,
		tools: [],
		extensionFactories: factories,
		noExtensions: true,
		...options,
	});
	const events: AgentSessionEvent[] = [];
	result.session.subscribe((event) => events.push(event));
	return { session: result.session, faux, result, events, errors: [] };
}

/** A runtime whose every session loads the given inline extensions (like the CLI's factory). */
export async function createExtensionRuntime(
	agentDir: string,
	factories: ExtensionFactory[],
	options: { sessionDir?: string } = {},
): Promise<{ runtime: AgentSessionRuntime; faux: FauxProviderHandle }> {
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const factory: CreateAgentSessionRuntimeFactory = async ({
		cwd,
		agentDir: dir,
		sessionManager,
		sessionStartEvent,
	}) => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir: dir,
			modelRuntime,
			settingsManager: SettingsManager.inMemory({ retry: { enabled: false } }),
			resourceLoader: emptyResources,
			noExtensions: true,
			extensionFactories: factories,
		});
		const created = await createAgentSessionFromServices({
			services,
			sessionManager,
			model: faux.getModel(),
			tools: [],
			...(sessionStartEvent ? { sessionStartEvent } : {}),
		});
		return { ...created, services, diagnostics: services.diagnostics };
	};
	const runtime = await createAgentSessionRuntime(factory, {
		cwd: agentDir,
		agentDir,
		sessionManager: options.sessionDir
			? SessionManager.create(agentDir, options.sessionDir)
			: SessionManager.inMemory(agentDir),
	});
	return { runtime, faux };
}
