import type { SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk";
import type { ThinkingLevel } from "@pi/agent-core";
import type { AgentSession } from "../../core/agent-session/agent-session.js";
import { PiUserError } from "../../core/user-error.js";

// The model and the thinking level as ACP session config options (the editor's model and
// reasoning pickers), and the thinking level again as session modes for clients that only
// know modes.

export const MODEL_CONFIG_ID = "model";
export const THINKING_CONFIG_ID = "thinking_level";

const THINKING_NAMES: Readonly<Record<ThinkingLevel, string>> = {
	off: "Thinking off",
	minimal: "Minimal thinking",
	low: "Low thinking",
	medium: "Medium thinking",
	high: "High thinking",
	xhigh: "Extra-high thinking",
	max: "Maximum thinking",
};

/** `provider/id`: the value of a model option. */
export function modelValue(model: { provider: string; id: string }): string {
	return `${model.provider}/${model.id}`;
}

/** The current model and thinking level, with every choice the session offers. */
export async function buildConfigOptions(session: AgentSession): Promise<SessionConfigOption[]> {
	const models = await session.getAvailableModels();
	const current = session.model;
	const modelOptions = models.map((model) => ({
		value: modelValue(model),
		name: model.name,
		description: modelValue(model),
	}));
	if (current && !modelOptions.some((option) => option.value === modelValue(current)))
		modelOptions.unshift({ value: modelValue(current), name: current.name, description: modelValue(current) });
	const options: SessionConfigOption[] = [];
	if (current) {
		options.push({
			id: MODEL_CONFIG_ID,
			name: "Model",
			category: "model",
			type: "select",
			currentValue: modelValue(current),
			options: modelOptions,
		});
	}
	options.push({
		id: THINKING_CONFIG_ID,
		name: "Thinking",
		category: "thought_level",
		type: "select",
		currentValue: session.thinkingLevel,
		options: session.getAvailableThinkingLevels().map((level) => ({ value: level, name: THINKING_NAMES[level] })),
	});
	return options;
}

/** The thinking levels as session modes. */
export function buildModes(session: AgentSession): SessionModeState {
	return {
		currentModeId: session.thinkingLevel,
		availableModes: session.getAvailableThinkingLevels().map((level) => ({ id: level, name: THINKING_NAMES[level] })),
	};
}

/** Applies `session/set_config_option`; unknown ids and values are user errors. */
export async function applyConfigOption(session: AgentSession, configId: string, value: unknown): Promise<void> {
	if (typeof value !== "string")
		throw new PiUserError("invalid_config_value", `Config option ${configId} takes a string value`);
	if (configId === MODEL_CONFIG_ID) {
		const model = (await session.getAvailableModels()).find((candidate) => modelValue(candidate) === value);
		if (!model) throw new PiUserError("model_not_found", `Model not found: ${value}`);
		session.setModel(model);
		return;
	}
	if (configId === THINKING_CONFIG_ID) {
		applyThinkingLevel(session, value);
		return;
	}
	throw new PiUserError("unknown_config_option", `Unknown config option: ${configId}`);
}

/** Sets the thinking level (clamped to the model, as everywhere in pi). */
export function applyThinkingLevel(session: AgentSession, value: string): void {
	if (!(value in THINKING_NAMES)) throw new PiUserError("invalid_thinking_level", `Invalid thinking level: ${value}`);
	session.setThinkingLevel(value as ThinkingLevel);
}
