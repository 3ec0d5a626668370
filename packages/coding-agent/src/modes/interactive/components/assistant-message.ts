import type { AssistantMessage } from "@pi/ai";
import { type Component, Markdown, truncateToWidth, wrapTextWithAnsi } from "@pi/tui";
import { markdownThemeFor, type Theme } from "../theme.js";

type Block = { kind: "text"; markdown: Markdown } | { kind: "thinking"; markdown: Markdown; text: string };

/**
 * One assistant reply, updated in place while it streams: text blocks as Markdown, thinking
 * blocks collapsed to one line unless expanded, and the error or abort notice at the end.
 * Tool calls are drawn by their own components.
 */
export class AssistantMessageComponent implements Component {
	private blocks: Block[] = [];
	private footer: string[] = [];
	private showThinking: boolean;
	private cache: { width: number; lines: string[] } | undefined;

	constructor(
		private readonly theme: Theme,
		options: { showThinking?: boolean } = {},
	) {
		this.showThinking = options.showThinking ?? false;
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
						? { kind, markdown: new Markdown("", this.theme.outputPad, 0, markdownThemeFor(this.theme)) }
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
			block.markdown.setText(text);
			if (block.kind === "thinking") block.text = text;
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

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const lines: string[] = [];
		for (const block of this.blocks) {
			lines.push("");
			if (block.kind === "thinking" && !this.showThinking) {
				const first = block.text.trim().split("\n")[0] ?? "";
				const pad = " ".repeat(this.theme.outputPad);
				lines.push(truncateToWidth(`${pad}${this.theme.thinking(`Thinking: ${first}`)}`, width));
				continue;
			}
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
