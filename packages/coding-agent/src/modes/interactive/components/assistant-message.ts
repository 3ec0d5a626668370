import type { AssistantMessage } from "@pi/ai";
import { type Component, Markdown, truncateToWidth, wrapTextWithAnsi } from "@pi/tui";
import { applyMarkdownTransformers, type MarkdownTransformers } from "../markdown-transform.js";
import { markdownThemeFor, type Theme } from "../theme.js";

type Block = { kind: "text" | "thinking"; markdown: Markdown; text: string };

/** Options of {@link AssistantMessageComponent}. */
export interface AssistantMessageOptions {
	/** Show thinking blocks in full (Ctrl+T); otherwise one line each. */
	showThinking?: boolean;
	/** The line shown for a hidden thinking block (`ctx.ui.setHiddenThinkingLabel`); default: its first line. */
	hiddenThinkingLabel?: string;
	/** Extensions' Markdown transformers. */
	markdownTransformers?: MarkdownTransformers;
}

/**
 * One assistant reply, updated in place while it streams: text blocks as Markdown, thinking
 * blocks collapsed to one line unless expanded, and the error or abort notice at the end.
 * Tool calls are drawn by their own components.
 */
export class AssistantMessageComponent implements Component {
	private blocks: Block[] = [];
	private footer: string[] = [];
	private showThinking: boolean;
	private hiddenThinkingLabel: string | undefined;
	private readonly markdownTransformers: MarkdownTransformers | undefined;
	/** True while the reply still streams (transformers are told so). */
	private streaming = false;
	private cache: { width: number; lines: string[] } | undefined;

	constructor(
		private readonly theme: Theme,
		options: AssistantMessageOptions = {},
	) {
		this.showThinking = options.showThinking ?? false;
		this.hiddenThinkingLabel = options.hiddenThinkingLabel;
		this.markdownTransformers = options.markdownTransformers;
	}

	/** Marks the reply as streaming (from `message_start`) or complete. */
	setStreaming(streaming: boolean): void {
		if (this.streaming === streaming) return;
		this.streaming = streaming;
		this.cache = undefined;
	}

	/** The label of hidden thinking blocks; undefined restores the default (the block's first line). */
	setHiddenThinkingLabel(label: string | undefined): void {
		this.hiddenThinkingLabel = label;
		this.cache = undefined;
	}

	/** Re-reads the (partial or final) message. */
	update(message: AssistantMessage): void {
		this.cache = undefined;
		let index = 0;
		for (const content of message.content) {
			if (content.type === "toolCall") continue;
			const text = content.type === "text" ? content.text : content.thinking;
			if (content.type === "text" && text.trim() === "") continue;
			if (content.type === "thinking" && text.trim() === "") continue;
			const kind = content.type === "text" ? "text" : "thinking";
			let block = this.blocks[index];
			if (!block || block.kind !== kind) {
				block =
					kind === "text"
						? { kind, text: "", markdown: new Markdown("", this.theme.outputPad, 0, markdownThemeFor(this.theme)) }
						: {
								kind,
								text: "",
								markdown: new Markdown("", this.theme.outputPad, 0, markdownThemeFor(this.theme), {
									color: this.theme.thinking,
									italic: true,
								}),
							};
				this.blocks[index] = block;
			}
			block.text = text;
			index++;
		}
		this.blocks.length = index;
		this.footer = [];
		if (message.stopReason === "error") {
			this.footer.push(this.theme.error(`Error: ${message.errorMessage ?? "unknown error"}`));
		} else if (message.stopReason === "aborted") {
			this.footer.push(this.theme.warning("Aborted"));
		}
	}

	setShowThinking(show: boolean): void {
		this.showThinking = show;
		this.cache = undefined;
	}

	invalidate(): void {
		this.cache = undefined;
		for (const block of this.blocks) block.markdown.invalidate();
	}

	/** The block's Markdown after extensions' transformers (the Markdown caches by text). */
	private transformed(block: Block, width: number): string {
		const transformers = this.markdownTransformers?.() ?? [];
		if (transformers.length === 0) return block.text;
		return applyMarkdownTransformers(
			block.text,
			{
				messageType: block.kind === "text" ? "assistant" : "assistant-thinking",
				isStreaming: this.streaming,
				availableWidth: Math.max(1, width - 2 * this.theme.outputPad),
			},
			transformers,
		);
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const lines: string[] = [];
		for (const block of this.blocks) {
			lines.push("");
			if (block.kind === "thinking" && !this.showThinking) {
				const first = block.text.trim().split("\n")[0] ?? "";
				const pad = " ".repeat(this.theme.outputPad);
				const label =
					this.hiddenThinkingLabel !== undefined
						? this.theme.italic(this.theme.thinking(this.hiddenThinkingLabel))
						: this.theme.thinking(`Thinking: ${first}`);
				lines.push(truncateToWidth(`${pad}${label}`, width));
				continue;
			}
			block.markdown.setText(this.transformed(block, width));
			lines.push(...block.markdown.render(width));
		}
		for (const line of this.footer) {
			lines.push("");
			const pad = " ".repeat(this.theme.outputPad);
			for (const wrapped of wrapTextWithAnsi(line, Math.max(1, width - 2 * this.theme.outputPad)))
				lines.push(`${pad}${wrapped}`);
		}
		this.cache = { width, lines };
		return lines;
	}
}
