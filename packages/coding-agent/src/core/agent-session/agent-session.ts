import type { Agent, AgentEvent, AgentMessage, ThinkingLevel } from "@pi/agent-core";
import type { ImageContent, Model } from "@pi/ai";
import { estimateContextTokens } from "../compaction/token-estimate.js";
import type { SettingsManager } from "../config/settings-manager.js";
import { exportSessionToHtml } from "../export-html/export-session-html.js";
import type { ExtensionBindings } from "../extensions/extension-bindings.js";
import {
	type ExtensionRunnerSeam,
	type InputSource,
	noopExtensionRunner,
} from "../extensions/extension-runner-seam.js";
import type { BashExecutionMessage } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { PromptTemplate } from "../resources/prompt-templates.js";
import type { LoadedResources } from "../resources/resource-loader.js";
import type { Skill } from "../resources/skills.js";
import type { SessionManager } from "../session/session-manager.js";
import type {
	AgentSessionEvent,
	AgentSessionListener,
	CompactionResult,
	PromptDisposition,
	QueuedInputDisposition,
} from "./agent-session-events.js";
import { AutoContinuation } from "./auto-continuation.js";
import { expandInput, findExtensionCommand } from "./input-expansion.js";
import { type BashResult, SessionBash } from "./session-bash.js";
import { SessionCompactor } from "./session-compactor.js";
import { type ScopedModel, SessionModelControl } from "./session-model-control.js";
import { SessionQueues, userMessage } from "./session-queues.js";
import {
	type ContextUsage,
	contextUsageFor,
	countMessages,
	lastAssistantText,
	type SessionStats,
	sumSessionUsage,
} from "./session-stats.js";
import { type NavigateTreeOptions, navigateSessionTree } from "./session-tree-navigation.js";

export type { ExtensionBindings } from "../extensions/extension-bindings.js";
export type { ScopedModel } from "./session-model-control.js";

/** The error `prompt()` rejects with while a run is in progress and no streamingBehavior was given. */
export const ALREADY_PROCESSING_MESSAGE =
	"Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.";

/** Options of `AgentSession.prompt`. */
export interface PromptOptions {
	images?: ImageContent[];
	streamingBehavior?: "steer" | "followUp";
	/** Default true. */
	expandPromptTemplates?: boolean;
	/** Default "interactive". */
	source?: InputSource;
	/** Called once per accepted prompt with its disposition, before `prompt()` resolves. */
	preflightResult?: (disposition: PromptDisposition) => void;
}

/** Construction options of an AgentSession (built by `createAgentSession`). */
export interface AgentSessionConfig {
	agent: Agent;
	sessionManager: SessionManager;
	settingsManager: SettingsManager;
	modelRuntime: ModelRuntime;
	skills?: Skill[];
	promptTemplates?: PromptTemplate[];
	scopedModels?: ScopedModel[];
	extensionRunner?: ExtensionRunnerSeam;
	/** Rebuilds the system prompt (after model or tool changes). */
	rebuildSystemPrompt?: () => string;
	/** Re-run by `reload()` to pick up changed skills, templates and context files. */
	resourceLoader?: { load(): LoadedResources };
	/** Whether `/skill:name` commands expand (setting `enableSkillCommands`). */
	enableSkillCommands?: boolean;
	/** Shell for `executeBash`. */
	shellPath?: string;
	shellCommandPrefix?: string;
}

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
	private readonly modelControl: SessionModelControl;
	private readonly listeners = new Set<AgentSessionListener>();
	private readonly queues: SessionQueues;
	private readonly compactor: SessionCompactor;
	private readonly bash: SessionBash;
	private readonly unsubscribeAgent: () => void;
	private readonly rebuildSystemPrompt: (() => string) | undefined;
	private running = false;
	private currentRun: Promise<void> | undefined;
	private abortRequested = false;
	private readonly auto: AutoContinuation;
	private contextUnknownAfterCompaction = false;
	private autoRetry: boolean;
	/** Failed replies taken out of the model's context (they stay in the file). */
	private readonly excludedFromContext = new WeakSet<AgentMessage>();
	private disposed = false;
	private bindings: ExtensionBindings = { mode: "print" };
	private treeController: AbortController | undefined;

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
		this.agent.steeringMode = this.settingsManager.getSteeringMode();
		this.agent.followUpMode = this.settingsManager.getFollowUpMode();
		this.compactor = new SessionCompactor({
			sessionManager: this.sessionManager,
			settings: this.settingsManager,
			modelRuntime: this.modelRuntime,
			getModel: () => this.model,
			emit: (event) => this.emit(event),
			onCompacted: () => {
				this.agent.state.messages = this.contextFromSession();
				this.contextUnknownAfterCompaction = true;
				return this.agent.state.messages;
			},
		});
		this.bash = new SessionBash({
			cwd: () => this.sessionManager.getCwd(),
			shellPath: config.shellPath,
			shellCommandPrefix: config.shellCommandPrefix,
			emit: (event) => this.emit(event),
			isBusy: () => this.running,
			store: (message) => this.storeBashMessage(message),
		});
		this.queues = new SessionQueues(this.agent, (event) => this.emit(event));
		this.modelControl = new SessionModelControl({
			agent: this.agent,
			sessionManager: this.sessionManager,
			settings: this.settingsManager,
			modelRuntime: this.modelRuntime,
			scopedModels: config.scopedModels ?? [],
			refreshSystemPrompt: () => this.refreshSystemPrompt(),
		});
		this.auto = new AutoContinuation({
			agent: this.agent,
			compactor: this.compactor,
			settings: this.settingsManager,
			sessionManager: this.sessionManager,
			emit: (event) => this.emit(event),
			dropFromContext: (message) => this.dropFromContext(message),
			isAutoRetryEnabled: () => this.autoRetry,
			isAbortRequested: () => this.abortRequested,
		});
		this.unsubscribeAgent = this.agent.subscribe((event) => this.onAgentEvent(event));
	}

	// --- events -------------------------------------------------------------------------------

	/** Registers a listener for every session event. Not awaited. Returns an unsubscribe function. */
	subscribe(listener: AgentSessionListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private emit(event: AgentSessionEvent): void {
		// Iterating the Set itself: listeners removed meanwhile are skipped, no copy per event.
		for (const listener of this.listeners) {
			try {
				listener(event);
			} catch (error) {
				// A throwing observer must not break the run or other observers.
				console.error("AgentSession listener failed:", error);
			}
		}
	}

	private onAgentEvent(event: AgentEvent): void {
		if (event.type === "message_start") this.queues.noteInjected(event.message);
		if (event.type === "message_end") this.persistMessage(event.message);
		if (event.type === "agent_end") {
			this.emit({ ...event, willRetry: this.auto.decideRetry() });
			return;
		}
		this.emit(event);
	}

	private persistMessage(message: AgentMessage): void {
		this.sessionManager.appendMessage(message);
		if (message.role !== "assistant") return;
		if (message.stopReason !== "error" && message.stopReason !== "aborted") this.contextUnknownAfterCompaction = false;
		this.auto.noteReply(message);
	}

	/** The active branch's messages without replies that were taken out for a retry. */
	private contextFromSession(): AgentMessage[] {
		return this.sessionManager
			.buildSessionContext()
			.messages.filter((message) => !this.excludedFromContext.has(message));
	}

	private dropFromContext(message: AgentMessage): void {
		this.excludedFromContext.add(message);
		this.agent.state.messages = this.messages.filter((candidate) => candidate !== message);
	}

	// --- state --------------------------------------------------------------------------------

	get model(): Model | undefined {
		return this.agent.state.model;
	}

	get thinkingLevel(): ThinkingLevel {
		return this.agent.state.thinkingLevel;
	}

	get messages(): AgentMessage[] {
		return this.agent.state.messages;
	}

	/** True from an accepted prompt until `agent_settled`. */
	get isStreaming(): boolean {
		return this.running;
	}

	get isCompacting(): boolean {
		return this.compactor.isCompacting;
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
		return this.queues.size;
	}

	// --- prompting ----------------------------------------------------------------------------

	/**
	 * The full input pipeline (rpc.md §9.1.1). Resolves when the accepted run has completely
	 * finished (retries, overflow compaction and queued follow-ups included); rejects when the
	 * input is refused before acceptance.
	 */
	async prompt(text: string, options: PromptOptions = {}): Promise<void> {
		const command = findExtensionCommand(text, this.extensionRunner);
		if (command) {
			options.preflightResult?.("handled");
			await command.command.handler(command.args);
			return;
		}
		const expanded = await expandInput(text, options.images ?? [], {
			runner: this.extensionRunner,
			source: options.source ?? "interactive",
			skills: this.skills,
			templates: options.expandPromptTemplates === false ? [] : this.promptTemplates,
		});
		if (expanded === "handled") {
			options.preflightResult?.("handled");
			return;
		}
		if (this.running) {
			if (!options.streamingBehavior) throw new Error(ALREADY_PROCESSING_MESSAGE);
			this.queues.add(options.streamingBehavior === "steer" ? "steering" : "followUp", expanded.text, expanded.images);
			options.preflightResult?.("queued");
			return;
		}
		// From here the session is busy: an abort() now belongs to this prompt.
		this.running = true;
		this.abortRequested = false;
		try {
			// A manual compaction rewrites the Agent's messages; a run must not start under it.
			await this.compactor.waitForIdle();
			await this.checkCanPrompt();
			if (this.abortRequested) throw new Error("Aborted before the run started");
		} catch (error) {
			this.running = false;
			throw error;
		}
		this.bash.flushPending();
		const message = userMessage(expanded.text, expanded.images);
		options.preflightResult?.("started");
		await this.runSettled(async () => {
			await this.auto.compactBeforePrompt();
			await this.agent.prompt(message);
		});
	}

	/** Queues a steering message (expanded); extension commands are refused. */
	async steer(text: string, images: ImageContent[] = []): Promise<QueuedInputDisposition> {
		return this.queueInput("steering", text, images);
	}

	/** Queues a follow-up message (expanded); extension commands are refused. */
	async followUp(text: string, images: ImageContent[] = []): Promise<QueuedInputDisposition> {
		return this.queueInput("followUp", text, images);
	}

	private async queueInput(
		kind: "steering" | "followUp",
		text: string,
		images: ImageContent[],
	): Promise<QueuedInputDisposition> {
		const command = findExtensionCommand(text, this.extensionRunner);
		if (command) {
			throw new Error(
				`Extension command "/${command.command.name}" cannot be queued. Use prompt() or execute the command when not streaming.`,
			);
		}
		const expanded = await expandInput(text, images, {
			runner: this.extensionRunner,
			source: "interactive",
			skills: this.skills,
			templates: this.promptTemplates,
		});
		if (expanded === "handled") return "handled";
		this.queues.add(kind, expanded.text, expanded.images);
		return "queued";
	}

	/** Removes every queued message and returns their texts. */
	clearQueue(): { steering: string[]; followUp: string[] } {
		return this.queues.clear();
	}

	private async checkCanPrompt(): Promise<void> {
		const model = this.model;
		if (!model) {
			throw new Error(
				"No model selected. Use /model, --model, or set defaultProvider and defaultModel in settings.json.",
			);
		}
		if (!(await this.modelRuntime.hasAuth(model.provider))) {
			throw new Error(
				`No API key found for ${model.provider}. Set its API key environment variable, run \`pi auth set ${model.provider}\`, or pass --api-key.`,
			);
		}
	}

	// --- the session-level run ----------------------------------------------------------------

	/**
	 * Runs `start`, then everything automatic that follows it (retry, overflow compaction and
	 * retry, threshold compaction, late queued messages), then emits `agent_settled` once.
	 */
	private async runSettled(start: () => Promise<void>): Promise<void> {
		this.running = true;
		this.auto.resetForRun();
		const run = (async () => {
			try {
				await start();
				while (!this.abortRequested && (await this.auto.continueAutomatically())) {
					// Each iteration ran one more low-level agent run.
				}
			} finally {
				this.auto.finishRun();
				this.running = false;
				this.emit({ type: "agent_settled", aborted: this.abortRequested });
			}
		})();
		this.currentRun = run;
		try {
			await run;
		} finally {
			if (this.currentRun === run) this.currentRun = undefined;
		}
	}

	// --- abort, retry and compaction control --------------------------------------------------

	/** Aborts the current run (stream, tools, retry wait, compaction) and waits until idle. */
	async abort(): Promise<void> {
		if (this.running || this.currentRun) this.abortRequested = true;
		this.auto.abortRetry();
		this.compactor.abort();
		this.treeController?.abort();
		this.agent.abort();
		await this.agent.waitForIdle();
		await this.currentRun?.catch(() => undefined);
	}

	/** Cancels a pending automatic retry; the run ends with the last error. */
	abortRetry(): void {
		this.auto.abortRetry();
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
		if (this.running) await this.abort();
		return this.compactor.compact("manual", { customInstructions });
	}

	abortCompaction(): void {
		this.compactor.abort();
		this.treeController?.abort();
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
		if (this.running) await this.abort();
		const controller = new AbortController();
		this.treeController = controller;
		try {
			return await navigateSessionTree(targetId, options, {
				sessionManager: this.sessionManager,
				settings: this.settingsManager,
				modelRuntime: this.modelRuntime,
				model: this.model,
				signal: controller.signal,
				emit: (event) => this.emit(event),
			});
		} finally {
			this.treeController = undefined;
			this.agent.state.messages = this.contextFromSession();
		}
	}

	// --- model and thinking -------------------------------------------------------------------

	/** Selects a model: clamps the thinking level, records a model change and saves the default. */
	setModel(model: Model): void {
		this.modelControl.setModel(model);
	}

	/** Every configured model whose provider has usable credentials (re-reads models.json). */
	getAvailableModels(): Promise<Model[]> {
		return this.modelRuntime.getAvailable();
	}

	/** The models `cycleModel` goes through: scoped ones if configured, else every available one. */
	getCycleModels(): Promise<{ models: readonly ScopedModel[]; isScoped: boolean }> {
		return this.modelControl.getCycleModels();
	}

	/** Moves to the next model; undefined when there is nothing to cycle to. */
	cycleModel(): Promise<{ model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | undefined> {
		return this.modelControl.cycleModel();
	}

	/** Levels the current model supports, ascending; `["off"]` without a model. */
	getAvailableThinkingLevels(): ThinkingLevel[] {
		return this.modelControl.getAvailableThinkingLevels();
	}

	/** Sets the level, clamped to the model; records a change entry when it changed. */
	setThinkingLevel(level: ThinkingLevel): void {
		this.modelControl.setThinkingLevel(level);
	}

	/** Next supported level (wrapping); undefined for models without reasoning. */
	cycleThinkingLevel(): ThinkingLevel | undefined {
		return this.modelControl.cycleThinkingLevel();
	}

	setSteeringMode(mode: "all" | "one-at-a-time"): void {
		this.agent.steeringMode = mode;
		this.settingsManager.setSteeringMode(mode);
	}

	setFollowUpMode(mode: "all" | "one-at-a-time"): void {
		this.agent.followUpMode = mode;
		this.settingsManager.setFollowUpMode(mode);
	}

	private refreshSystemPrompt(): void {
		if (this.rebuildSystemPrompt) this.agent.state.systemPrompt = this.rebuildSystemPrompt();
	}

	// --- bash ---------------------------------------------------------------------------------

	/** Runs a user shell command; its output enters the next prompt's context unless excluded. */
	executeBash(command: string, options: { excludeFromContext?: boolean; id?: unknown } = {}): Promise<BashResult> {
		return this.bash.execute(command, options);
	}

	/** Kills every running user bash command. */
	abortBash(): void {
		this.bash.abortAll();
	}

	private storeBashMessage(message: BashExecutionMessage): void {
		this.sessionManager.appendMessage(message);
		this.agent.state.messages = [...this.messages, message];
	}

	// --- stats and queries --------------------------------------------------------------------

	getContextUsage(): ContextUsage | undefined {
		return contextUsageFor(
			this.model,
			this.contextUnknownAfterCompaction ? null : estimateContextTokens(this.messages),
		);
	}

	getSessionStats(): SessionStats {
		const { tokens, cost } = sumSessionUsage(this.sessionManager.getEntries());
		const contextUsage = this.getContextUsage();
		return {
			...(this.sessionFile ? { sessionFile: this.sessionFile } : {}),
			sessionId: this.sessionId,
			...countMessages(this.messages),
			tokens,
			cost,
			...(contextUsage ? { contextUsage } : {}),
		};
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
	exportToHtml(outputPath?: string): string {
		return exportSessionToHtml(this.sessionManager, outputPath ? { outputPath } : {});
	}

	/** Names the session; rejects an empty name. */
	setSessionName(name: string): void {
		if (!name.trim()) throw new Error("Session name cannot be empty");
		this.sessionManager.appendSessionInfo(name);
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
		this.auto.abortRetry();
		this.bash.abortAll();
		this.agent.abort();
		this.unsubscribeAgent();
		this.listeners.clear();
		this.sessionManager.close();
	}

	/** Used by the runtime: waits until the current run (if any) has settled. */
	async waitForSettled(): Promise<void> {
		await this.currentRun?.catch(() => undefined);
	}
}
