import { Agent, type AgentTool, type ThinkingLevel } from "@pi/agent-core";
import { clampThinkingLevel, type Model } from "@pi/ai";
import { AgentSession, type ScopedModel } from "./agent-session/agent-session.js";
import { CacheWarmer } from "./agent-session/cache-warmer.js";
import { withIdleTimeout } from "./agent-session/idle-timeout.js";
import { SettingsManager } from "./config/settings-manager.js";
import { connectExtensionsToSession } from "./extensions/connect-session.js";
import type { ExtensionFactory, InlineExtension, ToolExposure } from "./extensions/extension-api.js";
import type { ExtensionRunner } from "./extensions/extension-runner.js";
import { type LoadedExtensions, loadExtensions } from "./extensions/load-extensions.js";
import { decideProjectTrustWithExtensions } from "./extensions/project-trust-event.js";
import { activatesOnRegister } from "./extensions/tool-loadout.js";
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
import type { SessionContext, SessionEntry } from "./session/session-types.js";
import { BUILTIN_TOOL_NAMES, createBuiltinTools, isBuiltinToolName } from "./tools/create-tools.js";
import { resizeContentImages } from "./tools/image-resize.js";
import type { ImageResizeLimits } from "./tools/image-resizer.js";
import {
	applyToolList,
	isChangeList,
	matchesToolEntry,
	type ToolAllowance,
	toolAllowance,
} from "./tools/tool-selection.js";

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
	private extraSkillPaths: string[] = [];
	private extraPromptPaths: string[] = [];
	private extraThemePaths: string[] = [];

	constructor(private readonly options: ResourceLoaderOptions) {}

	load(): LoadedResources {
		return loadResources({
			...this.options,
			extraSkillPaths: [...(this.options.extraSkillPaths ?? []), ...this.extraSkillPaths],
			extraPromptPaths: [...(this.options.extraPromptPaths ?? []), ...this.extraPromptPaths],
		});
	}

	/** Adds paths contributed by extensions (`resources_discover`); used by the next `load()`. */
	addExtraPaths(paths: {
		skillPaths?: readonly string[];
		promptPaths?: readonly string[];
		themePaths?: readonly string[];
	}): void {
		this.extraSkillPaths.push(...(paths.skillPaths ?? []));
		this.extraPromptPaths.push(...(paths.promptPaths ?? []));
		this.extraThemePaths.push(...(paths.themePaths ?? []));
	}

	/** Theme files or folders contributed by extensions (`resources_discover`), for the TUI. */
	getExtraThemePaths(): readonly string[] {
		return this.extraThemePaths;
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
	/**
	 * The extensions loaded for these services (one session uses them: build services per
	 * session, as the runtime factory does). Absent when built by hand.
	 */
	extensions?: LoadedExtensions;
}

/**
 * Extension options shared by `createAgentSessionServices` and `createAgentSession`
 * (extensions.md §1). What the CLI's runtime factory passes:
 *
 * ```ts
 * createAgentSessionServices({
 *   cwd, agentDir, settingsManager,
 *   extensionPaths: args.extensions,          // every -e / --extension, in order (relative to cwd)
 *   noExtensions: args.noExtensions,          // --no-extensions: no discovery; -e still loads
 *   extensionFlagValues: args.unknownFlags,   // { "my-flag": "value" | true }, names without dashes
 *   extensionFactories: options.extensionFactories, // MainOptions.extensionFactories (built-ins)
 *   projectTrusted,                           // --approve/--no-approve or the TUI's answer; else resolved
 * })
 * ```
 * then `createAgentSessionFromServices({ services, sessionManager, sessionStartEvent, … })`. The
 * result's `extensionsResult.errors` are load failures (also reported as `extension_error` with
 * event "load" once a mode binds `onError`); `extensionsResult.unmatchedFlags` are CLI flags no
 * extension registered (an error for the CLI).
 */
export interface ExtensionLoadingOptions {
	/** `-e` / `--extension` paths (files or directories), relative to cwd. */
	extensionPaths?: readonly string[];
	/** `--no-extensions`: skip discovery (global, settings, project); `-e` paths still load. */
	noExtensions?: boolean;
	/** Unknown CLI flags for `pi.getFlag`, by name without leading dashes. */
	extensionFlagValues?: Readonly<Record<string, boolean | string>>;
	/** Inline extensions loaded in every session, like `-e` ones (apps/pi's built-ins). */
	extensionFactories?: readonly (ExtensionFactory | InlineExtension)[];
	/**
	 * Asks the user when project trust resolves to "ask" (extensions.md §1.4 step 5; interactive
	 * mode only, after global/CLI extensions had their `project_trust` say). Storing a "trust
	 * always/never" answer in trust.json is the asker's job. Absent: "ask" means untrusted.
	 */
	askProjectTrust?: (cwd: string) => Promise<boolean>;
}

/** Options of `createAgentSessionServices`. */
export interface CreateAgentSessionServicesOptions extends ExtensionLoadingOptions {
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

function decideTrust(
	cwd: string,
	agentDir: string,
	settings: SettingsManager,
	explicit: boolean | undefined,
	extensionDecision?: boolean,
	ask?: (cwd: string) => Promise<boolean>,
): Promise<boolean> | boolean {
	if (explicit !== undefined) return explicit;
	const resolution = resolveProjectTrust({
		cwd,
		hasInputs: hasProjectTrustInputs(cwd),
		extensionDecision,
		store: TrustStore.forAgentDir(agentDir),
		alwaysTrust: settings.getAlwaysTrust(),
		defaultProjectTrust: settings.getDefaultProjectTrust(),
	});
	// "ask": the interactive mode asks (askProjectTrust); everything else treats it as untrusted.
	if (resolution.trusted === "ask") return ask ? ask(cwd) : false;
	return resolution.trusted;
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
	// Global and CLI extensions load first so their project_trust handlers can decide (§1.4);
	// project extensions load only once the project is trusted.
	const extensions = await loadExtensions({
		cwd,
		agentDir,
		settings: settingsManager,
		extensionPaths: options.extensionPaths,
		noExtensions: options.noExtensions,
		extensionFactories: options.extensionFactories,
		flagValues: options.extensionFlagValues,
		decideProjectTrust: async (runner) => {
			const trusted =
				options.settingsManager && options.projectTrusted === undefined
					? settingsManager.isProjectTrusted()
					: options.projectTrusted !== undefined
						? options.projectTrusted
						: await decideProjectTrustWithExtensions(runner, {
								cwd,
								agentDir,
								settings: settingsManager,
								decide: (extensionDecision) =>
									decideTrust(cwd, agentDir, settingsManager, undefined, extensionDecision, options.askProjectTrust),
							});
			settingsManager.setProjectTrusted(trusted);
			return trusted;
		},
	});
	const trusted = extensions.projectTrusted;
	const modelRuntime = options.modelRuntime ?? (await ModelRuntime.create({ agentDir }));
	const packages = extensions.packages?.all() ?? [];
	// `-e` packages ("temporary") take precedence over every other skill and prompt source (pi 1.4).
	const packageFiles = (type: "skills" | "prompts" | "themes", which: "cli" | "settings" | "all" = "all") =>
		packages
			.filter((pkg) => which === "all" || (pkg.scope === "temporary") === (which === "cli"))
			.flatMap((pkg) => (pkg.resources?.[type] ?? []).filter((file) => file.enabled).map((file) => file.path));
	const resourceLoader =
		options.resourceLoader ??
		new DefaultResourceLoader({
			cwd,
			agentDir,
			settings: settingsManager,
			projectTrusted: trusted,
			packageSkillPaths: packageFiles("skills", "settings"),
			packagePromptPaths: packageFiles("prompts", "settings"),
			cliPackageSkillPaths: packageFiles("skills", "cli"),
			cliPackagePromptPaths: packageFiles("prompts", "cli"),
			...options.resourceOptions,
		});
	if (resourceLoader instanceof DefaultResourceLoader && packages.length > 0) {
		resourceLoader.addExtraPaths({ themePaths: packageFiles("themes") });
	}
	const diagnostics: AgentSessionRuntimeDiagnostic[] = settingsManager.diagnostics.map((diagnostic) => ({
		type: diagnostic.type,
		message: diagnostic.message,
	}));
	const modelsError = modelRuntime.getError();
	if (modelsError) diagnostics.push({ type: "error", message: modelsError });
	for (const message of modelRuntime.getEntryProblems()) diagnostics.push({ type: "warning", message });
	for (const message of modelRuntime.getValueDiagnostics()) diagnostics.push({ type: "warning", message });
	// A warning, not an error: the run goes on with the extensions that did load (extensions.md §1.3).
	for (const error of extensions.errors) {
		diagnostics.push({ type: "warning", message: `Extension load failed: ${error.error}` });
	}
	for (const message of extensions.runner.diagnostics) diagnostics.push({ type: "warning", message });
	// Unlike a failed file, two extensions claiming one tool or flag stops the run, as in pi 1.4.
	for (const conflict of extensions.conflicts)
		diagnostics.push({ type: "error", message: `Failed to load extension "${conflict.path}": ${conflict.error}` });
	// Providers registered by factories were queued until the model runtime existed.
	extensions.runner.setModelRuntime(modelRuntime);
	return { cwd, agentDir, modelRuntime, settingsManager, resourceLoader, diagnostics, extensions };
}

/** Options of `createAgentSession` (sdk.md §2). */
export interface CreateAgentSessionOptions extends ExtensionLoadingOptions {
	cwd?: string;
	agentDir?: string;
	modelRuntime?: ModelRuntime;
	model?: Model;
	thinkingLevel?: ThinkingLevel;
	scopedModels?: ScopedModel[];
	/**
	 * Allowlist of tool names or `*` patterns; default `defaultTools` setting, else read, bash,
	 * edit, write. Tools it does not name or match are not registered (not callable from other
	 * tools either); MCP tools stay unless an entry starts with `mcp__`; `[]` allows nothing. A
	 * list of only `+name`/`-name` entries changes the default selection instead.
	 */
	tools?: string[];
	excludeTools?: string[];
	/** `all`: start from no tool at all (`tools` still adds); `builtin`: without the default built-ins. */
	noTools?: "all" | "builtin";
	customTools?: ToolDefinition[];
	resourceLoader?: ResourceLoader;
	sessionManager?: SessionManager;
	settingsManager?: SettingsManager;
	sessionStartEvent?: SessionStartEvent;
}

/** Loaded extensions (`extensionsResult`). */
export interface LoadExtensionsResult {
	extensions: { path: string }[];
	/** Load failures: `error` names the file and, when known, the line (`<path>:<line>:<col>: …`). */
	errors: { path: string; error: string }[];
	/** The runner of this session's extensions (also `session.extensionRunner`). */
	runner?: ExtensionRunner;
	/** CLI flags (`extensionFlagValues`) that no extension registered. */
	unmatchedFlags?: string[];
}

export interface CreateAgentSessionResult {
	session: AgentSession;
	extensionsResult: LoadExtensionsResult;
	/** Set when the session's saved model could not be restored. */
	modelFallbackMessage?: string;
	/**
	 * Set when no model could be chosen at all (no provider has credentials and no `model` was
	 * passed): says why and how to fix it. Until a model is set, `prompt()` rejects with a
	 * `PiUserError` (code `no_model_selected`).
	 */
	noModelMessage?: string;
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

/** Why a session has no model, and the fixes an SDK host has. */
const NO_MODEL_MESSAGE =
	"No model selected: no provider has credentials. Set a provider's API key environment variable (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, …), store a key in auth.json in the agent directory, or pass `model` to createAgentSession().";

function chooseThinkingLevel(
	options: CreateAgentSessionOptions,
	savedLevel: ThinkingLevel | undefined,
	settings: SettingsManager,
	model: Model | undefined,
): ThinkingLevel {
	const level: ThinkingLevel =
		options.thinkingLevel ??
		savedLevel ??
		(model ? settings.getModelThinkingLevel(model) : undefined) ??
		settings.getDefaultThinkingLevel() ??
		(model?.reasoning ? "medium" : "off");
	return model ? (clampThinkingLevel(model, level) as ThinkingLevel) : level;
}

/**
 * The active tools, plus every tool known by name (so extensions' `setActiveTools` can turn
 * built-ins on later). Extension tools replace built-ins and custom tools of the same name.
 * As pi 1.4 (checked side by side, apps/pi/test/parity/codemode-parity.mjs):
 * - a plain `tools` list activates its names in order, whatever their exposure (but `hidden`),
 *   then, in registration order, the tools its `*` patterns match that are declared when active
 *   (`direct`, `model-only`): a pattern never declares a `codemode` or `deferred` tool;
 * - otherwise the selection is `defaultTools` (exact names: `*` is no pattern there), changed by a
 *   `tools` list of only `+name`/`-name` entries, then every custom tool and every extension tool
 *   that activates on registration (`-name` does not remove those).
 */
function chooseTools(
	options: CreateAgentSessionOptions,
	cwd: string,
	settings: SettingsManager,
	extensionTools: readonly AgentTool[] | undefined,
	activatesOnLoad: (name: string) => boolean,
	exposureOf: (name: string) => ToolExposure,
	allowance: ToolAllowance,
	sessionEnv: () => NodeJS.ProcessEnv,
	currentImageLimits: () => ImageResizeLimits | undefined,
): { active: AgentTool[]; all: Map<string, AgentTool> } {
	const custom = [...(options.customTools ?? []), ...(extensionTools ?? [])];
	const commandEnv = () => {
		// A pi started from a pi's bash command must not hand on its parent's session.
		const env = { ...process.env };
		for (const name of SHELL_SESSION_VARIABLES) delete env[name];
		return Object.assign(env, sessionEnv());
	};
	const builtinOptions = {
		bash: {
			shellPath: settings.getShellPath(),
			commandPrefix: settings.getShellCommandPrefix(),
			env: commandEnv,
		},
		powershell: { env: commandEnv },
		read: { autoResizeImages: settings.getImageSettings().autoResize, imageLimits: currentImageLimits },
	};
	const customNames = custom.map((tool) => tool.name);
	const known = [...BUILTIN_TOOL_NAMES, ...customNames];
	const plainList = options.tools !== undefined && !isChangeList(options.tools);
	const declarable = (name: string) => {
		const exposure = exposureOf(name);
		return exposure === "direct" || exposure === "model-only";
	};
	const names = plainList
		? [
				...(options.tools ?? []).filter((entry) => !entry.includes("*")),
				...known.filter(
					(name) =>
						declarable(name) &&
						(options.tools ?? []).some((entry) => entry.includes("*") && matchesToolEntry(name, entry)),
				),
			]
		: [
				...applyToolList(
					// `noTools: "all"` starts from nothing; a `tools` list still adds to it (1.4's `-nt -t grep`).
					options.noTools === "all" ? [] : options.noTools === "builtin" ? [] : settings.getDefaultTools(),
					options.tools,
				).filter((entry) => !entry.includes("*")),
				...(options.noTools === "all"
					? []
					: [
							...(options.customTools ?? []).map((tool) => tool.name),
							...(extensionTools ?? []).map((tool) => tool.name).filter(activatesOnLoad),
						]),
			];
	// An allowlist or an exclusion leaves tools unregistered: not callable from scripts either (1.4).
	const wanted = [...new Set(names)].filter((name) => allowance.allows(name) && exposureOf(name) !== "hidden");
	// Built-ins are cheap objects; all are created only when extensions (setActiveTools) may switch them on.
	const builtinNames = (extensionTools ? BUILTIN_TOOL_NAMES : wanted.filter(isBuiltinToolName)).filter((name) =>
		allowance.allows(name),
	);
	const all = new Map<string, AgentTool>([
		...createBuiltinTools(cwd, builtinNames, builtinOptions).map((tool) => [tool.name, tool] as const),
		...custom.filter((tool) => allowance.allows(tool.name)).map((tool) => [tool.name, tool] as const),
	]);
	return { active: wanted.flatMap((name) => all.get(name) ?? []), all };
}

const SHELL_SESSION_VARIABLES = ["PI_SESSION_ID", "PI_SESSION_FILE", "PI_PROVIDER", "PI_MODEL", "PI_REASONING_LEVEL"];

/**
 * The session variables pi 1.4 gives the commands of the bash tool (read when each command starts):
 * PI_SESSION_ID, PI_SESSION_FILE (absent for a session that is never written), PI_PROVIDER,
 * PI_MODEL, PI_REASONING_LEVEL (the effective level; `off` for a model without thinking).
 */
function shellSessionEnv(
	sessionManager: SessionManager,
	model: Model | undefined,
	thinkingLevel: ThinkingLevel,
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { PI_SESSION_ID: sessionManager.getSessionId() };
	const file = sessionManager.getSessionFile();
	if (file) env.PI_SESSION_FILE = file;
	if (model) {
		env.PI_PROVIDER = model.provider;
		env.PI_MODEL = model.id;
	}
	env.PI_REASONING_LEVEL = model?.reasoning ? thinkingLevel : "off";
	return env;
}

/**
 * Images in tool results (extension and MCP tools hand back whatever they have) are encoded for the
 * current model as they enter the conversation, as pi 1.4 does: an oversized one would make the
 * provider refuse every later request of the session, not just this turn.
 */
function resizeToolResultImages(agent: Agent): void {
	const previous = agent.afterToolCall;
	agent.afterToolCall = async (context, signal) => {
		const earlier = await previous?.(context, signal);
		const content = earlier?.content ?? context.result.content;
		if (!content.some((block) => block.type === "image")) return earlier;
		const resized = await resizeContentImages(content, agent.state.model?.inputLimits?.images?.resize);
		return resized === content ? earlier : { ...earlier, content: resized };
	};
}

/** pi 1.4's cache warming for one session: refreshes go through the model runtime and into the session file. */
function createCacheWarmer(
	settings: SettingsManager,
	modelRuntime: ModelRuntime,
	sessionManager: SessionManager,
): CacheWarmer {
	return new CacheWarmer({
		getMode: () => settings.getCacheWarmingMode(),
		send: (model, context, options) => modelRuntime.streamSimple(model, context, options).result(),
		lastPromptTokens: () => lastPromptTokens(sessionManager.getBranch()),
		recordUsage: (provider, model, usage, note) => {
			sessionManager.appendUsage("cache_warm", provider, model, usage, note);
		},
	});
}

/** Prompt size of the branch's latest real request, as the provider reported it. */
function lastPromptTokens(branch: readonly SessionEntry[]): number {
	for (let index = branch.length - 1; index >= 0; index--) {
		const entry = branch[index];
		if (entry?.type === "message" && entry.message.role === "assistant") {
			const { input, cacheRead, cacheWrite } = entry.message.usage;
			return input + cacheRead + cacheWrite;
		}
	}
	return 0;
}

/**
 * Whether the conversation still extends the request being sent now: same model, and the messages of
 * the moment still a prefix of the agent's. Anything else (a model switch, compaction, a tree jump)
 * means the next request will not reuse that cache entry.
 */
function extendsRequest(agent: Agent, requestModel: Model): () => boolean {
	const sent = [...agent.state.messages];
	return () => {
		const { model, messages } = agent.state;
		return (
			model?.provider === requestModel.provider &&
			model.id === requestModel.id &&
			sent.length <= messages.length &&
			sent.every((message, index) => messages[index] === message)
		);
	};
}

/** Builds one AgentSession with every default resolved (sdk.md §2). */
export async function createAgentSession(options: CreateAgentSessionOptions = {}): Promise<CreateAgentSessionResult> {
	return createSessionWith(options, undefined);
}

async function createSessionWith(
	options: CreateAgentSessionOptions,
	givenServices: AgentSessionServices | undefined,
): Promise<CreateAgentSessionResult> {
	const cwd = givenServices?.cwd ?? options.cwd ?? process.cwd();
	const services =
		givenServices ??
		(await createAgentSessionServices({
			cwd,
			agentDir: options.agentDir,
			settingsManager: options.settingsManager,
			modelRuntime: options.modelRuntime,
			resourceLoader: options.resourceLoader,
			extensionPaths: options.extensionPaths,
			noExtensions: options.noExtensions,
			extensionFlagValues: options.extensionFlagValues,
			extensionFactories: options.extensionFactories,
		}));
	const { settingsManager, modelRuntime, resourceLoader } = services;
	const extensions = services.extensions;
	// Without any extension (or failed load to report) the session keeps the no-op runner: no hooks, no cost.
	const runner =
		extensions && (extensions.extensions.length > 0 || extensions.errors.length > 0) ? extensions.runner : undefined;
	const sessionManager =
		options.sessionManager ??
		SessionManager.create(cwd, resolveSessionDir({ cwd, settings: settingsManager, agentDir: services.agentDir }));
	let resources = resourceLoader.load();
	// One walk of the branch serves the restored model, thinking level and messages.
	const branch = sessionManager.getBranch();
	const context = buildContextFromPath(branch);
	const savedLevel = branch.some((entry) => entry.type === "thinking_level_change")
		? (context.thinkingLevel as ThinkingLevel)
		: undefined;
	const { model, fallbackMessage } = await chooseModel(options, context.model, settingsManager, modelRuntime);
	const thinkingLevel = chooseThinkingLevel(options, savedLevel, settingsManager, model);
	const allowance = toolAllowance(options);
	const { active: tools, all: allTools } = chooseTools(
		options,
		sessionManager.getCwd(),
		settingsManager,
		runner?.getTools(),
		(name) => activatesOnRegister(runner?.getToolDefinition(name)),
		(name) => runner?.getToolDefinition(name)?.exposure ?? "direct",
		allowance,
		() => shellSessionEnv(sessionManager, agent.state.model, agent.state.thinkingLevel),
		// pi 1.4: images are encoded for the model of the moment (`inputLimits.images.resize`).
		() => agent.state.model?.inputLimits?.images?.resize,
	);
	const systemPrompt = () =>
		buildSystemPrompt({
			cwd: sessionManager.getCwd(),
			tools: agent.state.tools.map((tool) => ({
				name: tool.name,
				description: tool.description,
				...runner?.getToolPromptInfo(tool.name),
			})),
			customPrompt: resources.customSystemPrompt,
			appendPrompts: resources.appendSystemPrompts,
			contextFiles: resources.contextFiles,
			skills: resources.skills,
		});
	const retry = settingsManager.getRetrySettings();
	const cacheWarmer = createCacheWarmer(settingsManager, modelRuntime, sessionManager);
	const agent: Agent = new Agent({
		initialState: { model, thinkingLevel, tools, messages: context.messages },
		streamFn: withIdleTimeout((streamModel, context, streamOptions) => {
			// The `transport` setting (Codex: WebSocket or SSE) applies to every request of the session.
			const requestOptions = {
				...streamOptions,
				transport: streamOptions?.transport ?? settingsManager.getTransport(),
			};
			// Only the session's own requests write the cache entry the next request reads; warm that one.
			if (streamOptions?.sessionId === sessionManager.getSessionId()) {
				cacheWarmer.start({ model: streamModel, context, options: requestOptions }, extendsRequest(agent, streamModel));
			}
			return modelRuntime.streamSimple(streamModel, context, requestOptions);
		}, settingsManager.getHttpIdleTimeoutMs()),
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
		cacheWarmer,
		...(runner ? { extensionRunner: runner } : {}),
	});
	if (runner) {
		connectExtensionsToSession(session, runner, {
			allTools,
			allowance,
			refreshSystemPrompt: () => {
				agent.state.systemPrompt = systemPrompt();
			},
			buildSystemPrompt: systemPrompt,
			getResources: () => resources,
			addResourcePaths: (paths) => {
				if (resourceLoader instanceof DefaultResourceLoader) resourceLoader.addExtraPaths(paths);
			},
			...(options.sessionStartEvent ? { sessionStartEvent: options.sessionStartEvent } : {}),
		});
	}
	// After the extensions' `tool_result` hooks, so images they add or replace are encoded too.
	if (settingsManager.getImageSettings().autoResize) resizeToolResultImages(agent);
	return {
		session,
		extensionsResult: {
			extensions: extensions?.extensions ?? [],
			errors: [...(extensions?.errors ?? []), ...(extensions?.conflicts ?? [])],
			...(runner ? { runner } : {}),
			unmatchedFlags: extensions?.runner.getUnmatchedFlags() ?? [],
		},
		...(fallbackMessage ? { modelFallbackMessage: fallbackMessage } : {}),
		// Said at creation, not first at prompt(): a host can show it before the user types anything.
		...(model ? {} : { noModelMessage: NO_MODEL_MESSAGE }),
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
	return createSessionWith(rest, services);
}
