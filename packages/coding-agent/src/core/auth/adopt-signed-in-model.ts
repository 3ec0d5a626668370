import type { Model } from "@pi/ai";
import type { AgentSession } from "../agent-session/agent-session.js";

/**
 * After a sign-in: a session that has no model yet starts using the provider just signed in to
 * (its first available model), so the first prompt works without a restart or a /model step.
 * A session that already has a model keeps it.
 */
export async function adoptSignedInModel(session: AgentSession, providerId: string): Promise<Model | undefined> {
	session.modelRuntime.refresh();
	if (session.model) return undefined;
	const model = (await session.getAvailableModels()).find((candidate) => candidate.provider === providerId);
	if (model) session.setModel(model);
	return model;
}
