import type { ThinkingLevel } from "@pi/agent-core";
import { fuzzyFilter } from "@pi/tui";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { keyLabel } from "./key-label.js";
import type { Selectors } from "./selectors.js";

/** What each level means, for the picker. */
const LEVEL_DESCRIPTIONS: Record<string, string> = {
	off: "No reasoning",
	minimal: "Very brief reasoning (~1k tokens)",
	low: "Light reasoning (~2k tokens)",
	medium: "Moderate reasoning (~8k tokens)",
	high: "Deep reasoning (~16k tokens)",
	xhigh: "The most reasoning the model offers",
};

function isLevel(levels: readonly string[], value: string): value is ThinkingLevel {
	return levels.includes(value);
}

/**
 * `/thinking [level]`: sets the level for this session only (the default in settings stays);
 * without an argument a picker shows the model's levels, and its save key (Ctrl+S,
 * `app.thinking.save`) also makes the highlighted level the default.
 */
export function thinkingCommand(app: InteractiveAppView, selectors: Selectors, args: string): void {
	const theme = app.theme;
	const session = app.session;
	const levels = session.getAvailableThinkingLevels();
	if (levels.length <= 1) {
		app.showNotice(theme.warning("The current model does not support thinking levels."));
		return;
	}
	const apply = (level: ThinkingLevel, saveAsDefault: boolean): void => {
		session.setThinkingLevel(level, { saveAsDefault });
		app.refreshEditorChrome();
		const shown = session.thinkingLevel;
		app.showNotice(theme.muted(saveAsDefault ? `Default thinking level: ${shown}` : `Thinking level: ${shown}`));
	};
	if (args) {
		const wanted = args.trim().toLowerCase();
		if (!isLevel(levels, wanted)) {
			app.showNotice(theme.warning(`Unknown thinking level "${args}". Levels of this model: ${levels.join(", ")}`));
			return;
		}
		apply(wanted, false);
		return;
	}
	const current = session.thinkingLevel;
	// Unset, a new session starts at medium (off for a model without reasoning): that is the default.
	const saved =
		session.settingsManager.getDefaultThinkingLevel() ?? (session.model?.reasoning === true ? "medium" : "off");
	const saveKey = keyLabel(app.keybindings.getKeys("app.thinking.save")[0] ?? "ctrl+s");
	const cycleKey = keyLabel(app.keybindings.getKeys("app.thinking.cycle")[0] ?? "shift+tab");
	const selector = selectors.open({
		title: "Thinking Level",
		status: `${cycleKey} cycles thinking levels in-session`,
		// Typing filters the levels as in the other pickers; as in pi 1.4 it matches the descriptions too.
		filter: (items, query) => fuzzyFilter(items, query, (item) => [item.value, item.description ?? ""]),
		items: levels.map((level) => ({
			value: level,
			label: `${level === current ? "✓" : " "} ${level.padEnd(8)}`,
			description: `${LEVEL_DESCRIPTIONS[level] ?? ""}${level === saved ? " · default" : ""}`,
		})),
		hint: `Enter to select · ${saveKey} to set as default · Escape/Ctrl+C to cancel`,
		onKey: (data, picker) => {
			if (!app.keybindings.matches(data, "app.thinking.save")) return false;
			const item = picker.selected();
			if (!item || !isLevel(levels, item.value)) return true;
			picker.close();
			apply(item.value, true);
			return true;
		},
		onSelect: (item) => {
			if (isLevel(levels, item.value)) apply(item.value, false);
		},
	});
	selector.selectValue(current);
}
