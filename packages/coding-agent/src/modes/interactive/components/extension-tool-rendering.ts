// A tool row drawn by an extension's renderers (a tool definition's `renderCall` / `renderResult`,
// or `pi.registerToolRenderer`): builds their components when the row's state changes and keeps
// what each returned, so the next call can update it (`context.lastComponent`). A renderer that
// throws gives way to the built-in look for that part, as in pi 1.4; the TUI never breaks over it.
import type { AgentToolResult } from "@pi/agent-core";
import type { Component } from "@pi/tui";
import type { ToolRenderContext, ToolRenderers } from "../../../core/extensions/extension-renderers.js";
import type { ExtensionTheme } from "../extension-theme.js";

/** What the TUI gives a tool row so extensions can draw it. */
export interface ExtensionToolRenderingOptions {
	toolCallId: string;
	/** Looks the renderers up (at each rebuild: resolvers can defer to tools registered later). */
	renderers: () => ToolRenderers | undefined;
	theme: () => ExtensionTheme;
	cwd: string;
	showImages: boolean;
	requestRender: () => void;
}

/** The row's state a renderer sees. */
export interface ToolRowState {
	args: Record<string, unknown>;
	/** The (partial or final) result; undefined before the first one. */
	result: AgentToolResult | undefined;
	isPartial: boolean;
	isError: boolean;
	expanded: boolean;
	executionStarted: boolean;
	argsComplete: boolean;
	durationMs: number | undefined;
	outputPad: number;
}

/** The parts of a row: each an extension's component, or undefined for the built-in look. */
export interface ExtensionToolParts {
	shell: "default" | "self";
	call: Component | undefined;
	/** Undefined: no result yet, or the built-in body (see `resultFallback`). */
	result: Component | undefined;
	/** True when the result part is the built-in body (no renderer, or it failed). */
	resultFallback: boolean;
}

/** Builds one tool row's extension components; `invalidate` of their context redraws the row. */
export class ExtensionToolRendering {
	private readonly state: Record<string, unknown> = {};
	private lastCall: Component | undefined;
	private lastResult: Component | undefined;

	constructor(
		private readonly options: ExtensionToolRenderingOptions,
		private readonly invalidateRow: () => void,
	) {}

	/** The parts for `row`, or undefined when no extension draws this tool. */
	build(row: ToolRowState): ExtensionToolParts | undefined {
		const renderers = this.resolve();
		if (!renderers || (!renderers.renderCall && !renderers.renderResult)) return undefined;
		const theme = this.options.theme();
		let call: Component | undefined;
		if (renderers.renderCall) {
			try {
				call = renderers.renderCall(row.args, theme, this.context(row, this.lastCall));
			} catch {
				call = undefined;
			}
			this.lastCall = call;
		}
		let result: Component | undefined;
		let resultFallback = row.result !== undefined;
		if (row.result && renderers.renderResult) {
			try {
				result = renderers.renderResult(
					{ content: row.result.content, details: row.result.details },
					{ expanded: row.expanded, isPartial: row.isPartial },
					theme,
					this.context(row, this.lastResult),
				);
				resultFallback = false;
			} catch {
				result = undefined;
			}
			this.lastResult = result;
		}
		return { shell: renderers.renderShell ?? "default", call, result, resultFallback };
	}

	/** The renderers, or undefined when the lookup itself fails (the built-in look then). */
	private resolve(): ToolRenderers | undefined {
		try {
			return this.options.renderers();
		} catch {
			return undefined;
		}
	}

	private context(row: ToolRowState, lastComponent: Component | undefined): ToolRenderContext {
		return {
			args: row.args,
			toolCallId: this.options.toolCallId,
			invalidate: () => {
				this.invalidateRow();
				this.options.requestRender();
			},
			lastComponent,
			state: this.state,
			cwd: this.options.cwd,
			executionStarted: row.executionStarted,
			argsComplete: row.argsComplete,
			isPartial: row.isPartial,
			expanded: row.expanded,
			showImages: this.options.showImages,
			isError: row.isError,
			durationMs: row.durationMs,
			outputPad: row.outputPad,
		};
	}
}
