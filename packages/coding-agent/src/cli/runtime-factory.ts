import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { ThinkingLevel } from "@pi/agent-core";
import type {
	CreateAgentSessionRuntimeFactory,
	CreateAgentSessionRuntimeResult,
} from "../core/agent-session/agent-session-runtime.js";
import type { ExtensionFactory, InlineExtension } from "../core/extensions/extension-api.js";
import { isLocalSource } from "../core/packages/local-source.js";
import type { ResourceLoaderOptions } from "../core/resources/resource-loader.js";
import { createAgentSessionFromServices, createAgentSessionServices, type LoadExtensionsResult } from "../core/sdk.js";
import { expandHome } from "../core/session/session-paths.js";
import { PiUserError } from "../core/user-error.js";
import type { Args } from "./args.js";
import { resolveCliModel, resolveScopedModels } from "./model-pattern.js";

/** Process-wide inputs the factory closes over (run-modes.md §8.2). */
export interface CliRuntimeInputs {
	args: Args;
	/** The directory pi was started in: relative CLI paths resolve against it. */
	launchCwd: string;
	/** The binary's built-in extensions (`MainOptions.extensionFactories`). */
	extensionFactories: readonly (ExtensionFactory | InlineExtension)[];
	/**
	 * Unknown CLI flags by name, for `pi.getFlag`. Shared by reference with every session's
	 * runner, so the values fixed once the flags' types are known apply everywhere.
	 */
	extensionFlagValues: Record<string, boolean | string>;
	/** Called with each session's extension loading result (flags, load errors). */
	onExtensionsLoaded?: (result: LoadExtensionsResult) => void;
}

function absolutePath(path: string, base: string): string {
	const expanded = expandHome(path);
	return isAbsolute(expanded) ? expanded : resolve(base, expanded);
}

/** A `--system-prompt` value naming an existing file is that file (configuration.md §7); else it is text. */
function absoluteIfPath(value: string, base: string): string {
	if (value.length > 4096 || value.includes("\n")) return value;
	const candidate = absolutePath(value, base);
	return existsSync(candidate) ? candidate : value;
}

/** The resource-loader options of the CLI flags, with paths made absolute once at start-up. */
export function resourceOptionsFromArgs(args: Args, launchCwd: string): Partial<ResourceLoaderOptions> {
	return {
		noContextFiles: args.noContextFiles || undefined,
		skillPaths: args.skills.map((path) => absolutePath(path, launchCwd)),
		noSkills: args.noSkills || undefined,
		promptTemplatePaths: args.promptTemplates.map((path) => absolutePath(path, launchCwd)),
		noPromptTemplates: args.noPromptTemplates || undefined,
		systemPrompt: args.systemPrompt === undefined ? undefined : absoluteIfPath(args.systemPrompt, launchCwd),
		appendSystemPrompt: args.appendSystemPrompt.map((value) => absoluteIfPath(value, launchCwd)),
	};
}

/**
 * The CLI's runtime factory: on every call (start-up and each session replacement) it builds the
 * services for that cwd, resolves model, thinking level, cycle list and tools from the flags,
 * installs `--api-key` as a runtime key (never persisted) and creates the session.
 */
export function createCliRuntimeFactory(inputs: CliRuntimeInputs): CreateAgentSessionRuntimeFactory {
	const { args, launchCwd } = inputs;
	const resourceOptions = resourceOptionsFromArgs(args, launchCwd);
	// `builtin:<name>` names a built-in extension, and package sources (`-e npm:x`, `-e git:…`) are
	// installed for the run: neither is resolved as a path.
	const extensionPaths = args.extensions.map((path) =>
		isLocalSource(path) ? absolutePath(path, launchCwd) : path.trim(),
	);
	return async ({ cwd, agentDir, sessionManager, sessionStartEvent }): Promise<CreateAgentSessionRuntimeResult> => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir,
			projectTrusted: args.approve,
			resourceOptions,
			extensionPaths,
			noExtensions: args.noExtensions,
			extensionFlagValues: inputs.extensionFlagValues,
			extensionFactories: inputs.extensionFactories,
		});
		const { modelRuntime, settingsManager } = services;
		const diagnostics = [...services.diagnostics];

		// The key must be in place before the model is chosen: a model counts only with a credential.
		const keyProvider =
			args.provider ??
			(args.model?.includes("/") ? args.model.slice(0, args.model.indexOf("/")) : undefined) ??
			settingsManager.getDefaultProvider();
		if (args.apiKey !== undefined) {
			if (!keyProvider || !modelRuntime.isKnownProvider(keyProvider)) {
				throw new PiUserError(
					"api_key_without_provider",
					"--api-key needs --provider <name> (or --model provider/id) to know which provider it is for",
				);
			}
			modelRuntime.setRuntimeApiKey(keyProvider, args.apiKey);
		}
		const chosen = await resolveCliModel(modelRuntime, { provider: args.provider, model: args.model });
		if (args.apiKey !== undefined && chosen && chosen.model.provider !== keyProvider) {
			modelRuntime.setRuntimeApiKey(chosen.model.provider, args.apiKey);
		}
		const thinking: ThinkingLevel | undefined = args.thinking ?? chosen?.thinking;

		const patterns = args.models ?? settingsManager.getEnabledModels();
		let scopedModels: Awaited<ReturnType<typeof resolveScopedModels>>["scoped"] | undefined;
		if (patterns && patterns.length > 0) {
			const { scoped, unmatched } = await resolveScopedModels(modelRuntime, patterns);
			scopedModels = scoped;
			for (const pattern of unmatched) {
				diagnostics.push({
					type: "warning",
					message: `No available model matches "${pattern}" (--models / enabledModels)`,
				});
			}
		}

		const result = await createAgentSessionFromServices({
			services,
			sessionManager,
			sessionStartEvent,
			model: chosen?.model,
			thinkingLevel: thinking,
			scopedModels,
			tools: args.tools,
			excludeTools: args.excludeTools,
			noTools: args.noTools ? "all" : args.noBuiltinTools ? "builtin" : undefined,
		});
		// An explicit level is re-applied so it is clamped to the model and persisted.
		if (thinking !== undefined && result.session.model) result.session.setThinkingLevel(thinking);
		// Load failures are already in the services' diagnostics (error level: the run stops).
		inputs.onExtensionsLoaded?.(result.extensionsResult);
		return { ...result, services, diagnostics };
	};
}
