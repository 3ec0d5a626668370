import { Agent, type AgentTool, type ThinkingLevel } from "@pi/agent-core";
import { clampThinkingLevel, type Model } from "@pi/ai";
import { AgentSession, type ScopedModel } from "./agent-session/agent-session.js";
import { withIdleTimeout } from "./agent-session/idle-timeout.js";
import { SettingsManager } from "./config/settings-manager.js";
import { convertToLlm, withoutImages } from "./messages.js";
import { ModelRuntime } from "./models/model-runtime.js";
import { hasProjectTrustInputs } from "./resources/context-files.js";
import { resolveProjectTrust, TrustStore } from "./resources/project-trust.js";
import { type LoadedResources, loadResources, type ResourceLoaderOptions } from "./resources/resource-loader.js";
import { buildSystemPrompt } from "./resources/system-prompt.js";
import { resolveSessionDir } from "./session/resolve-session-dir.js";
import { buildContextFromPath } from "./session/session-context.js";
import { SessionManager } from "./session/session-manager.js";
import { getAgentDir } from "./session/session-paths.js";
import type { SessionContext } from "./session/session-types.js";
import { createBuiltinTools, isBuiltinToolName } from "./tools/create-tools.js";

/** A problem found while building services, reported instead of thrown. */
export interface AgentSessionRuntimeDiagnostic {
	type: "warning" | "error";
	message: string;
}

/** Loads the resources of a session (context files, skills, prompt templates, system prompt files). */
export interface ResourceLoader {
	load(): LoadedResources;
}

/** The default loader: discovery per configuration.md §6–§7 and extensions.md §8–§9. */
export class DefaultResourceLoader implements ResourceLoader {
	constructor(private readonly options: ResourceLoaderOptions) {}

	load(): LoadedResources {
		return loadResources(this.options);
	}
}

/** Why a session starts, as reported to extensions. */
export interface SessionStartEvent {
	type: "session_start";
	reason: "startup" | "new" | "resume" | "fork" | "reload";
	previousSessionFile?: string;
}

/** A tool supplied by the host, registered beside the built-in tools. */
export type ToolDefinition = AgentTool;

/** cwd-bound infrastructure of one session (sdk.md §3). */
export interface AgentSessionServices {
	cwd: string;
	agentDir: string;
	modelRuntime: ModelRuntime;
	settingsManager: SettingsManager;
	resourceLoader: ResourceLoader;
	diagnostics: AgentSessionRuntimeDiagnostic[];
}

/** Options of `createAgentSessionServices`. */
export interface CreateAgentSessionServicesOptions {
	cwd: string;
	agentDir?: string;
	settingsManager?: SettingsManager;
	modelRuntime?: ModelRuntime;
	resourceLoader?: ResourceLoader;
	/** Project trust for this cwd; default: resolved non-interactively ("ask" counts as untrusted). */
	projectTrusted?: boolean;
	/** Extra resource-loader options (CLI flags such as `--skill`, `--no-context-files`). */
	resourceOptions?: Partial<ResourceLoaderOptions>;
}

function decideTrust(cwd: string, agentDir: string, settings: SettingsManager, explicit: boolean | undefined): boolean {
	if (explicit !== undefined) return explicit;
	const resolution = resolveProjectTrust({
		cwd,
		hasInputs: hasProjectTrustInputs(cwd),
		store: TrustStore.forAgentDir(agentDir),
		alwaysTrust: settings.getAlwaysTrust(),
		defaultProjectTrust: settings.getDefaultProjectTrust(),
	});
	return resolution.trusted === true;
}

/**
 * Builds the cwd-bound services; problems go to `diagnostics`. Project trust is decided here only
 * for a SettingsManager this function creates (or when `projectTrusted` is given); a supplied
 * SettingsManager keeps the trust it was built with.
 */
export async function createAgentSessionServices(
	options: CreateAgentSessionServicesOptions,
): Promise<AgentSessionServices> {
	const cwd = options.cwd;
	const agentDir = options.agentDir ?? getAgentDir();
	const settingsManager = options.settingsManager ?? SettingsManager.create(cwd, agentDir);
	const trusted =
		options.settingsManager && options.projectTrusted === undefined
			? settingsManager.isProjectTrusted()
			: decideTrust(cwd, agentDir, settingsManager, options.projectTrusted);
	settingsManager.setProjectTrusted(trusted);
	const modelRuntime = options.modelRuntime ?? (await ModelRuntime.create({ agentDir }));
	const resourceLoader =
		options.resourceLoader ??
		new DefaultResourceLoader({
			cwd,
			agentDir,
			settings: settingsManager,
			projectTrusted: trusted,
			...options.resourceOptions,
		});
	const diagnostics: AgentSessionRuntimeDiagnostic[] = settingsManager.diagnostics.map((diagnostic) => ({
		type: "error",
		message: diagnostic.message,
	}));
	const modelsError = modelRuntime.getError();
	if (modelsError) diagnostics.push({ type: "error", message: modelsError });
	for (const message of modelRuntime.getValueDiagnostics()) diagnostics.push({ type: "warning", message });
	return { cwd, agentDir, modelRuntime, settingsManager, resourceLoader, diagnostics };
}

/** Options of `createAgentSession` (sdk.md §2). */
export interface CreateAgentSessionOptions {
	cwd?: string;
	agentDir?: string;
	modelRuntime?: ModelRuntime;
	model?: Model;
	thinkingLevel?: ThinkingLevel;
	scopedModels?: ScopedModel[];
	/** Allowlist of tool names; default `defaultTools` setting, else read, bash, edit, write. */
	tools?: string[];
	excludeTools?: string[];
	noTools?: "all" | "builtin";
	customTools?: ToolDefinition[];
	resourceLoader?: ResourceLoader;
	sessionManager?: SessionManager;
	settingsManager?: SettingsManager;
	sessionStartEvent?: SessionStartEvent;
}

/** Loaded extensions (the extension system plugs in here in a later release). */
export interface LoadExtensionsResult {
	extensions: { path: string }[];
	errors: { path: string; error: string }[];
}

export interface CreateAgentSessionResult {
	session: AgentSession;
	extensionsResult: LoadExtensionsResult;
	/** Set when the session's saved model could not be restored. */
	modelFallbackMessage?: string;
}

async function chooseModel(
	options: CreateAgentSessionOptions,
	saved: SessionContext["model"],
	settings: SettingsManager,
	modelRuntime: ModelRuntime,
): Promise<{ model?: Model; fallbackMessage?: string }> {
	if (options.model) return { model: options.model };
	let fallbackMessage: string | undefined;
	if (saved) {
		const restored = modelRuntime.getModel(saved.provider, saved.modelId);
		if (restored && (await modelRuntime.hasAuth(restored.provider))) return { model: restored };
		fallbackMessage = `Could not restore the session's model ${saved.provider}/${saved.modelId}${restored ? " (no credentials)" : ""}.`;
	}
	const provider = settings.getDefaultProvider();
	const modelId = settings.getDefaultModel();
	if (provider && modelId) {
		const configured = modelRuntime.getModel(provider, modelId);
		if (configured && (await modelRuntime.hasAuth(provider))) return { model: configured, fallbackMessage };
	}
	const first = (await modelRuntime.getAvailable())[0];
	if (first && fallbackMessage) fallbackMessage += ` Using ${first.provider}/${first.id} instead.`;
	return { model: first, fallbackMessage };
}

function chooseThinkingLevel(
	options: CreateAgentSessionOptions,
	savedLevel: ThinkingLevel | undefined,
	settings: SettingsManager,
	model: Model | undefined,
): ThinkingLevel {
	const level: ThinkingLevel =
		options.thinkingLevel ?? savedLevel ?? settings.getDefaultThinkingLevel() ?? (model?.reasoning ? "medium" : "off");
	return model ? (clampThinkingLevel(model, level) as ThinkingLevel) : level;
}

function chooseTools(options: CreateAgentSessionOptions, cwd: string, settings: SettingsManager): AgentTool[] {
	if (options.noTools === "all") return [];
	const custom = options.customTools ?? [];
	const names = options.tools ?? [
		...(options.noTools === "builtin" ? [] : settings.getDefaultTools()),
		...custom.map((tool) => tool.name),
	];
	const excluded = new Set(options.excludeTools ?? []);
	const wanted = names.filter((name) => !excluded.has(name));
	const builtins = createBuiltinTools(cwd, wanted.filter(isBuiltinToolName), {
		bash: { shellPath: settings.getShellPath(), commandPrefix: settings.getShellCommandPrefix() },
		read: { autoResizeImages: settings.getImageSettings().autoResize },
	});
	const byName = new Map<string, AgentTool>([
		...builtins.map((tool) => [tool.name, tool] as const),
		...custom.map((tool) => [tool.name, tool] as const),
	]);
	return wanted.flatMap((name) => byName.get(name) ?? []);
}

/** Builds one AgentSession with every default resolved (sdk.md §2). */
export async function createAgentSession(options: CreateAgentSessionOptions = {}): Promise<CreateAgentSessionResult> {
	const cwd = options.cwd ?? process.cwd();
	const { settingsManager, modelRuntime, resourceLoader } = await createAgentSessionServices({
		cwd,
		agentDir: options.agentDir,
		settingsManager: options.settingsManager,
		modelRuntime: options.modelRuntime,
		resourceLoader: options.resourceLoader,
	});
	const sessionManager =
		options.sessionManager ??
		SessionManager.create(cwd, resolveSessionDir({ cwd, settings: settingsManager, agentDir: options.agentDir }));
	let resources = resourceLoader.load();
	// One walk of the branch serves the restored model, thinking level and messages.
	const branch = sessionManager.getBranch();
	const context = buildContextFromPath(branch);
	const savedLevel = branch.some((entry) => entry.type === "thinking_level_change")
		? (context.thinkingLevel as ThinkingLevel)
		: undefined;
	const { model, fallbackMessage } = await chooseModel(options, context.model, settingsManager, modelRuntime);
	const thinkingLevel = chooseThinkingLevel(options, savedLevel, settingsManager, model);
	const tools = chooseTools(options, sessionManager.getCwd(), settingsManager);
	const systemPrompt = () =>
		buildSystemPrompt({
			cwd: sessionManager.getCwd(),
			tools: agent.state.tools.map((tool) => ({ name: tool.name, description: tool.description })),
			customPrompt: resources.customSystemPrompt,
			appendPrompts: resources.appendSystemPrompts,
			contextFiles: resources.contextFiles,
			skills: resources.skills,
		});
	const retry = settingsManager.getRetrySettings();
	const agent: Agent = new Agent({
		initialState: { model, thinkingLevel, tools, messages: context.messages },
		streamFn: withIdleTimeout(
			(streamModel, context, streamOptions) => modelRuntime.streamSimple(streamModel, context, streamOptions),
			settingsManager.getHttpIdleTimeoutMs(),
		),
		convertToLlm: settingsManager.getImageSettings().blockImages
			? (messages) => withoutImages(convertToLlm(messages))
			: convertToLlm,
		sessionId: sessionManager.getSessionId(),
		thinkingBudgets: settingsManager.getThinkingBudgets(),
		maxRetryDelayMs: retry.maxRetryDelayMs,
	});
	agent.state.systemPrompt = systemPrompt();
	if (model && sessionManager.getEntries().length === 0) {
		sessionManager.appendModelChange(model.provider, model.id);
		sessionManager.appendThinkingLevelChange(thinkingLevel);
	}
	const session = new AgentSession({
		agent,
		sessionManager,
		settingsManager,
		modelRuntime,
		skills: settingsManager.getEnableSkillCommands() ? resources.skills : [],
		promptTemplates: resources.promptTemplates,
		scopedModels: options.scopedModels,
		rebuildSystemPrompt: systemPrompt,
		// reload() refreshes the resources the system prompt is built from.
		resourceLoader: {
			load: () => {
				resources = resourceLoader.load();
				return resources;
			},
		},
		enableSkillCommands: settingsManager.getEnableSkillCommands(),
		shellPath: settingsManager.getShellPath(),
		shellCommandPrefix: settingsManager.getShellCommandPrefix(),
	});
	return {
		session,
		extensionsResult: { extensions: [], errors: [] },
		...(fallbackMessage ? { modelFallbackMessage: fallbackMessage } : {}),
	};
}

/** Options of `createAgentSessionFromServices`. */
export interface CreateAgentSessionFromServicesOptions
	extends Omit<CreateAgentSessionOptions, "cwd" | "agentDir" | "modelRuntime" | "settingsManager" | "resourceLoader"> {
	services: AgentSessionServices;
	sessionManager: SessionManager;
}

/** `createAgentSession` on top of existing services. */
export function createAgentSessionFromServices(
	options: CreateAgentSessionFromServicesOptions,
): Promise<CreateAgentSessionResult> {
	const { services, ...rest } = options;
	return createAgentSession({
		...rest,
		cwd: services.cwd,
		agentDir: services.agentDir,
		modelRuntime: services.modelRuntime,
		settingsManager: services.settingsManager,
		resourceLoader: services.resourceLoader,
	});
}
