// What an extension sees: the `pi` API (extensions.md §5), `ctx` (§4) and the module contract (§1.2).
import type { AgentToolResult, AgentToolUpdateCallback, ThinkingLevel, ToolExecutionMode } from "@pi/agent-core";
import type { ImageContent, Model, Provider, TextContent } from "@pi/ai";
import type { Static, TSchema } from "@sinclair/typebox";
import type { ContextUsage } from "../agent-session/session-stats.js";
import type { Settings } from "../config/settings-types.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { ProviderConfig } from "../models/models-json.js";
import type { VirtualModelDefinition } from "../models/virtual-models.js";
import type { ReadonlySessionManager } from "../session/readonly-session-manager.js";
import type { CommandNavigateTreeOptions, CommandNewSessionOptions, ExtensionMode } from "./extension-bindings.js";
import type { CustomMessageInput, ExtensionEventMap, ExtensionEventName } from "./extension-events.js";
import type {
	EntryRenderer,
	MarkdownTransformer,
	MessageRenderer,
	ToolRendererResolver,
	ToolRenderers,
} from "./extension-renderers.js";
import type { ExtensionUIContext } from "./extension-ui-context.js";
import type { McpServerStatus, RegisteredMcpServer } from "./mcp-server-registry.js";

/** `ctx` of every handler (extensions.md §4). A context of a replaced session throws when used. */
export interface ExtensionContext {
	readonly ui: ExtensionUIContext;
	readonly mode: ExtensionMode;
	/** False exactly when the no-op UI context is bound (print, json, unbound SDK sessions). */
	readonly hasUI: boolean;
	readonly cwd: string;
	readonly sessionManager: ReadonlySessionManager;
	readonly modelRegistry: ModelRuntime;
	readonly model: Model | undefined;
	readonly thinkingLevel: ThinkingLevel;
	/** Abort signal of the current run; undefined when idle. */
	readonly signal: AbortSignal | undefined;
	isIdle(): boolean;
	abort(): void;
	hasPendingMessages(): boolean;
	/** Requests a graceful exit once idle (print: no-op). */
	shutdown(): void;
	getContextUsage(): ContextUsage | undefined;
	compact(options?: {
		customInstructions?: string;
		onComplete?: (result: unknown) => void;
		onError?: (error: Error) => void;
	}): void;
	getSystemPrompt(): string;
	isProjectTrusted(): boolean;
	/** The merged settings (user, then trusted project); read-only, unknown keys kept. */
	getSettings(): Readonly<Settings>;
	/** The tools `executeTool` can call now (see `ToolExposure`), with what a caller needs to know. */
	readonly tools: readonly ToolInfo[];
	/**
	 * Runs another tool as a nested call: arguments are validated, `tool_call` and `tool_result`
	 * handlers run, and `tool_execution_*` events carry `parentToolCallId` (the calling tool's
	 * call id; the nested id is `<parent id>/<n>`). Never rejects for a tool failure: an unknown or
	 * uncallable tool, invalid arguments, a block or a throwing tool give `isError: true`.
	 */
	executeTool(name: string, args: Record<string, unknown>, options?: ExecuteToolOptions): Promise<ExecutedToolResult>;
}

/**
 * How the model reaches a tool (extensions.md "Tool exposure"). "Callable" means callable from
 * other tools through `ctx.executeTool()`:
 * - `direct` (default): declared while active; callable while active.
 * - `model-only`: declared while active; never callable (tools that orchestrate or ask the user).
 * - `codemode`: callable whenever registered; listed by codemode; declared only when activated.
 * - `deferred`: like `codemode`, but not listed by codemode; `tool_search` finds and activates it.
 * - `hidden`: registered but unreachable (re-register with it to withdraw a tool).
 */
export type ToolExposure = "direct" | "model-only" | "codemode" | "deferred" | "hidden";

/** A group of related tools (an MCP server, say), listed under one heading by codemode. */
export interface ToolNamespace {
	name: string;
	/** Other names scripts may look the namespace up by. */
	aliases?: string[];
	/** One line on what the tools are for; listed. */
	description?: string;
	/** Longer usage guidance; not listed, read with `describeNamespace()`. */
	instructions?: string;
}

/** Hints about what a tool does, with the meaning of MCP tool annotations. Not verified. */
export interface ToolAnnotations {
	readOnlyHint?: boolean;
	destructiveHint?: boolean;
	idempotentHint?: boolean;
	openWorldHint?: boolean;
}

/** One registered tool as `getAllTools()`, `ctx.tools` and `prepareLoadout` report it. */
export interface ToolInfo {
	name: string;
	description: string;
	parameters: TSchema;
	/** Schema of `structuredContent`, when the tool returns data. */
	outputSchema?: TSchema;
	exposure: ToolExposure;
	/** Whether the tool is in the active set (declared unless a loadout hides it). */
	active: boolean;
	namespace?: ToolNamespace;
	annotations?: ToolAnnotations;
	promptSnippet?: string;
	promptGuidelines?: string[];
	/** Whether the tool declares `reachesTools` (it calls other tools). */
	reachesTools: boolean;
}

/** What `prepareLoadout` sees: the active set, the callable tools and every registered tool. */
export interface ToolLoadout {
	/** Names of the active tools, in order. */
	declared: string[];
	/** Names `ctx.executeTool()` can call. */
	callable: string[];
	/** Every registered tool but `hidden` ones. */
	tools: ToolInfo[];
}

/** What `prepareLoadout` changes for the next requests. */
export interface ToolLoadoutChanges {
	/** Replacement descriptions of declared tools, by name (its own included). */
	descriptions?: Record<string, string>;
	/** Active tools whose declarations requests leave out; they stay active and callable. */
	hiddenDeclarations?: string[];
}

/** Options of `ctx.executeTool`. */
export interface ExecuteToolOptions {
	signal?: AbortSignal;
	/** Receives the nested tool's partial results. */
	onUpdate?: AgentToolUpdateCallback;
}

/** One nested call to run. */
export interface NestedToolCallRequest extends ExecuteToolOptions {
	name: string;
	args: Record<string, unknown>;
	/** The id pi gave this call (`<parent id>/<n>`). */
	toolCallId: string;
	/** The calling tool's call id; absent for calls made outside a tool (commands, handlers). */
	parentToolCallId?: string;
}

/** What `ctx.executeTool` resolves to: the nested tool's result and whether it failed. */
export interface ExecutedToolResult extends AgentToolResult {
	isError: boolean;
	/** The id pi gave the nested call (`<parent id>/<n>`). */
	toolCallId: string;
}

/** `ctx` of command handlers: session actions that would deadlock inside an event handler. */
export interface ExtensionCommandContext extends ExtensionContext {
	waitForIdle(): Promise<void>;
	newSession(options?: CommandNewSessionOptions): Promise<{ cancelled: boolean }>;
	fork(entryId: string, options?: { position?: "before" | "at" }): Promise<{ cancelled: boolean }>;
	switchSession(sessionPath: string): Promise<{ cancelled: boolean }>;
	navigateTree(
		targetId: string,
		options?: CommandNavigateTreeOptions,
	): Promise<{ cancelled: boolean; editorText?: string }>;
	reload(): Promise<void>;
}

/**
 * What a handler returns: its event's result, or nothing (a block body without `return` is fine).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing must type-check.
export type HandlerReturn<R> = R | undefined | void | Promise<R | undefined | void>;

/** A handler of one event; may be async. Its return value is combined per extensions.md §2. */
export type ExtensionHandler<E extends ExtensionEventName> = (
	event: ExtensionEventMap[E]["event"],
	ctx: ExtensionContext,
) => HandlerReturn<ExtensionEventMap[E]["result"]>;

/** The handler type of every event, by name. */
export type ExtensionHandlers = { [E in ExtensionEventName]: ExtensionHandler<E> };

/** What a tool returns: the agent's result, plus data for programmatic callers (`outputSchema`). */
export type ExtensionToolResult<TDetails = unknown> = AgentToolResult<TDetails> & {
	/** Machine-readable result matching the tool's `outputSchema`; the model still sees `content`. */
	structuredContent?: unknown;
};

/** A tool an extension (or an SDK host) registers (extensions.md §5). */
export interface ExtensionToolDefinition<TParams extends TSchema = TSchema, TDetails = unknown> extends ToolRenderers {
	name: string;
	label: string;
	description: string;
	parameters: TParams;
	executionMode?: ToolExecutionMode;
	prepareArguments?: (rawArguments: Record<string, unknown>) => Record<string, unknown>;
	/** One line in the system prompt's tool list; default: description. */
	promptSnippet?: string;
	/** Bullets added to the Guidelines section while the tool is active. */
	promptGuidelines?: string[];
	/** How the model reaches the tool; default `direct`. See `ToolExposure`. */
	exposure?: ToolExposure;
	/**
	 * Whether registering activates the tool. Default: true for `direct` and `model-only`, false
	 * for the others. `false` registers it inactive: `--tools`, `defaultTools` or
	 * `setActiveTools` turn it on (as the built-in codemode and tool_search are).
	 */
	defaultActive?: boolean;
	namespace?: ToolNamespace;
	annotations?: ToolAnnotations;
	/** Schema of the `structuredContent` the tool returns; programmatic callers get that value. */
	outputSchema?: TSchema;
	/**
	 * For tools that orchestrate others: runs whenever the active tools change, and may replace
	 * declared tools' descriptions and hide active tools' declarations from requests.
	 */
	prepareLoadout?: (loadout: ToolLoadout, ctx: ExtensionContext) => ToolLoadoutChanges | undefined;
	/**
	 * Which tools a call may reach: "all", or words of the input naming tools or namespaces. Lets
	 * extensions that register tools late finish before the call runs.
	 */
	reachesTools?: (input: Static<TParams>) => "all" | string[];
	execute(
		toolCallId: string,
		params: Static<TParams>,
		signal: AbortSignal | undefined,
		onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
		ctx: ExtensionContext,
	): Promise<ExtensionToolResult<TDetails>>;
}

/** A completion offered for a command's arguments. */
export interface CommandCompletion {
	value: string;
	label: string;
	description?: string;
}

export interface RegisteredCommandOptions {
	description?: string;
	getArgumentCompletions?(prefix: string): CommandCompletion[] | null;
	handler(args: string, ctx: ExtensionCommandContext): void | Promise<void>;
}

export interface RegisteredShortcutOptions {
	description?: string;
	handler(ctx: ExtensionContext): void | Promise<void>;
}

export interface RegisteredFlagOptions {
	description?: string;
	type: "boolean" | "string";
	default?: boolean | string;
}

/** One entry of `getCommands()` (= RPC `get_commands`, rpc.md §9.10.1). */
export interface SlashCommandInfo {
	name: string;
	description?: string;
	source: "extension" | "prompt" | "skill";
	location?: "user" | "project" | "path";
	path?: string;
}

/** Options of `sendMessage`. */
export interface SendMessageOptions {
	triggerTurn?: boolean;
	deliverAs?: "steer" | "followUp" | "nextTurn";
}

/** The shared in-process bus (`pi.events`). */
export interface ExtensionEventBus {
	on(name: string, listener: (data: unknown) => void): () => void;
	emit(name: string, data?: unknown): void;
}

/** Result of `pi.exec`: never rejects for a non-zero exit. */
export interface ExecResult {
	stdout: string;
	stderr: string;
	code: number;
	killed: boolean;
}

/** The `pi` object a factory receives (extensions.md §5). */
export interface ExtensionAPI {
	/** Adds a handler; returns a function that removes it. */
	on<E extends ExtensionEventName>(event: E, handler: ExtensionHandlers[E]): () => void;
	registerTool<TParams extends TSchema, TDetails>(tool: ExtensionToolDefinition<TParams, TDetails>): void;
	getActiveTools(): string[];
	/** Every registered tool (built-in, custom, extension) but `hidden` ones, with its exposure. */
	getAllTools(): ToolInfo[];
	setActiveTools(names: string[]): void;
	registerCommand(name: string, options: RegisteredCommandOptions): void;
	getCommands(): SlashCommandInfo[];
	registerShortcut(keyId: string, options: RegisteredShortcutOptions): void;
	registerFlag(name: string, options: RegisteredFlagOptions): void;
	/** The value of a registered flag (`"--name"` or `"name"`); its default when not given. */
	getFlag(name: string): boolean | string | undefined;
	sendMessage(message: CustomMessageInput, options?: SendMessageOptions): void;
	sendUserMessage(
		content: string | (TextContent | ImageContent)[],
		options?: { deliverAs?: "steer" | "followUp" },
	): void;
	appendEntry(customType: string, data?: unknown): void;
	setSessionName(name: string): void;
	getSessionName(): string | undefined;
	setLabel(entryId: string, label: string | undefined): void;
	setModel(model: Model): Promise<boolean>;
	getThinkingLevel(): ThinkingLevel;
	setThinkingLevel(level: ThinkingLevel): void;
	/** Adds or replaces a provider: by name and models.json-style config, or a ready @pi/ai `Provider`. */
	registerProvider(name: string, config: ProviderConfig): void;
	registerProvider(provider: Provider): void;
	unregisterProvider(name: string): void;
	/** Adds (or replaces) a virtual model that routes each request to a physical one. */
	registerVirtualModel<TState = unknown>(definition: VirtualModelDefinition<TState>): void;
	unregisterVirtualModel(provider: string, id: string): void;
	/** Draws custom messages of `customType` in the TUI. */
	registerMessageRenderer<T = unknown>(customType: string, renderer: MessageRenderer<T>): void;
	/** Draws custom entries (`appendEntry`) of `customType` in the TUI. */
	registerEntryRenderer<T = unknown>(customType: string, renderer: EntryRenderer<T>): void;
	/** Chooses the renderers of any tool by name (resolvers are asked in extension load order). */
	registerToolRenderer(resolver: ToolRendererResolver): void;
	/** Rewrites Markdown before the TUI draws it. */
	registerMarkdownTransformer(transformer: MarkdownTransformer): void;
	/** The merged settings in effect (global, then project). */
	getSettings(): Settings;
	exec(
		command: string,
		args?: string[],
		options?: { signal?: AbortSignal; timeout?: number; cwd?: string },
	): Promise<ExecResult>;
	readonly events: ExtensionEventBus;
	/** Adds an MCP server (an `mcpServers` entry of mcp.json) for this session. */
	registerMcpServer(name: string, config: Readonly<Record<string, unknown>>): void;
	unregisterMcpServer(name: string): void;
	/** Servers registered by extensions and by the mode (ACP's `mcpServers`). */
	getMcpServers(): RegisteredMcpServer[];
	/** For the extension that connects MCP servers: their states, as RPC `get_state` reports them. */
	setMcpServerStatuses(statuses: readonly McpServerStatus[]): void;
}

/**
 * The module contract: the default export of an extension file. What it returns is awaited and
 * otherwise ignored (so `(pi) => pi.on(…)`, which returns the unsubscribe function, is fine).
 */
export type ExtensionFactory = (pi: ExtensionAPI) => unknown;

/** An extension given as code instead of a file (`extensionFactories`, apps/pi's built-ins). */
export interface InlineExtension {
	name: string;
	factory: ExtensionFactory;
}
