import type { AgentMessage } from "@pi/agent-core";
import type { AssistantMessage } from "@pi/ai";
import type { Component } from "@pi/tui";
import type { AgentSessionEvent } from "../../core/agent-session/agent-session-events.js";
import type { ToolRenderers } from "../../core/extensions/extension-renderers.js";
import { type CustomMessage, textOfContent } from "../../core/messages.js";
import type { CustomEntry } from "../../core/session/session-types.js";
import { AssistantMessageComponent } from "./components/assistant-message.js";
import { ExtensionRenderedComponent } from "./components/extension-rendered.js";
import type { ExtensionToolRenderingOptions } from "./components/extension-tool-rendering.js";
import { NoticeComponent } from "./components/notice.js";
import { ToolExecutionComponent } from "./components/tool-execution.js";
import { TranscriptContainer } from "./components/transcript-container.js";
import { type UserImageOptions, UserMessageComponent } from "./components/user-message.js";
import type { ExtensionTheme } from "./extension-theme.js";
import type { MarkdownTransformers } from "./markdown-transform.js";
import type { Theme } from "./theme.js";

/** One row of history: a message, or an extension's custom entry (drawn only by its renderer). */
export type TranscriptItem = AgentMessage | CustomEntry;

/** What extensions draw in the transcript, looked up when a row is drawn (extensions.md §6). */
export interface TranscriptExtensions {
	/** The renderers of a tool by name (resolvers, then the tool definition's). */
	toolRenderers(toolName: string): ToolRenderers | undefined;
	/** The theme renderers draw with. */
	theme(): ExtensionTheme;
	/** Extensions' Markdown transformers, in load order. */
	markdownTransformers: MarkdownTransformers;
	cwd(): string;
	showImages(): boolean;
}

/** The status text while a run is working, pi 1.4's (extensions may replace it with `setWorkingMessage`). */
export const WORKING_MESSAGE = "Working";

/** What the transcript tells the rest of the screen (spinner, pending queue). */
export interface TranscriptHooks {
	setStatus(message: string | undefined): void;
	setPending(steering: readonly string[], followUp: readonly string[]): void;
	/** A running tool's `Elapsed` line changed (called every {@link ELAPSED_TICK_MS} while one runs). */
	requestRender?(): void;
	/** An extension's component for a custom message, or undefined for the default look. */
	renderCustom?(message: CustomMessage, expanded: boolean): Component | undefined;
	/** An extension's component for a custom entry, or undefined (the entry is then not shown). */
	renderEntry?(entry: CustomEntry, expanded: boolean): Component | undefined;
}

/** How often a running tool's `Elapsed` time is redrawn. */
export const ELAPSED_TICK_MS = 200;

/**
 * The chat: one component per message, mutated in place by session events (run-modes.md §7.5,
 * step 3). Owns the tool-output expansion and thinking visibility toggles.
 */
export class Transcript {
	readonly container = new TranscriptContainer();
	private streaming: AssistantMessageComponent | undefined;
	private readonly tools = new Map<string, ToolExecutionComponent>();
	private readonly assistants: AssistantMessageComponent[] = [];
	/** Replies that are a jump target in fullscreen (text, no tool call), as pi 1.4 marks them. */
	private readonly markedReplies = new WeakSet<Component>();
	/** Rows drawn by extensions' message and entry renderers (redrawn on Ctrl+O). */
	private readonly rendered: ExtensionRenderedComponent[] = [];
	private toolsExpanded = false;
	private showThinking: boolean;
	private imageOptions: UserImageOptions;
	private elapsedTimer: ReturnType<typeof setInterval> | undefined;

	constructor(
		private readonly theme: Theme,
		private readonly hooks: TranscriptHooks,
		options: { showThinking?: boolean; images?: UserImageOptions; extensions?: TranscriptExtensions } = {},
	) {
		this.showThinking = options.showThinking ?? false;
		this.imageOptions = options.images ?? {};
		this.extensions = options.extensions;
	}

	private readonly extensions: TranscriptExtensions | undefined;
	private hiddenThinkingLabel: string | undefined;

	/** `ctx.ui.setHiddenThinkingLabel`: the line shown for collapsed thinking blocks (undefined: the default). */
	setHiddenThinkingLabel(label: string | undefined): void {
		this.hiddenThinkingLabel = label;
		for (const assistant of this.assistants) assistant.setHiddenThinkingLabel(label);
	}

	/** A tool row, drawn by extensions' renderers when they have some for it. */
	newTool(toolCallId: string, toolName: string, args: Record<string, unknown>): ToolExecutionComponent {
		const rendering = this.toolRendering(toolCallId, toolName);
		return new ToolExecutionComponent(toolName, args, this.theme, this.toolsExpanded, rendering);
	}

	private toolRendering(toolCallId: string, toolName: string): ExtensionToolRenderingOptions | undefined {
		const extensions = this.extensions;
		if (!extensions) return undefined;
		return {
			toolCallId,
			renderers: () => extensions.toolRenderers(toolName),
			theme: () => extensions.theme(),
			cwd: extensions.cwd(),
			showImages: extensions.showImages(),
			requestRender: () => this.hooks.requestRender?.(),
		};
	}

	get expanded(): boolean {
		return this.toolsExpanded;
	}

	get thinkingVisible(): boolean {
		return this.showThinking;
	}

	/** Ctrl+O: expands (or collapses) the output of every tool call. */
	setToolsExpanded(expanded: boolean): void {
		this.toolsExpanded = expanded;
		for (const tool of this.tools.values()) tool.setExpanded(expanded);
		for (const row of this.rendered) row.setExpanded(expanded);
	}

	/** Ctrl+T: shows thinking blocks in full or as one line. */
	setShowThinking(show: boolean): void {
		this.showThinking = show;
		for (const assistant of this.assistants) assistant.setShowThinking(show);
	}

	/** `terminal.showImages` / `terminal.imageWidthCells` for user messages drawn from now on (reset redraws all). */
	setImageOptions(options: UserImageOptions): void {
		this.imageOptions = options;
	}

	/** Redraws running tools' `Elapsed` lines until none is running. */
	private tickWhileRunning(): void {
		if (this.elapsedTimer !== undefined) return;
		this.elapsedTimer = setInterval(() => {
			let running = false;
			for (const tool of this.timedTools) if (tool.isTiming) running = true;
			if (!running) {
				clearInterval(this.elapsedTimer);
				this.elapsedTimer = undefined;
				this.timedTools.clear();
			}
			this.hooks.requestRender?.();
		}, ELAPSED_TICK_MS);
		this.elapsedTimer.unref?.();
	}

	private readonly timedTools = new Set<ToolExecutionComponent>();

	/** Starts the `Elapsed` / `Took` line of a tool run shown outside session events (`!cmd`). */
	startTiming(tool: ToolExecutionComponent): void {
		tool.markStarted();
		this.timedTools.add(tool);
		this.tickWhileRunning();
	}

	/** Empties the chat (new session, resume, fork) and draws `items` as history. */
	reset(items: readonly TranscriptItem[]): void {
		this.container.clear();
		this.tools.clear();
		this.assistants.length = 0;
		this.rendered.length = 0;
		this.streaming = undefined;
		const messages: AgentMessage[] = [];
		for (const item of items) {
			if (isCustomEntry(item)) this.addEntry(item);
			else {
				messages.push(item);
				this.addHistoryMessage(item);
			}
		}
		this.completeHistoryTools(messages);
	}

	/** A custom entry drawn by its extension's renderer; nothing when there is none. */
	private addEntry(entry: CustomEntry): void {
		if (!this.hooks.renderEntry) return;
		const row = new ExtensionRenderedComponent(
			(expanded) => this.hooks.renderEntry?.(entry, expanded),
			this.toolsExpanded,
		);
		if (!row.hasContent) return;
		this.rendered.push(row);
		// Appended while a reply streams: it goes above the reply, which is still being written.
		const index = this.streaming ? this.container.children.indexOf(this.streaming) : -1;
		if (index >= 0) this.container.children.splice(index, 0, row);
		else this.container.addChild(row);
	}

	/**
	 * A one-line status at the end of the transcript (pi 1.4's "Tool output: expanded"): when the
	 * transcript still ends with the previous status, that line is rewritten instead of stacking.
	 */
	showStatusLine(text: string): void {
		if (this.statusLine && this.container.children.at(-1) === this.statusLine) {
			this.statusLine.setText(text);
			return;
		}
		this.statusLine = this.addNotice(text);
	}
	private statusLine: NoticeComponent | undefined;

	/** Appends a styled notice (info, warning, error). */
	addNotice(text: string): NoticeComponent {
		const notice = new NoticeComponent(text, this.theme.outputPad);
		this.container.addChild(notice);
		return notice;
	}

	addComponent(component: ToolExecutionComponent | NoticeComponent): void {
		this.container.addChild(component);
	}

	private addHistoryMessage(message: AgentMessage): void {
		switch (message.role) {
			case "user":
				this.container.addChild(
					new UserMessageComponent(
						message.content,
						this.theme,
						this.imageOptions,
						this.extensions?.markdownTransformers,
					),
				);
				return;
			case "assistant": {
				const component = this.addAssistant();
				this.updateAssistant(component, message);
				this.addToolCalls(message, true);
				return;
			}
			case "toolResult":
				return;
			case "bashExecution": {
				const tool = this.newTool(`bash-${this.container.children.length}`, "bash", { command: message.command });
				tool.setResult(
					{ content: [{ type: "text", text: message.output }] },
					message.exitCode !== 0 && message.exitCode !== undefined,
				);
				this.container.addChild(tool);
				return;
			}
			case "custom": {
				if (!message.display) return;
				const row = this.hooks.renderCustom
					? new ExtensionRenderedComponent(
							(expanded) => this.hooks.renderCustom?.(message, expanded),
							this.toolsExpanded,
						)
					: undefined;
				if (row?.hasContent) {
					this.rendered.push(row);
					this.container.addChild(row);
				} else this.addNotice(`${this.theme.accent(`[${message.customType}]`)} ${textOfContent(message.content)}`);
				return;
			}
			case "compactionSummary":
				this.addNotice(this.theme.muted(`Compacted ${message.tokensBefore} tokens of earlier history.`));
				return;
			case "branchSummary":
				this.addNotice(this.theme.muted(`Branch summary: ${message.summary}`));
				return;
			default: {
				const unknown: never = message;
				void unknown;
			}
		}
	}

	private completeHistoryTools(messages: readonly AgentMessage[]): void {
		for (const message of messages) {
			if (message.role !== "toolResult") continue;
			this.tools
				.get(message.toolCallId)
				?.setResult({ content: message.content, details: message.details }, message.isError, message.durationMs);
		}
	}

	/**
	 * The start lines of the fullscreen jumps (`tui.altScreen.previousPrompt` / `nextPrompt`): user
	 * prompts and replies with text and no tool call, as in pi 1.4.
	 */
	isJumpTarget(child: Component): boolean {
		return child instanceof UserMessageComponent || this.markedReplies.has(child);
	}

	private updateAssistant(component: AssistantMessageComponent, message: AssistantMessage): void {
		component.update(message);
		const hasText = message.content.some((content) => content.type === "text" && content.text.trim() !== "");
		const hasToolCall = message.content.some((content) => content.type === "toolCall");
		if (hasText && !hasToolCall) this.markedReplies.add(component);
		else this.markedReplies.delete(component);
	}

	private addAssistant(): AssistantMessageComponent {
		const component = new AssistantMessageComponent(this.theme, {
			showThinking: this.showThinking,
			...(this.hiddenThinkingLabel !== undefined ? { hiddenThinkingLabel: this.hiddenThinkingLabel } : {}),
			...(this.extensions ? { markdownTransformers: this.extensions.markdownTransformers } : {}),
		});
		this.assistants.push(component);
		this.container.addChild(component);
		return component;
	}

	/** Adds (or updates) the rows of `message`'s tool calls; `complete`: the message ended. */
	private addToolCalls(message: AssistantMessage, complete = false): void {
		for (const content of message.content) {
			if (content.type !== "toolCall") continue;
			const existing = this.tools.get(content.id);
			if (existing) {
				existing.setArgs(content.arguments);
				if (complete) existing.setArgsComplete();
				continue;
			}
			const tool = this.newTool(content.id, content.name, content.arguments);
			if (complete) tool.setArgsComplete();
			this.tools.set(content.id, tool);
			this.container.addChild(tool);
		}
	}

	private toolFor(toolCallId: string, toolName: string, args: Record<string, unknown>): ToolExecutionComponent {
		let tool = this.tools.get(toolCallId);
		if (!tool) {
			tool = this.newTool(toolCallId, toolName, args);
			this.tools.set(toolCallId, tool);
			this.container.addChild(tool);
		}
		return tool;
	}

	/** Applies one session event to the chat. */
	handleEvent(event: AgentSessionEvent): void {
		switch (event.type) {
			case "message_start":
				if (event.message.role === "assistant") {
					this.streaming = this.addAssistant();
					this.updateAssistant(this.streaming, event.message);
				} else if (event.message.role !== "toolResult") {
					this.addHistoryMessage(event.message);
				}
				return;
			case "message_update":
				if (this.streaming && event.message.role === "assistant") this.updateAssistant(this.streaming, event.message);
				this.addToolCalls(event.message);
				return;
			case "message_end":
				if (event.message.role === "assistant") {
					if (this.streaming) this.updateAssistant(this.streaming, event.message);
					this.addToolCalls(event.message, true);
					this.streaming = undefined;
				}
				return;
			case "tool_execution_start": {
				const tool = this.toolFor(event.toolCallId, event.toolName, event.args);
				tool.setArgs(event.args);
				this.startTiming(tool);
				return;
			}
			case "tool_execution_update":
				this.toolFor(event.toolCallId, event.toolName, event.args).setPartialResult(event.partialResult);
				return;
			case "tool_execution_end":
				this.toolFor(event.toolCallId, event.toolName, {}).setResult(event.result, event.isError, event.durationMs);
				return;
			case "agent_start":
				this.hooks.setStatus(WORKING_MESSAGE);
				return;
			case "agent_settled":
				this.hooks.setStatus(undefined);
				return;
			case "queue_update":
				this.hooks.setPending(event.steering, event.followUp);
				return;
			case "compaction_start":
				this.hooks.setStatus(`Compacting context (${event.reason})… (Esc to cancel)`);
				return;
			case "compaction_end":
				this.hooks.setStatus(undefined);
				if (event.result) {
					this.addNotice(this.theme.muted(`Compacted ${event.result.tokensBefore} tokens of earlier history.`));
				} else if (event.aborted) {
					this.addNotice(this.theme.warning("Compaction cancelled"));
				} else if (event.errorMessage) {
					// A manual compaction's message already says "Compaction failed: ".
					const text = event.reason === "manual" ? event.errorMessage : `Compaction failed: ${event.errorMessage}`;
					this.addNotice(this.theme.error(text));
				}
				return;
			case "auto_retry_start":
				this.hooks.setStatus(
					`Retrying (${event.attempt}/${event.maxAttempts}) in ${Math.ceil(event.delayMs / 1000)}s: ${event.errorMessage} (Esc to cancel)`,
				);
				return;
			case "auto_retry_end":
				this.hooks.setStatus(event.success ? WORKING_MESSAGE : undefined);
				if (!event.success && event.finalError) this.addNotice(this.theme.error(`Retry failed: ${event.finalError}`));
				return;
			case "summarization_retry_scheduled":
				this.hooks.setStatus(
					`Summarization failed, retrying (${event.attempt}/${event.maxAttempts}): ${event.errorMessage}`,
				);
				return;
			case "entry_appended":
				this.addEntry(event.entry);
				return;
			case "summarization_retry_attempt_start":
			case "summarization_retry_finished":
			case "bash_execution_update":
			case "session_info_changed":
			case "agent_end":
			case "turn_start":
			case "turn_end":
				return;
			default: {
				const unknown: never = event;
				void unknown;
			}
		}
	}
}

function isCustomEntry(item: TranscriptItem): item is CustomEntry {
	return (item as { type?: unknown }).type === "custom" && "customType" in item && !("role" in item);
}
