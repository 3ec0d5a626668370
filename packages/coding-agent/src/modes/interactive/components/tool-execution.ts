import type { AgentToolResult } from "@pi/agent-core";
import { type Component, padToWidth, truncateToWidth, wrapTextWithAnsi } from "@pi/tui";
import type { Theme } from "../theme.js";
import { renderTool, resultText, type ToolView } from "./tool-renderers.js";

/**
 * One tool call in the transcript: a box whose background shows the state (running, done,
 * failed), with the tool's title and its (streamed) output.
 */
export class ToolExecutionComponent implements Component {
	private readonly view: ToolView;
	private cache: { width: number; lines: string[] } | undefined;

	constructor(
		toolName: string,
		args: Record<string, unknown>,
		private readonly theme: Theme,
		expanded = false,
	) {
		this.view = { toolName, args, output: undefined, details: undefined, isError: false, done: false, expanded };
	}

	get toolName(): string {
		return this.view.toolName;
	}

	setArgs(args: Record<string, unknown>): void {
		this.view.args = args;
		this.cache = undefined;
	}

	setPartialResult(result: AgentToolResult): void {
		this.view.output = resultText(result.content);
		this.view.details = result.details;
		this.cache = undefined;
	}

	setResult(result: AgentToolResult, isError: boolean): void {
		this.view.output = resultText(result.content);
		this.view.details = result.details;
		this.view.isError = isError;
		this.view.done = true;
		this.cache = undefined;
	}

	setExpanded(expanded: boolean): void {
		if (this.view.expanded === expanded) return;
		this.view.expanded = expanded;
		this.cache = undefined;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const rendering = renderTool(this.view, this.theme);
		const background = this.view.isError
			? this.theme.toolErrorBg
			: this.view.done
				? this.theme.toolSuccessBg
				: this.theme.toolPendingBg;
		const pad = " ".repeat(this.theme.outputPad);
		const inner = Math.max(1, width - 2 * this.theme.outputPad);
		const body: string[] = [truncateToWidth(rendering.title, inner)];
		for (const line of rendering.body) body.push(...wrapTextWithAnsi(line, inner));
		const lines = ["", ...body.map((line) => background(padToWidth(`${pad}${line}`, width)))];
		this.cache = { width, lines };
		return lines;
	}
}
