import type { Model, ThinkingLevelOrOff } from "../types.js";

/**
 * The model's `samplingParams`, then its `samplingParamsByThinkingLevel` entry for `level`
 * (`"off"` when no level is requested), merged into `params` (later keys win). Used by the
 * OpenAI-compatible APIs only.
 */
export function applySamplingParams(params: object, model: Model, level: ThinkingLevelOrOff | undefined): void {
	const target = params as Record<string, unknown>;
	if (model.samplingParams) Object.assign(target, model.samplingParams);
	const byLevel = model.samplingParamsByThinkingLevel?.[level ?? "off"];
	if (byLevel) Object.assign(target, byLevel);
}
