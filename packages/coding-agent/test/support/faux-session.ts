import { type FauxProviderHandle, type FauxProviderOptions, fauxProvider } from "@pi/ai";
import type { AgentSession } from "../../src/core/agent-session/agent-session.js";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { Settings } from "../../src/core/config/settings-types.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { type CreateAgentSessionOptions, createAgentSession } from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";

/** A session on the faux provider, with every event recorded. */
export interface FauxSession {
	session: AgentSession;
	faux: FauxProviderHandle;
	events: AgentSessionEvent[];
	types(): string[];
	/** Resolves at the first event matching `predicate` (already-seen events count). */
	waitFor(predicate: (event: AgentSessionEvent) => boolean): Promise<AgentSessionEvent>;
}

export async function createFauxSession(
	options: {
		settings?: Settings;
		faux?: FauxProviderOptions;
		sessionManager?: SessionManager;
		cwd?: string;
	} & Partial<CreateAgentSessionOptions> = {},
): Promise<FauxSession> {
	const { settings, faux: fauxOptions, ...sessionOptions } = options;
	const faux = fauxProvider(fauxOptions);
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const cwd = options.cwd ?? process.cwd();
	const { session } = await createAgentSession({
		...sessionOptions,
		cwd,
		modelRuntime,
		model: sessionOptions.model ?? faux.getModel(),
		settingsManager:
			sessionOptions.settingsManager ?? SettingsManager.inMemory({ retry: { baseDelayMs: 0 }, ...settings }),
		sessionManager: sessionOptions.sessionManager ?? SessionManager.inMemory(cwd),
		resourceLoader: sessionOptions.resourceLoader ?? {
			load: () => ({ contextFiles: [], skills: [], promptTemplates: [], appendSystemPrompts: [], diagnostics: [] }),
		},
		tools: sessionOptions.tools ?? [],
	});
	const events: AgentSessionEvent[] = [];
	const waiters: { predicate: (event: AgentSessionEvent) => boolean; resolve: (event: AgentSessionEvent) => void }[] =
		[];
	session.subscribe((event) => {
		events.push(event);
		for (const waiter of [...waiters]) {
			if (waiter.predicate(event)) {
				waiters.splice(waiters.indexOf(waiter), 1);
				waiter.resolve(event);
			}
		}
	});
	return {
		session,
		faux,
		events,
		types: () => events.map((event) => event.type),
		waitFor: (predicate) => {
			const seen = events.find(predicate);
			if (seen) return Promise.resolve(seen);
			return new Promise((resolve) => waiters.push({ predicate, resolve }));
		},
	};
}
