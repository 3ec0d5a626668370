import { type FauxProviderHandle, type FauxProviderOptions, fauxProvider } from "@pi/ai";
import type { AgentSession } from "../core/agent-session/agent-session.js";
import type { AgentSessionEvent } from "../core/agent-session/agent-session-events.js";
import { SettingsManager } from "../core/config/settings-manager.js";
import type { Settings } from "../core/config/settings-types.js";
import { ModelRuntime } from "../core/models/model-runtime.js";
import { type CreateAgentSessionOptions, createAgentSession } from "../core/sdk.js";
import { SessionManager } from "../core/session/session-manager.js";

/** A session on the faux provider, with every event recorded. */
export interface FauxSession {
	session: AgentSession;
	/** The scripted provider: queue replies with `faux.setResponses([...])`. */
	faux: FauxProviderHandle;
	/** Every session event so far, in order. */
	events: AgentSessionEvent[];
	/** The `type` of every event so far. */
	types(): string[];
	/** Resolves at the first event matching `predicate` (already-seen events count). */
	waitFor(predicate: (event: AgentSessionEvent) => boolean): Promise<AgentSessionEvent>;
}

/** Options of {@link createFauxSession}: every `createAgentSession` option, plus these. */
export type FauxSessionOptions = {
	/** In-memory settings, merged over `{ retry: { baseDelayMs: 0 } }`. */
	settings?: Settings;
	/** Options of the faux provider (e.g. `tokensPerSecond`). */
	faux?: FauxProviderOptions;
	sessionManager?: SessionManager;
	/** Default: `process.cwd()`. */
	cwd?: string;
} & Partial<CreateAgentSessionOptions>;

/**
 * An `AgentSession` that runs offline: the model is `@pi/ai`'s scripted faux provider, settings
 * and the session live in memory, no resources are loaded and no tools are given unless passed.
 * Nothing touches `~/.pi/agent` or the network. For tests, examples and demos.
 */
export async function createFauxSession(options: FauxSessionOptions = {}): Promise<FauxSession> {
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
