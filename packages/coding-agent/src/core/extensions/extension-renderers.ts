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

/** What a tool renderer is given beside the arguments: ids, redraw, and its previous component. */
export interface ToolRenderContext<TArgs = Record<string, unknown>> {
	args: TArgs;
	toolCallId: string;
	invalidate: () => void;
	lastComponent: Component | undefined;
	/** Renderer state kept across the call's renders. */
	state: Record<string, unknown>;
	cwd: string;
	isError: boolean;
	expanded: boolean;
}

/** Renderers of one tool's call line and result. */
export interface ToolRenderers {
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
 * `next()` gives what the remaining resolvers, then the tool definition, would use.
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

/** Rewrites Markdown before the TUI draws it (the transcript is not changed). */
export type MarkdownTransformer = (markdown: string, context: MarkdownTransformContext) => string;
