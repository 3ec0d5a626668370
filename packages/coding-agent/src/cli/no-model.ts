import type { AgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import { discoverLocalServers, type LocalServer } from "./local-server-discovery.js";
import { noModelGuidance } from "./no-model-guidance.js";

/** Loopback discovery, only when no model at all is available, and never with PI_OFFLINE=1. */
async function discoverIfNothingConfigured(runtime: AgentSessionRuntime): Promise<LocalServer[]> {
	const nothingConfigured = (await runtime.services.modelRuntime.getAvailable()).length === 0;
	return nothingConfigured && process.env.PI_OFFLINE !== "1" ? discoverLocalServers() : [];
}

/** One-shot modes: print the guidance (with any local server found) to stderr; the caller exits 1. */
export async function reportNoModel(runtime: AgentSessionRuntime, agentDir: string): Promise<void> {
	process.stderr.write(noModelGuidance(agentDir, await discoverIfNothingConfigured(runtime)));
}

/**
 * Interactive mode: a local server found on loopback becomes a provider for this run, its first
 * model selected and the others selectable with /model. Without one the terminal UI still opens
 * (with /login and /model one keystroke away), showing the guidance. Returns the lines to show in
 * the start-up header.
 */
export async function adoptLocalServer(runtime: AgentSessionRuntime, agentDir: string): Promise<string[]> {
	const servers = await discoverIfNothingConfigured(runtime);
	const server = servers[0];
	if (!server || server.models.length === 0) return noModelGuidance(agentDir, servers).trimEnd().split("\n");
	const { modelRuntime } = runtime.services;
	modelRuntime.registerProvider(server.id, {
		baseUrl: server.baseUrl,
		api: "openai-completions",
		apiKey: server.id,
		models: server.models.map((id) => ({ id })),
	});
	const model = modelRuntime.getModel(server.id, server.models[0]!);
	if (!model) return noModelGuidance(agentDir, servers).trimEnd().split("\n");
	runtime.session.setModel(model);
	return [
		`Using ${server.name} at ${server.baseUrl} (${server.models.join(", ")}) for this run; add it to models.json to keep it.`,
	];
}
