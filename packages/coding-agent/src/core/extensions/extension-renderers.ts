// How extensions draw in the TUI (extensions.md §6 "Rendering"): renderers of their custom
// messages and entries, tool call/result renderers (on a tool definition, or by resolver for any
// tool, built-ins included), and Markdown transformers. Modes without a terminal never call them.
import type { AgentToolResult } from "@pi/agent-core";
import type { Component } from "@pi/tui";
import type { ExtensionTheme } from "../../modes/interactive/extension-theme.js";
import type { CustomMessage } from "../messages.js";
import type { CustomEntry } from "../session/session-types.js";

export interface MessageRenderOptions {
	expanded: boolean;
	/** Blank columns left and right of the transcript (the `outputPad` setting). */
	outputPad: number;
}

export interface EntryRenderOptions {
	expanded: boolean;
}

/** Draws a custom message (`sendMessage` with this `customType`); undefined: the default look. */
export type MessageRenderer<T = unknown> = (
	message: CustomMessage<T>,
	options: MessageRenderOptions,
	theme: ExtensionTheme,
) => Component | undefined;

/** Draws a custom entry (`appendEntry` with this `customType`), which is otherwise not shown. */
export type EntryRenderer<T = unknown> = (
	entry: CustomEntry<T>,
	options: EntryRenderOptions,
	theme: ExtensionTheme,
) => Component | undefined;

export interface ToolRenderResultOptions {
	expanded: boolean;
	/** True while the tool still streams updates. */
	isPartial: boolean;
}

/** What a tool renderer is given beside the arguments: ids, redraw, its previous component, the row's state. */
export interface ToolRenderContext<TArgs = Record<string, unknown>> {
	/** The call's arguments (the same object `renderCall` gets). */
	args: TArgs;
	/** The call's id, the same for the call and result renders of one call. */
	toolCallId: string;
	/** Redraws this tool row (e.g. after the renderer's own state changed). */
	invalidate: () => void;
	/** What this renderer returned last time for this row, to update instead of rebuilding. */
	lastComponent: Component | undefined;
	/** Renderer state kept across the row's call and result renders. */
	state: Record<string, unknown>;
	/** The session's working directory. */
	cwd: string;
	/** True once the tool started running (false while the model still streams the call). */
	executionStarted: boolean;
	/** True once the call's arguments are complete. */
	argsComplete: boolean;
	/** True while the result is a partial (streamed) one. */
	isPartial: boolean;
	/** True while tool output is expanded (Ctrl+O). */
	expanded: boolean;
	/** True when the TUI shows inline images (`terminal.showImages`). */
	showImages: boolean;
	/** True when the (final) result is an error. */
	isError: boolean;
	/** How long the run took in ms, once finished; undefined while it runs or for history rows. */
	durationMs: number | undefined;
	/** Blank columns left and right (the `outputPad` setting); `renderShell: "self"` renderers apply it. */
	outputPad: number;
}

/** Renderers of one tool's call line and result. */
export interface ToolRenderers {
	/**
	 * `"default"`: the call and result components sit in the tool box (padding, background by
	 * state). `"self"`: they are drawn as they are, and draw their own frame.
	 */
	renderShell?: "default" | "self";
	renderCall?: (args: Record<string, unknown>, theme: ExtensionTheme, context: ToolRenderContext) => Component;
	renderResult?: (
		result: AgentToolResult<unknown>,
		options: ToolRenderResultOptions,
		theme: ExtensionTheme,
		context: ToolRenderContext,
	) => Component;
}

/**
 * Chooses the renderers of a tool by name (any tool, built-ins and unregistered ones included).
 * Resolvers are asked in extension load order; `next()` gives what the remaining resolvers, then
 * the tool definition, would use (`next() ?? mine` only fills in).
 */
export type ToolRendererResolver = (
	toolName: string,
	next: () => ToolRenderers | undefined,
) => ToolRenderers | undefined;

export interface MarkdownTransformContext {
	messageType: "user" | "assistant" | "assistant-thinking";
	isStreaming: boolean;
	availableWidth: number;
}

/**
 * Rewrites Markdown before the TUI draws it (the transcript is not changed). One per extension
 * (registering again replaces it); they run in load order, each on the previous one's output. A
 * transformer that throws or returns a non-string is skipped.
 */
export type MarkdownTransformer = (markdown: string, context: MarkdownTransformContext) => string;
