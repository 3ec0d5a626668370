import { dirname, resolve } from "node:path";
import { TrustStore } from "../../core/resources/project-trust.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import type { Selectors } from "./selectors.js";

function describe(trusted: boolean | undefined): string {
	return trusted === undefined ? "none" : trusted ? "trusted" : "untrusted";
}

/**
 * `/trust`: saves a trust decision in `trust.json` for the next pi processes: trust this folder,
 * trust its parent folder (every project below it), or do not trust it. The running session keeps
 * the decision it started with.
 */
export function trustCommand(app: InteractiveAppView, selectors: Selectors): void {
	const theme = app.theme;
	const agentDir = app.runtime.agentDir;
	const cwd = resolve(app.runtime.cwd);
	const parent = dirname(cwd);
	const store = TrustStore.forAgentDir(agentDir);
	let saved: boolean | undefined;
	try {
		saved = store.get(cwd);
	} catch {
		saved = undefined;
	}
	const current = app.session.settingsManager.isProjectTrusted();
	const items = [
		{ value: "trust", label: "Trust" },
		...(parent !== cwd ? [{ value: "trust-parent", label: `Trust parent folder (${parent})` }] : []),
		{ value: "distrust", label: "Do not trust" },
	];
	selectors.open({
		title: "Project trust",
		searchable: false,
		items,
		preview: () => [cwd, `Saved decision: ${describe(saved)}`, `Current session: ${describe(current)}`],
		hint: "↑↓ move · Enter save · Esc cancel",
		onSelect: (item) => {
			void app.runAction(async () => {
				const trusted = item.value !== "distrust";
				store.set(item.value === "trust-parent" ? parent : cwd, trusted);
				app.showNotice(theme.muted(`Saved trust decision: ${describe(trusted)}. Restart pi for this to take effect.`));
			});
		},
	});
}
