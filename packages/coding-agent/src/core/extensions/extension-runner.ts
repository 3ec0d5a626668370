import type { AgentMessage, AgentTool } from "@pi/agent-core";
import type { ImageContent, Provider } from "@pi/ai";
import type { SettingsManager } from "../config/settings-manager.js";
import type { Settings } from "../config/settings-types.js";
import type { CustomMessage } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { ProviderConfig } from "../models/models-json.js";
import type { VirtualModelDefinition } from "../models/virtual-models.js";
import { type BoundaryDecision, type BoundaryPreviewer, emitAgentBeforeSettleOf } from "./boundary-dispatch.js";
import type { AgentActivityOutcome } from "./boundary-events.js";
import { invocationNames } from "./command-invocation-names.js";
import type {
	ExecuteToolOptions,
	ExtensionCommandContext,
	ExtensionContext,
	ExtensionToolDefinition,
	RegisteredFlagOptions,
	RegisteredShortcutOptions,
	SlashCommandInfo,
} from "./extension-api.js";
import type {
	CommandContextActions,
	ExtensionBindings,
	ExtensionErrorReport,
	ExtensionMode,
} from "./extension-bindings.js";
import { createExtensionContexts, type ExtensionContexts } from "./extension-context.js";
import type {
	AgentStartTrigger,
	ExtensionEventMap,
	ExtensionEventName,
	SessionStartEventPayload,
	UserBashEvent,
	UserBashResult,
} from "./extension-events.js";
import type { ExtensionHost } from "./extension-host.js";
import { collectByKey, type ExtensionLoadError, type ExtensionRecord } from "./extension-record.js";
import type { EntryRenderer, MarkdownTransformer, MessageRenderer, ToolRenderers } from "./extension-renderers.js";
import type {
	BeforeCompactDecision,
	BeforeCompactRequest,
	BeforeTreeDecision,
	ExtensionCommand,
	ExtensionRunnerSeam,
	InputEventResult,
	InputSource,
	SessionBeforeChangeEvent,
	SessionNotification,
	SessionShutdownReason,
} from "./extension-runner-seam.js";
import type { ExtensionRunnerView } from "./extension-runner-view.js";
import {
	completeUIContext,
	type ExtensionUIContext,
	type ModeUIContext,
	noopUIContext,
} from "./extension-ui-context.js";
import { HandlerTable } from "./handler-table.js";
import { McpServerRegistry, type McpServerStatus } from "./mcp-server-registry.js";
import {
	emitBeforeAgentStartOf,
	emitInputOf,
	emitResourcesDiscoverOf,
	emitSessionBeforeChangeOf,
	emitSessionBeforeCompactOf,
	emitSessionBeforeTreeOf,
} from "./result-events.js";
import { extensionCommandInfo } from "./slash-command-info.js";
import { withUIPromptEvents } from "./ui-prompt-events.js";
import { wrapExtensionTool } from "./wrap-extension-tool.js";

/** One kind of renderer across extensions, by key: the first registration of a key wins. */
function collectRenderers<T>(
	records: readonly ExtensionRecord[],
	pick: (record: ExtensionRecord) => ReadonlyMap<string, T>,
): Map<string, T> {
	const collected = new Map<string, T>();
	for (const record of records)
		for (const [key, value] of pick(record)) if (!collected.has(key)) collected.set(key, value);
	return collected;
}

/** Errors kept for a later `onError` binding; the rest are dropped. */
const MAX_PENDING_ERRORS = 100;

/** Thrown by a context (or `pi` action) whose session was replaced or disposed. */
export class StaleExtensionContextError extends Error {
	constructor() {
		super(
			"Stale extension context: this session was replaced or disposed. Use the ctx passed to the current handler (after a session replacement, the new session's session_start).",
		);
	}
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function isPromise(value: unknown): value is Promise<unknown> {
	return typeof value === "object" && value !== null && typeof (value as Promise<unknown>).then === "function";
}

/**
 * Runs the loaded extensions of one session: ordered dispatch (load order, then registration
 * order), errors isolated and reported through the bound `onError`, bindings (UI context, mode,
 * command actions) applied, lifecycle events emitted exactly once.
 */
export class ExtensionRunner implements ExtensionRunnerSeam, ExtensionRunnerView {
	readonly records: ExtensionRecord[] = [];
	readonly loadErrors: ExtensionLoadError[] = [];
	/** Warnings about registrations (duplicates, reserved names). */
	readonly diagnostics: string[] = [];
	private readonly handlerTable = new HandlerTable(this.records);
	private hostRef: ExtensionHost | undefined;
	private uiContext: ExtensionUIContext = noopUIContext;
	private modeName: ExtensionMode = "print";
	private actions: CommandContextActions | undefined;
	private abortHandler: (() => void) | undefined;
	private shutdownHandler: (() => void) | undefined;
	private errorListener: ((report: ExtensionErrorReport) => void) | undefined;
	private readonly pendingErrors: ExtensionErrorReport[] = [];
	private sessionStartEvent: SessionStartEventPayload = { type: "session_start", reason: "startup" };
	private started = false;
	private shutdownDone = false;
	private stale = false;
	/** Abort signal of the run in progress (from the agent's listener). */
	currentSignal: AbortSignal | undefined;
	private readonly contexts: ExtensionContexts;

	private readonly flagValues: Readonly<Record<string, boolean | string>>;
	private readonly settings: SettingsManager | undefined;

	constructor(options: { flagValues?: Readonly<Record<string, boolean | string>>; settings?: SettingsManager } = {}) {
		this.mcpServers.onChange(() => {
			if (this.started && !this.stale) void this.emitNotification({ type: "mcp_servers_change" });
		});
		this.flagValues = options.flagValues ?? {};
		this.settings = options.settings;
		this.contexts = createExtensionContexts(this);
	}

	/** Adds a successfully loaded extension (load order = dispatch order). */
	addExtension(record: ExtensionRecord): void {
		this.records.push(record);
		this.markHandlersChanged();
	}

	/** Records a failed load; reported as `extension_error` with event "load" once `onError` is bound. */
	addLoadError(error: ExtensionLoadError): void {
		this.loadErrors.push(error);
		this.reportError({ extensionPath: error.path, event: "load", error: error.error });
	}

	// --- state used by contexts and the pi API ------------------------------------------------

	/** The session host; throws once the session is gone or before it exists. */
	get host(): ExtensionHost {
		if (this.stale) throw new StaleExtensionContextError();
		if (!this.hostRef)
			throw new Error("This extension action is not available while extensions load (no session yet).");
		return this.hostRef;
	}

	get hasHost(): boolean {
		return this.hostRef !== undefined && !this.stale;
	}

	get ui(): ExtensionUIContext {
		return this.uiContext;
	}

	get mode(): ExtensionMode {
		return this.modeName;
	}

	get hasUI(): boolean {
		return this.uiContext !== noopUIContext;
	}

	get commandActions(): CommandContextActions | undefined {
		return this.actions;
	}

	get isStale(): boolean {
		return this.stale;
	}

	assertActive(): void {
		if (this.stale) throw new StaleExtensionContextError();
	}

	/** The context handlers receive. */
	get context(): ExtensionContext {
		return this.contexts.context;
	}

	/** The context command handlers receive. */
	get commandContext(): ExtensionCommandContext {
		return this.contexts.commandContext;
	}

	requestAbort(): void {
		if (this.abortHandler) this.abortHandler();
		else void this.host.abort();
	}

	requestShutdown(): void {
		this.shutdownHandler?.();
	}

	// --- registrations ------------------------------------------------------------------------

	/** Called by `pi.on` after load so the next dispatch sees the new handler. */
	markHandlersChanged(): void {
		this.handlerTable.markChanged();
	}

	hasHandlers(event: ExtensionEventName): boolean {
		return (this.handlerTable.handlersFor(event)?.length ?? 0) > 0;
	}

	/** Every extension tool as an AgentTool, last registration of a name winning. */
	getTools(): AgentTool[] {
		return [...collectByKey(this.records, (record) => record.tools, true).values()].map((tool) =>
			wrapExtensionTool(tool, this),
		);
	}

	/** The extension definition of a tool (last registration wins), if an extension registered it. */
	getToolDefinition(name: string): ExtensionToolDefinition | undefined {
		for (let index = this.records.length - 1; index >= 0; index--) {
			const definition = this.records[index]?.tools.get(name);
			if (definition) return definition;
		}
		return undefined;
	}

	/** A `ctx` for one tool call: `executeTool` runs nested calls as children of that call. */
	contextForToolCall(toolCallId: string): ExtensionContext {
		let count = 0;
		const host = () => this.host;
		return Object.assign(Object.create(this.context) as ExtensionContext, {
			executeTool: (name: string, args: Record<string, unknown>, options: ExecuteToolOptions = {}) =>
				host().executeTool({
					...options,
					name,
					args,
					toolCallId: `${toolCallId}/${++count}`,
					parentToolCallId: toolCallId,
				}),
		});
	}

	/** Prompt snippet and guidelines of extension tools, by name. */
	getToolPromptInfo(name: string): { promptSnippet?: string; promptGuidelines?: string[] } | undefined {
		return collectByKey(this.records, (record) => record.tools, true).get(name);
	}

	/** Every registered shortcut by key id (first registration wins); the TUI binds them. */
	getShortcuts(): Map<string, RegisteredShortcutOptions & { extensionPath: string }> {
		return collectByKey(this.records, (record) => record.shortcuts);
	}

	/** Runs a shortcut's handler with `ctx`; a failure is reported as `extension_error`. */
	async runShortcut(keyId: string): Promise<boolean> {
		const shortcut = this.getShortcuts().get(keyId);
		if (!shortcut) return false;
		try {
			await shortcut.handler(this.context);
		} catch (error) {
			this.reportError({ extensionPath: shortcut.extensionPath, event: "shortcut", error: messageOf(error) });
		}
		return true;
	}

	/** Every registered flag by name (first registration wins). */
	getFlags(): Map<string, RegisteredFlagOptions & { extensionPath: string }> {
		return collectByKey(this.records, (record) => record.flags);
	}

	/** The value of a flag: the CLI's, coerced to the flag's type, else its default. */
	getFlag(name: string): boolean | string | undefined {
		const key = name.replace(/^--?/, "");
		const flag = this.getFlags().get(key);
		const given = this.flagValues[key];
		if (given === undefined) return flag?.default;
		if (flag?.type === "boolean" && typeof given === "string") return given !== "false";
		return given;
	}

	/** CLI flag names no extension registered (an error for the CLI, extensions.md §5). */
	getUnmatchedFlags(): string[] {
		const flags = this.getFlags();
		return Object.keys(this.flagValues).filter((name) => !flags.has(name));
	}

	// --- messages held for later ------------------------------------------------------------

	private readonly nextTurnMessages: CustomMessage[] = [];

	/** `sendMessage(…, { deliverAs: "nextTurn" })`: injected right after the next user prompt. */
	holdForNextTurn(message: CustomMessage): void {
		this.nextTurnMessages.push(message);
	}

	/** Takes the held `nextTurn` messages (the prompt pipeline injects them). */
	takeNextTurnMessages(): CustomMessage[] {
		return this.nextTurnMessages.splice(0);
	}

	// --- providers ----------------------------------------------------------------------------

	private modelRuntime: ModelRuntime | undefined;
	private readonly pendingProviders: (() => void)[] = [];

	/** Providers registered during load are queued until the model runtime is known. */
	setModelRuntime(modelRuntime: ModelRuntime): void {
		this.modelRuntime = modelRuntime;
		for (const apply of this.pendingProviders.splice(0)) apply();
	}

	registerProvider(name: string, config: ProviderConfig): void {
		this.whenModelRuntime((runtime) => runtime.registerProvider(name, config));
	}

	unregisterProvider(name: string): void {
		this.whenModelRuntime((runtime) => runtime.unregisterProvider(name));
	}

	registerProviderObject(provider: Provider): void {
		this.whenModelRuntime((runtime) => runtime.setProvider(provider));
	}

	registerVirtualModel<TState>(definition: VirtualModelDefinition<TState>): void {
		this.whenModelRuntime((runtime) => runtime.registerVirtualModel(definition));
	}

	unregisterVirtualModel(provider: string, id: string): void {
		this.whenModelRuntime((runtime) => runtime.unregisterVirtualModel(provider, id));
	}

	/** Runs `apply` now, or once the model runtime is known (registrations during load are queued). */
	private whenModelRuntime(apply: (runtime: ModelRuntime) => void): void {
		this.assertActive();
		if (this.modelRuntime) apply(this.modelRuntime);
		else this.pendingProviders.push(() => this.modelRuntime && apply(this.modelRuntime));
	}

	// --- settings and renderers --------------------------------------------------------------

	/** The merged settings (the session's; during load, those given to `loadExtensions`). */
	getSettings(): Settings {
		if (this.hasHost) return this.host.getSettings();
		return { ...(this.settings?.getSettings() ?? {}) };
	}

	/** The renderer of custom messages of `customType` (first registration wins). */
	getMessageRenderer(customType: string): MessageRenderer | undefined {
		return collectRenderers(this.records, (record) => record.messageRenderers).get(customType);
	}

	/** The renderer of custom entries of `customType` (first registration wins). */
	getEntryRenderer(customType: string): EntryRenderer | undefined {
		return collectRenderers(this.records, (record) => record.entryRenderers).get(customType);
	}

	/**
	 * The renderers of tool `name`: resolvers in extension load order, each able to defer to the
	 * next; last, the tool definition's own `renderShell` / `renderCall` / `renderResult`.
	 */
	getToolRenderers(name: string): ToolRenderers | undefined {
		const resolvers = this.records.flatMap((record) => record.toolRenderers);
		const definition = collectByKey(this.records, (record) => record.tools, true).get(name);
		const fromDefinition: ToolRenderers | undefined =
			definition && (definition.renderCall || definition.renderResult)
				? {
						...(definition.renderShell ? { renderShell: definition.renderShell } : {}),
						renderCall: definition.renderCall,
						renderResult: definition.renderResult,
					}
				: undefined;
		const resolve = (index: number): ToolRenderers | undefined => {
			const resolver = resolvers[index];
			if (!resolver) return fromDefinition;
			try {
				return resolver(name, () => resolve(index + 1));
			} catch (error) {
				this.reportError({ extensionPath: "registerToolRenderer", event: "render", error: messageOf(error) });
				return resolve(index + 1);
			}
		};
		return resolve(0);
	}

	/** Every Markdown transformer, in load order. */
	getMarkdownTransformers(): MarkdownTransformer[] {
		return this.records.flatMap((record) => record.markdownTransformers);
	}

	// --- seam: commands (a name two extensions register is kept on both, numbered) --------------

	getCommand(name: string): ExtensionCommand | undefined {
		return this.getCommands().find((command) => command.name === name);
	}

	/** In load order; a name several extensions register becomes `name:1`, `name:2`… (as pi 1.4). */
	getCommands(): ExtensionCommand[] {
		const registered = this.records.flatMap((record) =>
			[...record.commands].map(([name, command]) => ({ name, command, extensionPath: record.path })),
		);
		return invocationNames(registered.map(({ name }) => name)).map((name, index) => {
			const { command, extensionPath, name: registeredName } = registered[index]!;
			return {
				name,
				registeredName,
				...(command.description !== undefined ? { description: command.description } : {}),
				extensionPath,
				// A throwing handler is reported as extension_error, never rethrown (one outcome per prompt).
				handler: async (args: string) => {
					try {
						await command.handler(args, this.commandContext);
					} catch (error) {
						this.reportError({ extensionPath, event: "command", error: messageOf(error) });
					}
				},
			};
		});
	}

	/** `getCommands()` data (= RPC `get_commands`): extension commands, then templates, then skills. */
	getCommandInfos(): SlashCommandInfo[] {
		return [...this.getCommands().map(extensionCommandInfo), ...(this.hasHost ? this.host.getResourceCommands() : [])];
	}

	// --- bindings and lifecycle ---------------------------------------------------------------

	/** Connects the runner to its session. */
	attach(host: ExtensionHost, sessionStartEvent?: SessionStartEventPayload): void {
		this.hostRef = host;
		if (sessionStartEvent) this.sessionStartEvent = sessionStartEvent;
	}

	/** Sets the UI context; without one (undefined) the no-op context applies and `hasUI` is false. */
	setUIContext(uiContext: ModeUIContext | undefined, mode: ExtensionMode = this.modeName): void {
		this.uiContext = uiContext
			? withUIPromptEvents(completeUIContext(uiContext, mode), (event) => void this.emit(event))
			: noopUIContext;
	}

	/**
	 * Applies a mode's bindings (absent fields keep earlier values) and, the first time only, emits
	 * the stored `session_start` then `resources_discover`.
	 */
	async bind(bindings: ExtensionBindings): Promise<void> {
		if (bindings.uiContext) this.setUIContext(bindings.uiContext, bindings.mode);
		if (bindings.mode) this.modeName = bindings.mode;
		if (bindings.commandContextActions) this.actions = bindings.commandContextActions;
		if (bindings.abortHandler) this.abortHandler = bindings.abortHandler;
		if (bindings.shutdownHandler) this.shutdownHandler = bindings.shutdownHandler;
		if (bindings.onError) {
			this.errorListener = bindings.onError;
			for (const report of this.pendingErrors.splice(0)) bindings.onError(report);
		}
		if (this.started || this.stale) return;
		this.started = true;
		await this.emit(this.sessionStartEvent);
		const discovered = await this.emitResourcesDiscover(
			this.sessionStartEvent.reason === "reload" ? "reload" : "startup",
		);
		if (discovered.skillPaths.length > 0 || discovered.promptPaths.length > 0 || discovered.themePaths.length > 0) {
			await this.host.addResourcePaths(discovered);
		}
	}

	get sessionStarted(): boolean {
		return this.started;
	}

	/** Reports an extension failure to the bound error channel (kept until one is bound). */
	reportError(report: ExtensionErrorReport): void {
		if (this.errorListener) this.errorListener(report);
		// Bounded: an unbound SDK session whose extension fails on every event must not grow forever.
		else if (this.pendingErrors.length < MAX_PENDING_ERRORS) this.pendingErrors.push(report);
	}

	/** Errors not yet delivered (no `onError` bound). */
	takePendingErrors(): ExtensionErrorReport[] {
		return this.pendingErrors.splice(0);
	}

	async emitSessionShutdown(reason: SessionShutdownReason, targetSessionFile?: string): Promise<void> {
		if (this.shutdownDone) return;
		this.shutdownDone = true;
		try {
			await this.emit({
				type: "session_shutdown",
				reason,
				...(targetSessionFile !== undefined ? { targetSessionFile } : {}),
			});
		} finally {
			this.stale = true;
		}
	}

	/** Marks the runner's contexts stale without emitting anything (the session is gone). */
	invalidate(): void {
		this.stale = true;
	}

	// --- dispatch -----------------------------------------------------------------------------

	/** Notification dispatch: every handler, in order; return values ignored. */
	async emit<E extends ExtensionEventName>(event: ExtensionEventMap[E]["event"] & { type: E }): Promise<void> {
		const handlers = this.handlerTable.handlersFor(event.type);
		if (!handlers) return;
		const ctx = this.contexts.context;
		for (let i = 0; i < handlers.length; i++) {
			const bound = handlers[i]!;
			try {
				const result = bound.handler(event as never, ctx);
				if (isPromise(result)) await result;
			} catch (error) {
				this.reportError({ extensionPath: bound.path, event: event.type, error: messageOf(error) });
			}
		}
	}

	/**
	 * Result dispatch: `combine` sees each handler's result in order and returns true to stop
	 * the chain. A throwing handler is reported and skipped (unless `onThrow` decides otherwise).
	 */
	async emitCollect<E extends ExtensionEventName>(
		event: ExtensionEventMap[E]["event"] & { type: E },
		combine: (result: ExtensionEventMap[E]["result"], path: string) => boolean | undefined,
		onThrow?: (message: string, path: string) => boolean,
		ctx: ExtensionContext = this.contexts.context,
	): Promise<void> {
		const handlers = this.handlerTable.handlersFor(event.type);
		if (!handlers) return;
		for (const bound of handlers) {
			let result: unknown;
			try {
				result = bound.handler(event as never, ctx);
				if (isPromise(result)) result = await result;
			} catch (error) {
				const message = messageOf(error);
				this.reportError({ extensionPath: bound.path, event: event.type, error: message });
				if (onThrow?.(message, bound.path)) return;
				continue;
			}
			if (result !== undefined && combine(result as ExtensionEventMap[E]["result"], bound.path)) return;
		}
	}

	// --- seam: result events (result-events.ts) ----------------------------------------------

	emitBeforeAgentStart(trigger: AgentStartTrigger): Promise<AgentMessage[]> {
		return emitBeforeAgentStartOf(this, trigger);
	}

	emitAgentBeforeSettle(outcome: AgentActivityOutcome, preview: BoundaryPreviewer): Promise<BoundaryDecision> {
		return emitAgentBeforeSettleOf(this, outcome, preview, (report) => this.reportError(report));
	}

	/** MCP servers registered for the session; changes after `session_start` emit `mcp_servers_change`. */
	readonly mcpServers = new McpServerRegistry();

	getMcpServerStatuses(): McpServerStatus[] {
		return this.mcpServers.statuses();
	}

	registerMcpServer(name: string, config: Readonly<Record<string, unknown>>, source: string): void {
		this.mcpServers.register(name, config, source);
	}

	async emitNotification(event: SessionNotification): Promise<void> {
		await this.emit(event);
	}

	emitSessionBeforeTree(preparation: unknown, signal: AbortSignal): Promise<BeforeTreeDecision> {
		return emitSessionBeforeTreeOf(this, preparation, signal);
	}

	emitSessionBeforeCompact(request: BeforeCompactRequest): Promise<BeforeCompactDecision> {
		return emitSessionBeforeCompactOf(this, request);
	}

	hasInputHandlers(): boolean {
		return this.hasHandlers("input");
	}

	emitInput(
		text: string,
		images: ImageContent[],
		source: InputSource,
		streamingBehavior?: "steer" | "followUp",
	): Promise<InputEventResult> {
		return emitInputOf(this, text, images, source, streamingBehavior);
	}

	emitSessionBeforeChange(event: SessionBeforeChangeEvent): Promise<{ cancel: boolean }> {
		return emitSessionBeforeChangeOf(this, event);
	}

	/** `user_bash`: the first handler that returns operations or a result decides; a throw blocks the command. */
	async emitUserBash(event: Omit<UserBashEvent, "type">): Promise<UserBashResult | undefined> {
		let decision: UserBashResult | undefined;
		await this.emitCollect(
			{ type: "user_bash", ...event },
			(result) => {
				if (!result || (!result.operations && !result.result)) return false;
				decision = result;
				return true;
			},
			(message) => {
				decision = {
					result: { output: `Blocked by extension: ${message}`, exitCode: 1, cancelled: false, truncated: false },
				};
				return true;
			},
		);
		return decision;
	}

	/** `resources_discover`: every returned path is collected. */
	emitResourcesDiscover(
		reason: "startup" | "reload",
	): Promise<{ skillPaths: string[]; promptPaths: string[]; themePaths: string[] }> {
		return emitResourcesDiscoverOf(this, reason);
	}
}
