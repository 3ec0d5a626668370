import type { Agent, ThinkingLevel } from "@pi/agent-core";
import { clampThinkingLevel, getSupportedThinkingLevels, type Model, THINKING_LEVELS } from "@pi/ai";
import type { SettingsManager } from "../config/settings-manager.js";
import type { ModelSnapshot } from "../extensions/notify-model-change.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { SessionManager } from "../session/session-manager.js";
import { PiUserError } from "../user-error.js";

/** A model in the cycle list, with an optional level of its own. */
export interface ScopedModel {
	model: Model;
	thinkingLevel?: ThinkingLevel;
}

/** What model control needs from its session. */
export interface ModelControlHost {
	agent: Agent;
	sessionManager: SessionManager;
	settings: SettingsManager;
	modelRuntime: ModelRuntime;
	/** The cycle list; `setScopedModels` replaces it for the session. */
	scopedModels: readonly ScopedModel[];
	/** Rebuilds the system prompt after a model change. */
	refreshSystemPrompt(): void;
	/** After each public change (extensions hear of what changed, extensions.md §3.1). */
	notifyChange(before: ModelSnapshot, source: "set" | "cycle"): void;
}

/**
 * Model and thinking-level changes of one session: every change is clamped to the model,
 * recorded in the session file and saved as the default in settings.
 */
export class SessionModelControl {
	constructor(private readonly host: ModelControlHost) {}

	private get model(): Model | undefined {
		return this.host.agent.state.model;
	}

	private snapshot(): ModelSnapshot {
		return { model: this.model, thinkingLevel: this.host.agent.state.thinkingLevel };
	}

	/** Runs one public change, then reports it once (nested steps do not report). */
	private reporting<T>(source: "set" | "cycle", change: () => T): T {
		const before = this.snapshot();
		const result = change();
		this.host.notifyChange(before, source);
		return result;
	}

	/** Selects a model: clamps the thinking level, records a model change and saves the default (unless told not to). */
	setModel(model: Model, options: { saveAsDefault?: boolean } = {}): void {
		this.reporting("set", () => this.selectModel(model, options.saveAsDefault !== false));
	}

	private selectModel(model: Model, saveAsDefault = true): void {
		this.host.agent.state.model = model;
		this.host.sessionManager.appendModelChange(model.provider, model.id);
		if (saveAsDefault) this.host.settings.setDefaultModelAndProvider(model.provider, model.id);
		this.applyThinkingLevel(this.host.agent.state.thinkingLevel, false);
		this.host.refreshSystemPrompt();
	}

	/** The cycle list: scoped models if configured, else every available one. */
	async getCycleModels(): Promise<{ models: readonly ScopedModel[]; isScoped: boolean }> {
		if (this.host.scopedModels.length > 0) return { models: this.host.scopedModels, isScoped: true };
		return { models: (await this.host.modelRuntime.getAvailable()).map((model) => ({ model })), isScoped: false };
	}

	/** Moves to the next model; undefined when there is nothing else to cycle to. */
	async cycleModel(): Promise<{ model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | undefined> {
		const before = this.snapshot();
		const result = await this.cycleToNextModel();
		this.host.notifyChange(before, "cycle");
		return result;
	}

	private async cycleToNextModel(): Promise<
		{ model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | undefined
	> {
		const { models, isScoped } = await this.getCycleModels();
		const current = this.model;
		const index = models.findIndex(
			(entry) => entry.model.provider === current?.provider && entry.model.id === current?.id,
		);
		const others = models.length - (index >= 0 ? 1 : 0);
		if (others === 0) return undefined;
		const next = models[(index + 1) % models.length]!;
		this.selectModel(next.model);
		if (next.thinkingLevel) this.checkedThinkingLevel(next.thinkingLevel);
		return { model: next.model, thinkingLevel: this.host.agent.state.thinkingLevel, isScoped };
	}

	/** Levels the current model supports, ascending; `["off"]` without a model. */
	getAvailableThinkingLevels(): ThinkingLevel[] {
		return this.model ? (getSupportedThinkingLevels(this.model) as ThinkingLevel[]) : ["off"];
	}

	/** Sets the level, clamped to the model; records a change entry when it changed. Rejects unknown names. */
	setThinkingLevel(level: ThinkingLevel, options: { saveAsDefault?: boolean } = {}): void {
		this.reporting("set", () => this.checkedThinkingLevel(level, options.saveAsDefault !== false));
	}

	/** Replaces the cycle list of this session (not saved). */
	setScopedModels(models: readonly ScopedModel[]): void {
		this.host.scopedModels = [...models];
	}

	private checkedThinkingLevel(level: ThinkingLevel, saveDefault = true): void {
		// Checked here, not only at the wire: every host reaches the session (rpc.md §9.4.1).
		if (level !== "off" && !THINKING_LEVELS.includes(level))
			throw new PiUserError("invalid_thinking_level", `Invalid thinking level: ${String(level)}`);
		this.applyThinkingLevel(level, saveDefault);
	}

	private applyThinkingLevel(level: ThinkingLevel, saveDefault: boolean): void {
		const clamped: ThinkingLevel = this.model ? (clampThinkingLevel(this.model, level) as ThinkingLevel) : level;
		const changed = clamped !== this.host.agent.state.thinkingLevel;
		this.host.agent.state.thinkingLevel = clamped;
		if (changed) this.host.sessionManager.appendThinkingLevelChange(clamped);
		if (saveDefault) this.host.settings.setDefaultThinkingLevel(clamped);
	}

	/** Next supported level (wrapping); undefined for models without reasoning. */
	cycleThinkingLevel(): ThinkingLevel | undefined {
		return this.reporting("cycle", () => {
			const levels = this.getAvailableThinkingLevels();
			if (levels.length <= 1) return undefined;
			const next = levels[(levels.indexOf(this.host.agent.state.thinkingLevel) + 1) % levels.length]!;
			this.checkedThinkingLevel(next);
			return this.host.agent.state.thinkingLevel;
		});
	}
}
