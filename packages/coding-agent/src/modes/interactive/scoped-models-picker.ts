import type { Model } from "@pi/ai";
import type { SelectItem } from "@pi/tui";
import type { ScopedModel } from "../../core/agent-session/agent-session.js";
import type { SelectorComponent } from "./components/selector.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { keyLabel } from "./key-label.js";
import type { Selectors } from "./selectors.js";

function keyOf(model: Model): string {
	return `${model.provider}/${model.id}`;
}

/**
 * The state of `/scoped-models`: which of the available models Ctrl+P cycles through, in which
 * order. Every change applies to the session at once; only the save key writes `enabledModels`.
 */
export class ModelScope {
	/** Enabled model keys in cycle order. */
	private enabled: string[];
	private readonly levels = new Map<string, ScopedModel["thinkingLevel"]>();

	constructor(
		private readonly available: readonly Model[],
		scoped: readonly ScopedModel[],
	) {
		const known = new Set(available.map(keyOf));
		const scopedKeys = scoped.map((entry) => keyOf(entry.model)).filter((key) => known.has(key));
		for (const entry of scoped) if (entry.thinkingLevel) this.levels.set(keyOf(entry.model), entry.thinkingLevel);
		this.enabled = scopedKeys.length > 0 ? scopedKeys : available.map(keyOf);
	}

	get enabledKeys(): readonly string[] {
		return this.enabled;
	}

	get allEnabled(): boolean {
		return this.enabled.length === this.available.length;
	}

	isEnabled(key: string): boolean {
		return this.enabled.includes(key);
	}

	/** Enabled models first (cycle order), then the others in catalogue order. */
	ordered(): Model[] {
		const byKey = new Map(this.available.map((model) => [keyOf(model), model]));
		const first = this.enabled.map((key) => byKey.get(key)).filter((model): model is Model => model !== undefined);
		return [...first, ...this.available.filter((model) => !this.isEnabled(keyOf(model)))];
	}

	toggle(key: string): void {
		if (this.isEnabled(key)) this.enabled = this.enabled.filter((entry) => entry !== key);
		else this.enabled = [...this.enabled, key];
	}

	setAll(keys: readonly string[], enabled: boolean): void {
		if (enabled) this.enabled = [...this.enabled, ...keys.filter((key) => !this.isEnabled(key))];
		else this.enabled = this.enabled.filter((key) => !keys.includes(key));
	}

	/** Toggles every model of `provider`: all on unless all are on already. */
	toggleProvider(provider: string): void {
		const keys = this.available.filter((model) => model.provider === provider).map(keyOf);
		this.setAll(keys, !keys.every((key) => this.isEnabled(key)));
	}

	/** Moves an enabled model one place earlier (-1) or later (+1) in the cycle. */
	move(key: string, direction: -1 | 1): void {
		const index = this.enabled.indexOf(key);
		const target = index + direction;
		if (index < 0 || target < 0 || target >= this.enabled.length) return;
		const next = [...this.enabled];
		[next[index], next[target]] = [next[target]!, next[index]!];
		this.enabled = next;
	}

	/** The cycle list for the session: empty when every model is enabled (no scope). */
	scopedModels(): ScopedModel[] {
		if (this.allEnabled) return [];
		return this.ordered()
			.filter((model) => this.isEnabled(keyOf(model)))
			.map((model) => {
				const level = this.levels.get(keyOf(model));
				return level ? { model, thinkingLevel: level } : { model };
			});
	}
}

/** `/scoped-models`: enable, disable and reorder the models of the Ctrl+P cycle. */
export function scopedModelsCommand(app: InteractiveAppView, selectors: Selectors): void {
	void app.runAction(async () => {
		const session = app.session;
		const available = await session.getAvailableModels();
		if (available.length === 0) {
			app.showNotice(app.theme.warning("No models available. Use /login to store an API key for a provider."));
			return;
		}
		const { models, isScoped } = await session.getCycleModels();
		const scope = new ModelScope(available, isScoped ? models : []);
		let unsaved = false;
		const keys = app.keybindings;
		const key = (action: string, fallback: string): string => keyLabel(keys.getKeys(action)[0] ?? fallback);
		const items = (): SelectItem[] =>
			scope.ordered().map((model) => ({
				value: keyOf(model),
				label: `${scope.isEnabled(keyOf(model)) ? "✓" : " "} ${model.id} [${model.provider}]`,
				...(model.name && model.name !== model.id ? { description: model.name } : {}),
			}));
		const status = (): string =>
			`${scope.allEnabled ? "all enabled" : `${scope.enabledKeys.length}/${available.length} enabled`}${unsaved ? " (unsaved)" : ""}`;
		const matching = (picker: SelectorComponent): string[] => {
			const query = picker.query.trim().toLowerCase();
			return available.map(keyOf).filter((entry) => query === "" || entry.toLowerCase().includes(query));
		};
		const changed = (picker: SelectorComponent): void => {
			unsaved = true;
			session.setScopedModels(scope.scopedModels());
			picker.setItems(items());
			picker.setStatus(status());
			app.tui.requestRender();
		};
		selectors.open({
			title: "Model Configuration (session-only, Ctrl+S to save to settings)",
			status: status(),
			items: items(),
			filter: (all, query) => {
				const text = query.trim().toLowerCase();
				return text ? all.filter((item) => item.value.toLowerCase().includes(text)) : [...all];
			},
			hint: [
				"Enter toggle",
				`${key("app.models.enableAll", "ctrl+a")} all`,
				`${key("app.models.clearAll", "ctrl+x")} clear`,
				`${key("app.models.toggleProvider", "ctrl+p")} provider`,
				`${key("app.models.reorderUp", "alt+up")}/${key("app.models.reorderDown", "alt+down")} reorder`,
				`${key("app.models.save", "ctrl+s")} save`,
				"Esc close",
			].join(" · "),
			onKey: (data, picker) => {
				const selected = picker.selected()?.value;
				if (keys.matches(data, "tui.select.confirm")) {
					if (selected) scope.toggle(selected);
				} else if (keys.matches(data, "app.models.enableAll")) {
					scope.setAll(matching(picker), true);
				} else if (keys.matches(data, "app.models.clearAll")) {
					scope.setAll(matching(picker), false);
				} else if (keys.matches(data, "app.models.toggleProvider")) {
					const provider = available.find((model) => keyOf(model) === selected)?.provider;
					if (provider) scope.toggleProvider(provider);
				} else if (keys.matches(data, "app.models.reorderUp") || keys.matches(data, "app.models.reorderDown")) {
					if (selected) scope.move(selected, keys.matches(data, "app.models.reorderUp") ? -1 : 1);
				} else if (keys.matches(data, "app.models.save")) {
					session.settingsManager.updateGlobal({ enabledModels: [...scope.enabledKeys] });
					unsaved = false;
					picker.setStatus(status());
					app.showNotice(app.theme.muted("Model selection saved to settings (enabledModels)"));
					return true;
				} else {
					return false;
				}
				changed(picker);
				return true;
			},
			onSelect: () => undefined,
		});
	});
}
