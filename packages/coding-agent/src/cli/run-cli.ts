// Steps 4–11 of run-modes.md §2, loaded only once a run (not --help / --version) is certain.

import { applyHttpProxySetting } from "@pi/ai";
import type { AgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import { createAgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../core/config/settings-manager.js";
import type { SessionManager } from "../core/session/session-manager.js";
import { getAgentDir } from "../core/session/session-paths.js";
import { killTrackedProcessGroups } from "../core/tools/process-groups.js";
import { PiUserError } from "../core/user-error.js";
import { takeOverStdout } from "../modes/output-guard.js";
import type { Args } from "./args.js";
import { type ExtensionFlagDeclaration, resolveExtensionFlags } from "./extension-flags.js";
import { assembleInitialPrompts, readFileArguments, readPipedStdin } from "./initial-message.js";
import type { AppMode, BuiltinExtensionFactory } from "./main.js";
import { createCliRuntimeFactory } from "./runtime-factory.js";
import { createSessionManager } from "./session-selection.js";

export interface RunCliOptions {
	version: string;
	mode: AppMode;
	extensionFactories: readonly BuiltinExtensionFactory[];
}

/** Replacement errors and invalid session files are user mistakes at start-up. */
function asUserError(error: unknown): unknown {
	if (error instanceof Error && !(error instanceof PiUserError)) {
		const code = (error as { code?: unknown }).code;
		if (error.name === "InvalidSessionFileError" || code === "session_replacement_failed") {
			return new PiUserError("invalid_session", error.message);
		}
	}
	return error;
}

export async function runCli(args: Args, options: RunCliOptions): Promise<number> {
	const launchCwd = process.cwd();
	const agentDir = getAgentDir();
	let mode = options.mode;

	if (args.listModels !== undefined) {
		const { listModels } = await import("./list-models.js");
		return listModels(agentDir, args.listModels === true ? undefined : args.listModels);
	}

	if (args.export !== undefined) {
		const { runExport } = await import("./export-command.js");
		return runExport(args.export, launchCwd);
	}

	// §2 step 4: from here on only protocol records (or the final answer) reach stdout.
	if (mode !== "interactive") takeOverStdout();
	// §2 step 5.
	if (mode === "rpc" && args.fileArgs.length > 0) {
		process.stderr.write("Error: @file arguments are not supported in RPC mode\n");
		return 1;
	}

	const extensionFlagValues: Record<string, boolean | string> = Object.fromEntries(
		args.unknownFlags.map((flag) => [flag.name, flag.value ?? true]),
	);
	let declaredFlags: ExtensionFlagDeclaration[] = [];
	const factory = createCliRuntimeFactory({
		args,
		launchCwd,
		extensionFactories: options.extensionFactories,
		extensionFlagValues,
		onExtensionsLoaded: (result) => {
			declaredFlags = [...(result.runner?.getFlags() ?? [])].map(([name, flag]) => ({ name, type: flag.type }));
		},
	});
	const createRuntime = async (input: { cwd: string; sessionManager: SessionManager }) =>
		createAgentSessionRuntime(factory, {
			cwd: input.cwd,
			agentDir,
			sessionManager: input.sessionManager,
			sessionDir: args.sessionDir,
		});

	if (mode === "acp") {
		const [{ runAcpMode }, { acpMcpSupport }] = await Promise.all([
			import("../modes/acp/acp-mode.js"),
			import("../modes/acp/acp-initialize.js"),
		]);
		return runAcpMode({
			createRuntime,
			agentDir,
			sessionDir: args.sessionDir,
			version: options.version,
			mcp: acpMcpSupport(args),
		});
	}

	// §2 step 6: the session first, because it may belong to another directory.
	let runtime: AgentSessionRuntime;
	try {
		const startupSettings = SettingsManager.create(launchCwd, agentDir);
		// The httpProxy setting (global only) unless the environment names a proxy: every provider's
		// requests and the tools' commands go through it.
		const httpProxy = startupSettings.getGlobalSettings().httpProxy;
		applyHttpProxySetting(typeof httpProxy === "string" ? httpProxy : undefined);
		const sessionManager = createSessionManager(args, {
			cwd: launchCwd,
			agentDir,
			settings: startupSettings,
			warn: (message) => process.stderr.write(`Warning: ${message}\n`),
		});
		runtime = await createRuntime({ cwd: sessionManager.getCwd(), sessionManager });
	} catch (error) {
		throw asUserError(error);
	}

	// Unknown flags against the flags extensions registered (extensions.md §5): a boolean flag gives
	// back the message it swallowed; a flag nobody registered stops the run.
	const flagCheck = resolveExtensionFlags(args, declaredFlags);
	for (const [name, value] of flagCheck.values) extensionFlagValues[name] = value;
	if (flagCheck.diagnostics.length > 0) {
		for (const diagnostic of flagCheck.diagnostics) process.stderr.write(`Error: ${diagnostic.message}\n`);
		await runtime.dispose();
		return 1;
	}

	// §2 step 9: piped stdin joins the first prompt and makes a would-be TUI run a print run.
	const stdin = mode === "rpc" ? undefined : await readPipedStdin();
	if (stdin !== undefined && mode === "interactive") mode = "print";
	let prompts: ReturnType<typeof assembleInitialPrompts>;
	try {
		prompts = assembleInitialPrompts({
			stdin,
			files: readFileArguments(args.fileArgs, launchCwd),
			messages: args.messages,
		});
	} catch (error) {
		await runtime.dispose();
		throw error;
	}

	const warnings: string[] = [];
	for (const diagnostic of runtime.session.sessionManager.diagnostics ?? []) warnings.push(diagnostic.message);
	if (runtime.modelFallbackMessage) warnings.push(runtime.modelFallbackMessage);

	// Two extensions claiming one tool or flag: pi 1.4 refuses to start in every mode, the TUI too.
	const extensionFailed = runtime.diagnostics.some(
		(diagnostic) => diagnostic.type === "error" && diagnostic.message.startsWith("Failed to load extension"),
	);
	// §2 step 10: non-interactive pre-flight.
	if (mode !== "interactive" || extensionFailed) {
		let failed = false;
		for (const diagnostic of runtime.diagnostics) {
			process.stderr.write(`${diagnostic.type === "error" ? "Error" : "Warning"}: ${diagnostic.message}\n`);
			if (diagnostic.type === "error") failed = true;
		}
		if (extensionFailed) process.stderr.write('Hint: Start without extensions using "pi -ne".\n');
		for (const warning of warnings) process.stderr.write(`Warning: ${warning}\n`);
		if (args.approve === undefined && !runtime.services.settingsManager.isProjectTrusted()) {
			const { skippedProjectInputs, untrustedNotice } = await import("./untrusted-notice.js");
			const skipped = skippedProjectInputs(runtime.cwd);
			if (skipped.length > 0) process.stderr.write(untrustedNotice(skipped));
		}
		// An RPC server serves without a model (rpc.md §9.2.1: get_state omits it, a prompt is
		// rejected): the embedding app sets one or signs the user in, no restart needed.
		if (!failed && !runtime.session.model && mode !== "rpc") {
			const { reportNoModel } = await import("./no-model.js");
			await reportNoModel(runtime, agentDir);
			failed = true;
		}
		if (failed) {
			await runtime.dispose();
			return 1;
		}
	}
	if (mode === "interactive" && !runtime.session.model) {
		const { adoptLocalServer } = await import("./no-model.js");
		warnings.push(...(await adoptLocalServer(runtime, agentDir)));
	}
	if (args.name !== undefined) runtime.session.setSessionName(args.name);

	// §2 step 11. Whatever the mode, tool processes still running in their own process groups
	// (a `server &` from bash) must not outlive pi.
	try {
		return await dispatch(mode, runtime, args, prompts, warnings);
	} finally {
		killTrackedProcessGroups();
	}
}

async function dispatch(
	mode: Exclude<AppMode, "acp">,
	runtime: AgentSessionRuntime,
	args: Args,
	prompts: ReturnType<typeof assembleInitialPrompts>,
	warnings: string[],
): Promise<number> {
	switch (mode) {
		case "rpc": {
			const { runRpcMode } = await import("../modes/rpc/rpc-mode.js");
			return runRpcMode(runtime);
		}
		case "interactive": {
			const { runInteractiveMode } = await import("../modes/interactive/interactive-mode.js");
			return runInteractiveMode(runtime, {
				initialMessage: prompts.initialMessage,
				initialImages: prompts.initialImages,
				messages: prompts.messages,
				showResumePicker: args.resume,
				verbose: args.verbose,
				themePaths: args.themes,
				noThemes: args.noThemes,
				...(args.useTheme !== undefined ? { theme: args.useTheme } : {}),
				...(args.tuiMode !== undefined ? { tuiMode: args.tuiMode } : {}),
				startupWarnings: [...runtime.diagnostics.map((diagnostic) => diagnostic.message), ...warnings],
			});
		}
		case "print":
		case "json": {
			const { runPrintMode } = await import("../modes/print-mode.js");
			return runPrintMode(runtime, {
				mode: mode === "json" ? "json" : "text",
				initialMessage: prompts.initialMessage,
				initialImages: prompts.initialImages,
				messages: prompts.messages,
			});
		}
	}
}
