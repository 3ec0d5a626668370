import { join } from "node:path";
import type { AgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import { discoverLocalServers, type LocalServer, providerConfigFor } from "./local-server-discovery.js";
import { noModelGuidance } from "./no-model-guidance.js";

/** Loopback discovery, only when no model at all is available, and never with PI_OFFLINE=1. */
async function discoverIfNothingConfigured(runtime: AgentSessionRuntime): Promise<LocalServer[]> {
	const nothingConfigured = (await runtime.services.modelRuntime.getAvailable()).length === 0;
	return nothingConfigured && process.env.PI_OFFLINE !== "1" ? discoverLocalServers() : [];
}

/** Why stored credentials could not be used when the model was chosen (see ModelRuntime.checkAuth). */
function authFailures(runtime: AgentSessionRuntime): string[] {
	return [...runtime.services.modelRuntime.getAuthFailures().values()];
}

/** One-shot modes: print the guidance (with any local server found) to stderr; the caller exits 1. */
export async function reportNoModel(runtime: AgentSessionRuntime, agentDir: string): Promise<void> {
	const servers = await discoverIfNothingConfigured(runtime);
	process.stderr.write(noModelGuidance(agentDir, servers, authFailures(runtime)));
}

/**
 * Interactive mode: every local server found on loopback (with models) becomes a provider for this
 * run, not persisted; the saved default model if one of them has it (picked with /model in an
 * earlier such run), else the first model of the first one, is selected, and all the others are
 * selectable with /model. Without one the terminal UI still opens (with /login and /model one
 * keystroke away), showing the guidance. Returns the lines to show in the start-up header.
 */
export async function adoptLocalServer(runtime: AgentSessionRuntime, agentDir: string): Promise<string[]> {
	const servers = await discoverIfNothingConfigured(runtime);
	const usable = servers.filter((server) => server.models.length > 0);
	const { modelRuntime, settingsManager } = runtime.services;
	for (const server of usable) modelRuntime.registerProvider(server.id, providerConfigFor(server));
	const first = usable[0];
	// A model picked with /model in an earlier such run is the saved default: start on it again.
	const savedProvider = settingsManager.getDefaultProvider();
	const savedModel = settingsManager.getDefaultModel();
	const saved =
		savedProvider && savedModel && usable.some((server) => server.id === savedProvider)
			? modelRuntime.getModel(savedProvider, savedModel)
			: undefined;
	const model = saved ?? (first ? modelRuntime.getModel(first.id, first.models[0]!) : undefined);
	if (!first || !model) return noModelGuidance(agentDir, servers, authFailures(runtime)).trimEnd().split("\n");
	// For this run only: nothing about the servers is written (models.json keeps them, if the user wants).
	runtime.session.setModel(model, { saveAsDefault: false });
	if (usable.length === 1) {
		return [
			`Using ${first.name} at ${first.baseUrl} (${first.models.join(", ")}) for this run; add it to models.json to keep it.`,
		];
	}
	return [
		`Found ${usable.length} local servers, providers for this run (add them to ${join(agentDir, "models.json")} to keep them):`,
		...usable.map((server) => `  ${server.name} (${server.id}) at ${server.baseUrl}: ${server.models.join(", ")}`),
		`Using ${model.provider}/${model.id}; /model (Ctrl+L) picks any of the others.`,
	];
}
