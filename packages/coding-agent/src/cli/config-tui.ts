// `pi config` at a terminal: every package resource and built-in extension with on/off, Space or
// Enter to toggle (written at once), Tab to switch between personal and project settings, Esc or
// q to leave.
import { ProcessTerminal, type SettingItem, SettingsList, Text, TUI } from "@pi/tui";
import { readJsonObjectFile } from "../core/config/json-file.js";
import { displayPath } from "../core/packages/package-manifest.js";
import { settingsPathFor } from "../core/packages/package-operations.js";
import { readPackageLists, resolveConfiguredPackages } from "../core/packages/package-resolver.js";
import { applyConfigToggle } from "./config-command.js";

export interface ConfigTuiOptions {
	locations: { cwd: string; agentDir: string };
	builtins: readonly string[];
	/** Project scope is offered only for a trusted project. */
	trusted: boolean;
	startScope: "user" | "project";
}

const TYPES = ["extensions", "skills", "prompts", "themes"] as const;

interface Row {
	item: SettingItem;
	path: string;
	packageIdentity?: string;
}

function buildRows(options: ConfigTuiOptions, scope: "user" | "project"): Row[] {
	const lists = readPackageLists(options.locations);
	const packages = resolveConfiguredPackages(
		options.locations,
		scope === "user" ? { user: lists.user, project: undefined } : lists,
		scope === "project",
	);
	const rows: Row[] = [];
	const settings = readJsonObjectFile<{ extensions?: unknown }>(settingsPathFor(options.locations, scope), {}).value;
	const overrides = Array.isArray(settings.extensions) ? (settings.extensions as unknown[]) : [];
	for (const name of options.builtins) {
		const path = `builtin:${name}`;
		const off = overrides.includes(`-${path}`) || overrides.includes(`!${path}`);
		rows.push({ path, item: { id: path, label: path, currentValue: off ? "off" : "on", values: ["on", "off"] } });
	}
	for (const pkg of packages) {
		for (const type of TYPES) {
			for (const file of pkg.resources?.[type] ?? []) {
				const path = displayPath(pkg.root ?? "", file.path);
				const id = `${pkg.identity}\u0000${path}`;
				rows.push({
					path,
					packageIdentity: pkg.identity,
					item: {
						id,
						label: `${pkg.source}  ${path}`,
						description: `${type.slice(0, -1)} of ${pkg.source}`,
						currentValue: file.enabled ? "on" : "off",
						values: ["on", "off"],
					},
				});
			}
		}
	}
	return rows;
}

/** Runs the selector until Esc/q; resolves with the exit status. */
export function runConfigTui(options: ConfigTuiOptions): Promise<number> {
	const tui = new TUI(new ProcessTerminal());
	let scope = options.startScope;
	const header = new Text("");
	const status = new Text("");
	let list: SettingsList | undefined;
	return new Promise((resolveExit) => {
		const finish = () => {
			tui.stop();
			resolveExit(0);
		};
		const show = () => {
			const rows = buildRows(options, scope);
			header.setText(
				`pi config — ${scope === "user" ? "personal (~/.pi/agent/settings.json)" : "project (.pi/settings.json)"}${options.trusted ? "   Tab: switch scope" : ""}   Space: toggle   Esc: done`,
			);
			tui.clear();
			tui.addChild(header);
			if (rows.length === 0) status.setText("No packages or built-in extensions to configure.");
			list = new SettingsList(
				rows.map((row) => row.item),
				{
					maxVisible: 15,
					onCancel: finish,
					onChange: (id, value) => {
						const row = rows.find((candidate) => candidate.item.id === id);
						if (!row) return;
						const lists = readPackageLists(options.locations);
						const packages = resolveConfiguredPackages(options.locations, lists, options.trusted);
						const outcome = applyConfigToggle(
							{ path: row.path, enabled: value === "on", packageIdentity: row.packageIdentity },
							packages,
							scope,
							options.locations,
						);
						status.setText("error" in outcome ? `Error: ${outcome.error}` : outcome.message);
						tui.requestRender();
					},
				},
			);
			tui.addChild(list);
			tui.addChild(status);
			tui.setFocus(list);
			tui.requestRender();
		};
		tui.addInputListener((data) => {
			if (data === "\t" && options.trusted) {
				scope = scope === "user" ? "project" : "user";
				status.setText("");
				show();
				return true;
			}
			if (data === "q") {
				finish();
				return true;
			}
			return undefined;
		});
		show();
		tui.start();
	});
}
