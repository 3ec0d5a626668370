import type { ThinkingLevel } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import type { ExtensionRunnerSeam } from "./extension-runner-seam.js";

/** The model and level before a change. */
export interface ModelSnapshot {
	model: Model | undefined;
	thinkingLevel: ThinkingLevel;
}

/**
 * Reports a model or level change to extensions (extensions.md §3.1): `thinking_level_select`
 * when the level changed (or was clamped), then `model_select` when the model changed.
 * Fire-and-forget: the change itself is synchronous.
 */
export function notifyModelChange(
	runner: ExtensionRunnerSeam,
	before: ModelSnapshot,
	after: ModelSnapshot,
	source: "set" | "cycle" | "restore",
): void {
	if (!runner.emitNotification) return;
	const emit = runner.emitNotification.bind(runner);
	void (async () => {
		if (after.thinkingLevel !== before.thinkingLevel) {
			await emit({ type: "thinking_level_select", level: after.thinkingLevel, previousLevel: before.thinkingLevel });
		}
		const changed =
			after.model && (after.model.provider !== before.model?.provider || after.model.id !== before.model?.id);
		if (after.model && changed) {
			await emit({
				type: "model_select",
				model: after.model,
				...(before.model ? { previousModel: before.model } : {}),
				source,
			});
		}
	})();
}
