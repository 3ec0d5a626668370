import type { SettingsManager } from "../config/settings-manager.js";
import { hasProjectTrustInputs } from "../resources/context-files.js";
import { TrustStore } from "../resources/project-trust.js";
import type { ExtensionContext } from "./extension-api.js";
import type { ExtensionRunner } from "./extension-runner.js";

/**
 * Step 2 of trust resolution (extensions.md §1.4): the first global/CLI extension whose
 * `project_trust` handler answers "yes" or "no" decides; `remember: true` stores it in trust.json.
 * `decide` runs the full resolution with that answer (or none).
 */
export async function decideProjectTrustWithExtensions(
	runner: ExtensionRunner,
	options: {
		cwd: string;
		agentDir: string;
		settings: SettingsManager;
		decide: (extensionDecision: boolean | undefined) => boolean | Promise<boolean>;
	},
): Promise<boolean> {
	if (!runner.hasHandlers("project_trust") || !hasProjectTrustInputs(options.cwd)) return options.decide(undefined);
	let decision: boolean | undefined;
	let remember = false;
	// Only cwd, mode, hasUI and the dialogs exist before a session does.
	const limited = {
		cwd: options.cwd,
		get mode() {
			return runner.mode;
		},
		get hasUI() {
			return runner.hasUI;
		},
		get ui() {
			return runner.ui;
		},
	} as unknown as ExtensionContext;
	await runner.emitCollect(
		{ type: "project_trust", cwd: options.cwd },
		(result) => {
			if (result.trusted === "undecided") return false;
			decision = result.trusted === "yes";
			remember = result.remember === true;
			return true;
		},
		undefined,
		limited,
	);
	if (decision !== undefined && remember) TrustStore.forAgentDir(options.agentDir).set(options.cwd, decision);
	return options.decide(decision);
}
