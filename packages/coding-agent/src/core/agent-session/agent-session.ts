import type { Agent, AgentMessage, ThinkingLevel } from "@pi/agent-core";
import type { ImageContent, Model } from "@pi/ai";
import type { SettingsManager } from "../config/settings-manager.js";
import type { ExtensionBindings } from "../extensions/extension-bindings.js";
import {
	type ExtensionRunnerSeam,
	type InputSource,
	noopExtensionRunner,
} from "../extensions/extension-runner-seam.js";
import { notifyModelChange } from "../extensions/notify-model-change.js";
import type { CustomMessage } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { PromptTemplate } from "../resources/prompt-templates.js";
import type { LoadedResources } from "../resources/resource-loader.js";
import type { Skill } from "../resources/skills.js";
import type { SessionWriteError } from "../session/session-file.js";
import type { SessionManager } from "../session/session-manager.js";
import { createAgentEventRouter } from "./agent-event-router.js";
import type { AgentSessionConfig, PromptOptions } from "./agent-session-config.js";
import type {
	AgentSessionEvent,
	AgentSessionListener,
	CompactionResult,
	QueuedInputDisposition,
} from "./agent-session-events.js";
import type { CacheWarmer } from "./cache-warmer.js";
import type { RunPhase } from "./run-state.js";
import type { BashResult } from "./session-bash.js";
import { createSessionCollaborators, type SessionCollaborators } from "./session-collaborators.js";
import { SessionEventHub } from "./session-event-hub.js";
import { reportCommandError } from "./session-input.js";
import type { ScopedModel } from "./session-model-control.js";
import {
	type ContextUsage,
	lastAssistantText,
	type SessionStats,
	sessionContextUsage,
	sessionStats,
} from "./session-stats.js";
import type { NavigateTreeOptions } from "./session-tree-navigation.js";

export type { ExtensionBindings } from "../extensions/extension-bindings.js";
export { type AgentSessionConfig, ALREADY_PROCESSING_MESSAGE, type PromptOptions } from "./agent-session-config.js";
export type { AfterTurnCompaction, RunPhase, RunPhaseName } from "./run-state.js";
export type { ScopedModel } from "./session-model-control.js";
export { ABORTED_BEFORE_START_MESSAGE } from "./session-run.js";

/**
 * One conversation bound to a session file: wraps an Agent, persists every message as it ends,
 * runs the prompt pipeline (commands, expansion, queueing), automatic retry and compaction, and
 * emits `AgentSessionEvent`s. Listeners are called synchronously and never awaited; awaited
 * barriers go on `session.agent.subscribe`.
 */
export class AgentSession {
	readonly agent: Agent;
	readonly sessionManager: SessionManager;
	readonly settingsManager: SettingsManager;
	readonly modelRuntime: ModelRuntime;
	readonly extensionRunner: ExtensionRunnerSeam;
	promptTemplates: PromptTemplate[];
	skills: Skill[];
	readonly resourceLoader: { load(): LoadedResources } | undefined;
	private readonly enableSkillCommands: boolean;
	private readonly events = new SessionEventHub();
	private readonly parts: SessionCollaborators;
	private readonly unsubscribeAgent: () => void;
	private readonly rebuildSystemPrompt: (() => string) | undefined;
	private autoRetry: boolean;
	private disposed = false;
	private bindings: ExtensionBindings = { mode: "print" };
	/**
	 * pi 1.4's prompt-cache warming (setting `cacheWarming`). Its `setDecider` is where the
	 * `cache_warming_decision` extension event plugs in; `status` is what `/session` shows.
	 */
	readonly cacheWarming: CacheWarmer | undefined;

	constructor(config: AgentSessionConfig) {
		this.agent = config.agent;
		this.sessionManager = config.sessionManager;
		this.settingsManager = config.settingsManager;
		this.modelRuntime = config.modelRuntime;
		this.extensionRunner = config.extensionRunner ?? noopExtensionRunner;
		this.promptTemplates = config.promptTemplates ?? [];
		this.skills = config.skills ?? [];
		this.resourceLoader = config.resourceLoader;
		this.enableSkillCommands = config.enableSkillCommands ?? true;
		this.rebuildSystemPrompt = config.rebuildSystemPrompt;
		this.autoRetry = this.settingsManager.getRetrySettings().enabled;
		this.parts = createSessionCollaborators(config, {
			session: this,
			emit: (event) => this.events.emit(event),
			isAutoRetryEnabled: () => this.autoRetry,
			refreshSystemPrompt: () => this.refreshSystemPrompt(),
			// Extensions hear of model and level changes (model_select, thinking_level_select).
			notifyModelChange: (before, source) => notifyModelChange(this.extensionRunner, before, this, source),
			reportExtensionError: (path, error) => reportCommandError(this.bindings.onError, path, error),
		});
		this.unsubscribeAgent = this.agent.subscribe(createAgentEventRouter(this.parts, this.events));
		const warmer = config.cacheWarmer;
		this.cacheWarming = warmer;
		if (warmer) {
			// In `"streaming"` mode warming ends with the run; `"idle"` keeps it going between runs.
			this.events.subscribe((event) => {
				if (event.type === "agent_settled") warmer.onAgentSettled();
			});
		}
	}

	/**
	 * Delivers the execution events of a nested tool call (`ctx.executeTool`, with
	 * `parentToolCallId`) to the session's listeners, as the agent delivers model-issued calls'.
	 */
	emitNestedToolEvent(
		event: Extract<
			AgentSessionEvent,
			{ type: "tool_execution_start" | "tool_execution_update" | "tool_execution_end" }
		>,
	): void {
		this.events.emit(event);
	}

	/**
	 * Appends an extension's custom entry (`pi.appendEntry`) and tells listeners
	 * (`entry_appended`: the TUI draws it with the extension's entry renderer, RPC clients get it).
	 */
	appendCustomEntry(customType: string, data?: unknown): void {
		const id = this.sessionManager.appendCustomEntry(customType, data);
		const entry = this.sessionManager.getEntry(id);
		if (entry?.type === "custom") this.events.emit({ type: "entry_appended", entry });
	}

	/** Registers a listener for every session event. Not awaited. Returns an unsubscribe function. */
	subscribe(listener: AgentSessionListener): () => void {
		return this.events.subscribe(listener);
	}

	/** The last failed session write (the session file lacks that message), if any. */
	get sessionWriteError(): SessionWriteError | undefined {
		return this.parts.context.sessionWriteError;
	}

	get model(): Model | undefined {
		return this.agent.state.model;
	}

	get thinkingLevel(): ThinkingLevel {
		return this.agent.state.thinkingLevel;
	}

	get messages(): AgentMessage[] {
		return this.agent.state.messages;
	}

	/** Where the session-level run is (docs/session-lifecycle.md). */
	get runPhase(): RunPhase {
		return this.parts.run.phase;
	}

	/** True from an accepted prompt until `agent_settled`. */
	get isStreaming(): boolean {
		return this.parts.run.isBusy;
	}

	/** An automatic or manual compaction is running. */
	get isCompacting(): boolean {
		return this.parts.run.isCompacting || this.parts.compactor.isCompacting;
	}

	/** A retry sequence is open: from `auto_retry_start` until its `auto_retry_end`. */
	get isRetrying(): boolean {
		return this.parts.run.isRetrying;
	}

	get sessionFile(): string | undefined {
		return this.sessionManager.getSessionFile();
	}

	get sessionId(): string {
		return this.sessionManager.getSessionId();
	}

	get sessionName(): string | undefined {
		return this.sessionManager.getSessionName();
	}

	get steeringMode(): "all" | "one-at-a-time" {
		return this.agent.steeringMode;
	}

	get followUpMode(): "all" | "one-at-a-time" {
		return this.agent.followUpMode;
	}

	get autoCompactionEnabled(): boolean {
		return this.settingsManager.getCompactionSettings().enabled;
	}

	get autoRetryEnabled(): boolean {
		return this.autoRetry;
	}

	/** The underlying Agent's state. */
	get state(): Agent["state"] {
		return this.agent.state;
	}

	get pendingMessageCount(): number {
		return this.parts.queues.size;
	}

	/**
	 * The full input pipeline (rpc.md §9.1.1). Resolves when the accepted run has completely
	 * finished (retries, overflow compaction and queued follow-ups included); rejects when the
	 * input is refused before acceptance. Once a disposition was reported it never rejects.
	 */
	prompt(text: string, options: PromptOptions = {}): Promise<void> {
		return this.parts.input.prompt(text, options);
	}

	/** Queues a steering message (expanded); extension commands are refused. */
	steer(text: string, images: ImageContent[] = [], source?: InputSource): Promise<QueuedInputDisposition> {
		return this.parts.input.queue("steering", text, images, source);
	}

	/** Queues a follow-up message (expanded); extension commands are refused. */
	followUp(text: string, images: ImageContent[] = [], source?: InputSource): Promise<QueuedInputDisposition> {
		return this.parts.input.queue("followUp", text, images, source);
	}

	/**
	 * Extensions' `sendMessage` while idle: stores a custom message (a `custom_message` entry),
	 * emits its message_start/message_end, and with `triggerTurn` starts a run from it.
	 */
	sendCustomMessage(message: CustomMessage, options: { triggerTurn?: boolean } = {}): Promise<void> {
		return this.parts.input.sendCustomMessage(message, options.triggerTurn === true, (event) =>
			this.events.emit(event),
		);
	}

	/** Removes every queued message and returns their texts. */
	clearQueue(): { steering: string[]; followUp: string[] } {
		return this.parts.queues.clear();
	}

	/** Aborts whatever runs (preflight, stream, tools, retry wait, compaction, tree summary) and waits until idle. */
	async abort(): Promise<void> {
		this.parts.run.abort();
		this.parts.compactor.abort();
		this.parts.tree.abort();
		this.agent.abort();
		await this.agent.waitForIdle();
		await this.parts.run.waitForSettled();
		await this.parts.compactor.waitForIdle();
	}

	/** Stops the automatic retry sequence; the run ends with the last error. */
	abortRetry(): void {
		this.parts.run.abortRetry();
	}

	setAutoRetryEnabled(enabled: boolean): void {
		this.autoRetry = enabled;
		this.settingsManager.setRetryEnabled(enabled);
	}

	setAutoCompactionEnabled(enabled: boolean): void {
		this.settingsManager.setCompactionEnabled(enabled);
	}

	/** Manual compaction: aborts a running turn first; rejects on failure or cancel. */
	async compact(customInstructions?: string): Promise<CompactionResult> {
		if (this.parts.run.isBusy) await this.abort();
		return this.parts.compactor.compact("manual", { customInstructions });
	}

	/** Cancels the running compaction (manual or automatic) or branch summary; the run goes on. */
	abortCompaction(): void {
		this.parts.compactor.abort();
		this.parts.tree.abort();
	}

	/**
	 * Moves to another entry of the session tree (compaction.md §7), optionally summarising the
	 * branch being left. Selecting a user or custom message puts the leaf on its parent and returns
	 * its text for the editor. A summariser error rejects; an abort cancels.
	 */
	async navigateTree(
		targetId: string,
		options: NavigateTreeOptions = {},
	): Promise<{ cancelled: boolean; editorText?: string }> {
		if (!this.sessionManager.getEntry(targetId)) throw new Error(`Entry not found: ${targetId}`);
		if (this.parts.run.isBusy) await this.abort();
		return this.parts.tree.navigate(targetId, options);
	}

	/**
	 * Selects a model: clamps the thinking level, records a model change and saves the default
	 * (unless `saveAsDefault` is false: a model only for this run, e.g. a local server found at start).
	 */
	setModel(model: Model, options: { saveAsDefault?: boolean } = {}): void {
		this.parts.modelControl.setModel(model, options);
	}

	/** Every configured model whose provider has usable credentials (re-reads models.json). */
	getAvailableModels(): Promise<Model[]> {
		return this.modelRuntime.getAvailable();
	}

	/** The models `cycleModel` goes through: scoped ones if configured, else every available one. */
	getCycleModels(): Promise<{ models: readonly ScopedModel[]; isScoped: boolean }> {
		return this.parts.modelControl.getCycleModels();
	}

	/** Moves to the next model; undefined when there is nothing to cycle to. */
	cycleModel(): Promise<{ model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | undefined> {
		return this.parts.modelControl.cycleModel();
	}

	/** Levels the current model supports, ascending; `["off"]` without a model. */
	getAvailableThinkingLevels(): ThinkingLevel[] {
		return this.parts.modelControl.getAvailableThinkingLevels();
	}

	/**
	 * Sets the level, clamped to the model; records a change entry when it changed; saves it as the
	 * default unless `saveAsDefault` is false (the TUI's /thinking: this session only).
	 */
	setThinkingLevel(level: ThinkingLevel, options: { saveAsDefault?: boolean } = {}): void {
		this.parts.modelControl.setThinkingLevel(level, options);
	}

	/** Replaces the cycle list for this session (the TUI's /scoped-models; empty: every available model). */
	setScopedModels(models: readonly ScopedModel[]): void {
		this.parts.modelControl.setScopedModels(models);
	}

	/** Next supported level (wrapping); undefined for models without reasoning. */
	cycleThinkingLevel(): ThinkingLevel | undefined {
		return this.parts.modelControl.cycleThinkingLevel();
	}

	setSteeringMode(mode: "all" | "one-at-a-time"): void {
		this.parts.queues.setMode("steering", mode);
	}

	setFollowUpMode(mode: "all" | "one-at-a-time"): void {
		this.parts.queues.setMode("followUp", mode);
	}

	private refreshSystemPrompt(): void {
		if (this.rebuildSystemPrompt) this.agent.state.systemPrompt = this.rebuildSystemPrompt();
	}

	/** Runs a user shell command; its output enters the next prompt's context unless excluded. */
	executeBash(command: string, options: { excludeFromContext?: boolean; id?: unknown } = {}): Promise<BashResult> {
		return this.parts.bash.execute(command, options);
	}

	/** Kills every running user bash command. */
	abortBash(): void {
		this.parts.bash.abortAll();
	}

	/** Tokens are unknown (null) while the branch's newest compaction is newer than its last good reply. */
	getContextUsage(): ContextUsage | undefined {
		return sessionContextUsage(this.model, this.sessionManager.getBranch(), this.messages);
	}

	getSessionStats(): SessionStats {
		return sessionStats(this, this.sessionManager.getEntries(), this.getContextUsage());
	}

	/** Text of the latest assistant reply (aborted empty ones skipped), trimmed; undefined if none. */
	getLastAssistantText(): string | undefined {
		return lastAssistantText(this.messages);
	}

	/** User messages of the active branch a fork can start before (text ones only). */
	getUserMessagesForForking(): { entryId: string; text: string }[] {
		return this.sessionManager.getUserMessagesForForking().filter((entry) => entry.text !== "");
	}

	/**
	 * Writes the session as one self-contained HTML file and returns its path. Default path:
	 * `pi-session-<session file base name>.html` in the process's working directory.
	 */
	async exportToHtml(outputPath?: string): Promise<string> {
		// Imported here: the renderer pulls in @pi/tui and highlight.js, which no other code path of
		// print, JSON, RPC or ACP mode needs at start-up.
		const { exportSessionToHtml } = await import("../export-html/export-session-html.js");
		return exportSessionToHtml(this.sessionManager, outputPath ? { outputPath } : {});
	}

	/** Names the session; rejects an empty name. */
	setSessionName(name: string): void {
		if (!name.trim()) throw new Error("Session name cannot be empty");
		this.sessionManager.appendSessionInfo(name);
		// Listeners (RPC clients) hear of it first, then extensions, as in pi 1.4.
		this.events.emit({ type: "session_info_changed", name: this.sessionName });
		void this.extensionRunner.emitNotification?.({ type: "session_info_changed", name: this.sessionName });
	}

	/**
	 * Stores the mode's bindings (absent fields keep earlier values) and emits `session_start` to
	 * extensions. Until then extensions run with the no-op UI in mode "print".
	 */
	async bindExtensions(bindings: ExtensionBindings): Promise<void> {
		this.bindings = {
			...this.bindings,
			...Object.fromEntries(Object.entries(bindings).filter(([, value]) => value !== undefined)),
		};
		// The runner applies them and emits the stored session_start (first bind only).
		await this.extensionRunner.bind?.(this.bindings);
	}

	/** The bindings given so far. */
	getExtensionBindings(): Readonly<ExtensionBindings> {
		return this.bindings;
	}

	/**
	 * Re-runs resource discovery (skills, prompt templates, context files, system prompt files)
	 * and rebuilds the system prompt. Waits until the session is idle first.
	 */
	async reload(): Promise<void> {
		await this.waitForSettled();
		if (this.resourceLoader) {
			const resources = this.resourceLoader.load();
			this.skills = this.enableSkillCommands ? resources.skills : [];
			this.promptTemplates = resources.promptTemplates;
		}
		this.modelRuntime.refresh();
		this.refreshSystemPrompt();
	}

	/** Releases the session: aborts work, unsubscribes from the Agent. */
	dispose(): void {
		if (this.disposed) return;
		this.disposed = true;
		// No-op when a runtime teardown already emitted session_shutdown.
		void this.extensionRunner.emitSessionShutdown("quit");
		this.cacheWarming?.cancel();
		this.parts.run.abort();
		this.parts.bash.abortAll();
		this.agent.abort();
		this.unsubscribeAgent();
		this.events.clear();
		this.sessionManager.close();
	}

	/** Used by the runtime: waits until the current run (if any) has settled. */
	async waitForSettled(): Promise<void> {
		await this.parts.run.waitForSettled();
	}
}
