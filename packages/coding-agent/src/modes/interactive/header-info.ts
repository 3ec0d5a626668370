import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { BUILTIN_COMMAND_NAMES } from "./builtin-commands.js";
import type { HeaderInfo } from "./components/header.js";

/** What the start-up header lists for the runtime's current session. */
export function collectHeaderInfo(
	runtime: AgentSessionRuntime,
	options: { version?: string; verbose?: boolean; quiet: boolean; startupWarnings: readonly string[] },
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
			...session.extensionRunner
				.getCommands()
				.filter((command) => BUILTIN_COMMAND_NAMES.has(command.name))
				.map(
					(command) =>
						`Extension command "/${command.name}" of ${command.extensionPath} has the name of a built-in command: here the built-in runs (the extension's runs over RPC and in print mode)`,
				),
			...(runtime.modelFallbackMessage ? [runtime.modelFallbackMessage] : []),
			...(session.model
				? []
				: ["No model configured. Use /login to store an API key, or /model to pick a model (Ctrl+L)."]),
		],
		verbose: options.verbose ?? false,
		quiet: options.quiet,
	};
}
