import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import type { ExtensionCommand } from "../../core/extensions/extension-runner-seam.js";
import { BUILTIN_COMMAND_NAMES } from "./builtin-commands.js";
import type { HeaderInfo } from "./components/header.js";

/** What the start-up header lists for the runtime's current session. */
export function collectHeaderInfo(
	runtime: AgentSessionRuntime,
	options: {
		version?: string;
		verbose?: boolean;
		quiet: boolean;
		headerOnly?: boolean;
		startupWarnings: readonly string[];
	},
): HeaderInfo {
	const session = runtime.session;
	let contextFiles: string[] = [];
	try {
		contextFiles = runtime.services.resourceLoader.load().contextFiles.map((file) => file.path);
	} catch {
		// The header is informational; a load failure is reported by the runtime's diagnostics.
		contextFiles = [];
	}
	return {
		version: options.version ?? "0.0.0",
		contextFiles,
		skills: session.skills.map((skill) => skill.name),
		promptTemplates: session.promptTemplates.map((template) => `/${template.name}`),
		extensionCommands: session.extensionRunner.getCommands().map((command) => `/${command.name}`),
		diagnostics: runtime.diagnostics,
		warnings: [
			// main() passes the runtime's diagnostics as start-up warnings too: list each once.
			...new Set(options.startupWarnings.filter((warning) => !runtime.diagnostics.some((d) => d.message === warning))),
			...builtinCommandClashes(session.extensionRunner.getCommands()),
			...(runtime.modelFallbackMessage ? [runtime.modelFallbackMessage] : []),
			...(session.model
				? []
				: [
						"No model configured. Use /login to sign in with a subscription or store an API key, or /model to pick a model (Ctrl+L).",
					]),
		],
		verbose: options.verbose ?? false,
		quiet: options.quiet,
		...(options.headerOnly ? { headerOnly: true } : {}),
	};
}

/**
 * One warning per extension command registered under a built-in command's name. The built-in
 * runs when the name is typed here; a command several extensions register is numbered
 * (`/quit:1`, `/quit:2`, as pi 1.4 says) and runs by that name, so the warning gives it.
 */
export function builtinCommandClashes(commands: readonly ExtensionCommand[]): string[] {
	return commands.flatMap((command) => {
		const registered = command.registeredName ?? command.name;
		if (!BUILTIN_COMMAND_NAMES.has(registered)) return [];
		const clash = `Extension command "/${registered}" of ${command.extensionPath} has the name of a built-in command`;
		return [
			registered === command.name
				? `${clash}: here the built-in runs (the extension's runs over RPC and in print mode)`
				: `${clash}: here the built-in runs; run the extension's as "/${command.name}"`,
		];
	});
}
