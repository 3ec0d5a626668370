import type { AgentToolResult } from "@pi/agent-core";
import { type Component, padToWidth, truncateToWidth, wrapTextWithAnsi } from "@pi/tui";
import type { Theme } from "../theme.js";
import {
	type ExtensionToolParts,
	ExtensionToolRendering,
	type ExtensionToolRenderingOptions,
} from "./extension-tool-rendering.js";
import { renderTool, resultText, type ToolView } from "./tool-renderers.js";

/**
 * One tool call in the transcript: a box whose background shows the state (running, done,
 * failed), with the tool's title and its (streamed) output.
 */
export class ToolExecutionComponent implements Component {
	private readonly view: ToolView;
	private cache: { width: number; lines: string[]; withTime?: string[]; timeText?: string } | undefined;
	/** When the run started and ended (ms), for the `Elapsed` / `Took` line; unset for history. */
	private startedAt: number | undefined;
	private endedAt: number | undefined;
	/** The run's recorded duration (the loop's measure, kept in the session): wins over the clock. */
	private durationMs: number | undefined;
	/** The last (partial or final) result, as extensions' `renderResult` gets it. */
	private result: AgentToolResult | undefined;
	/** True once the call's arguments are final (the assistant message ended, or the tool started). */
	private argsComplete = false;
	/** Extensions' renderers of this tool, when the TUI gave a lookup. */
	private readonly extension: ExtensionToolRendering | undefined;
	/** True when the last render was an extension's. */
	private drawnByExtension = false;

	constructor(
		toolName: string,
		args: Record<string, unknown>,
		private readonly theme: Theme,
		expanded = false,
		extension?: ExtensionToolRenderingOptions,
	) {
		this.view = { toolName, args, output: undefined, details: undefined, isError: false, done: false, expanded };
		this.extension = extension ? new ExtensionToolRendering(extension, () => this.invalidate()) : undefined;
	}

	get toolName(): string {
		return this.view.toolName;
	}

	setArgs(args: Record<string, unknown>): void {
		this.view.args = args;
		this.cache = undefined;
	}

	/** The call's arguments are final (they may still change while the model streams them). */
	setArgsComplete(): void {
		if (this.argsComplete) return;
		this.argsComplete = true;
		this.cache = undefined;
	}

	setPartialResult(result: AgentToolResult): void {
		this.result = result;
		this.view.output = resultText(result.content);
		this.view.details = result.details;
		this.cache = undefined;
	}

	/**
	 * The final result. `durationMs`, the run's recorded time, gives the `Took …` line, also to a
	 * call restored from a session (which was never timed here).
	 */
	setResult(result: AgentToolResult, isError: boolean, durationMs?: number, now: number = Date.now()): void {
		this.result = result;
		if (durationMs !== undefined) this.durationMs = durationMs;
		this.argsComplete = true;
		this.view.output = resultText(result.content);
		this.view.details = result.details;
		this.view.isError = isError;
		this.view.done = true;
		if (this.startedAt !== undefined && this.endedAt === undefined) this.endedAt = now;
		this.cache = undefined;
	}

	/** The run started now: from here the box ends with `Elapsed …`, then `Took …` once done. */
	markStarted(now: number = Date.now()): void {
		if (this.startedAt !== undefined || this.view.done) return;
		this.startedAt = now;
		this.argsComplete = true;
		this.cache = undefined;
	}

	/** True while the run is timed and not done (the transcript then redraws it as time passes). */
	get isTiming(): boolean {
		return this.startedAt !== undefined && this.endedAt === undefined;
	}

	/** The final run time: the recorded one, else what the clock saw; undefined while running. */
	private finalDuration(): number | undefined {
		if (!this.view.done) return undefined;
		if (this.durationMs !== undefined) return this.durationMs;
		if (this.startedAt !== undefined && this.endedAt !== undefined) return this.endedAt - this.startedAt;
		return undefined;
	}

	/** The time line's text now (undefined for a history call stored without a duration). */
	timeText(now: number = Date.now()): string | undefined {
		const took = this.finalDuration();
		if (took !== undefined) return `Took ${formatDuration(took)}`;
		if (this.startedAt === undefined) return undefined;
		if (this.endedAt !== undefined) return `Took ${formatDuration(this.endedAt - this.startedAt)}`;
		return `Elapsed ${formatDuration(now - this.startedAt)}`;
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
		const box = this.renderBox(width);
		// A row an extension draws shows time only if its renderer does (it gets `durationMs`).
		const text = this.drawnByExtension ? undefined : this.timeText();
		const cache = this.cache;
		if (text === undefined || !cache) return box;
		// The time line changes every tick; the box's lines stay cached, and an unchanged frame
		// returns the same array (the transcript keeps its joined prefix by identity).
		if (cache.timeText !== text || !cache.withTime) {
			const pad = " ".repeat(this.theme.outputPad);
			cache.timeText = text;
			cache.withTime = [...box, "", truncateToWidth(this.theme.muted(`${pad}${text}`), width)];
		}
		return cache.withTime;
	}

	private renderBox(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const parts = this.extensionParts();
		this.drawnByExtension = parts !== undefined;
		const lines = parts ? this.renderExtensionBox(parts, width) : this.renderBuiltinBox(width);
		this.cache = { width, lines };
		return lines;
	}

	/** What extensions draw of this row, or undefined when none draws this tool. */
	private extensionParts(): ExtensionToolParts | undefined {
		if (!this.extension) return undefined;
		return this.extension.build({
			args: this.view.args,
			result: this.result,
			isPartial: this.result !== undefined && !this.view.done,
			isError: this.view.isError,
			expanded: this.view.expanded,
			executionStarted: this.startedAt !== undefined || this.view.done,
			argsComplete: this.argsComplete,
			durationMs: this.finalDuration(),
			outputPad: this.theme.outputPad,
		});
	}

	private background(): (text: string) => string {
		return this.view.isError
			? this.theme.toolErrorBg
			: this.view.done
				? this.theme.toolSuccessBg
				: this.theme.toolPendingBg;
	}

	private renderBuiltinBox(width: number): string[] {
		const rendering = renderTool(this.view, this.theme);
		const background = this.background();
		const pad = " ".repeat(this.theme.outputPad);
		const inner = Math.max(1, width - 2 * this.theme.outputPad);
		const body: string[] = [truncateToWidth(rendering.title, inner)];
		for (const line of rendering.body) body.push(...wrapTextWithAnsi(line, inner));
		return ["", ...body.map((line) => background(padToWidth(`${pad}${line}`, width)))];
	}

	/**
	 * An extension's call and/or result components: inside the tool box (`renderShell: "default"`,
	 * padded, background by state), or as they are (`"self"`). A part the extension does not draw
	 * (or whose renderer threw) keeps the built-in look.
	 */
	private renderExtensionBox(parts: ExtensionToolParts, width: number): string[] {
		const builtin = renderTool(this.view, this.theme);
		if (parts.shell === "self") {
			const lines: string[] = [""];
			lines.push(...(parts.call ? parts.call.render(width) : [truncateToWidth(builtin.title, width)]));
			if (parts.result) lines.push(...parts.result.render(width));
			else if (parts.resultFallback) for (const line of builtin.body) lines.push(...wrapTextWithAnsi(line, width));
			return lines.map((line) => truncateToWidth(line, width));
		}
		const background = this.background();
		const pad = " ".repeat(this.theme.outputPad);
		const inner = Math.max(1, width - 2 * this.theme.outputPad);
		const body: string[] = parts.call ? parts.call.render(inner) : [truncateToWidth(builtin.title, inner)];
		if (parts.result) body.push(...parts.result.render(inner));
		else if (parts.resultFallback) for (const line of builtin.body) body.push(...wrapTextWithAnsi(line, inner));
		return ["", ...body.map((line) => background(padToWidth(`${pad}${truncateToWidth(line, inner)}`, width)))];
	}
}

/** 0.4s, 12.3s, 2m 5s, 1h 2m 3s (pi 1.4's forms). */
export function formatDuration(ms: number): string {
	const seconds = Math.max(0, ms) / 1000;
	if (seconds < 60) return `${seconds.toFixed(1)}s`;
	const whole = Math.floor(seconds);
	const minutes = Math.floor(whole / 60);
	if (minutes < 60) return `${minutes}m ${whole % 60}s`;
	return `${Math.floor(minutes / 60)}h ${minutes % 60}m ${whole % 60}s`;
}
