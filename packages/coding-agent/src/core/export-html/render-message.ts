import type { AssistantMessage, ToolCall, ToolResultMessage, Usage } from "@pi/ai";
import type { BashExecutionMessage, SessionMessage } from "../session/session-types.js";
import { formatCost, formatTokenCount } from "./format-values.js";
import { escapeHtml } from "./html-escape.js";
import { isLongText, renderImage, renderOutput, renderTextAndImages, renderThinking } from "./render-content.js";
import { renderCodeHtml, renderMarkdown } from "./render-markdown.js";
import { languageOfPath, renderToolCall } from "./render-tool-call.js";

/** A rendered transcript item before it is wrapped with its id, time and label. */
export interface RenderedItem {
	/** CSS modifier, e.g. `user`, `assistant`, `tool-result`. */
	kind: string;
	/** Already-escaped HTML shown in the item's header. */
	title: string;
	/** Already-escaped HTML body. */
	body: string;
	/** Extra CSS classes, e.g. `is-error`. */
	classes?: string[];
}

function usageLine(usage: Usage | undefined): string {
	if (!usage) return "";
	const parts = [`in ${formatTokenCount(usage.input)}`, `out ${formatTokenCount(usage.output)}`];
	if (usage.cacheRead) parts.push(`cache read ${formatTokenCount(usage.cacheRead)}`);
	if (usage.cacheWrite) parts.push(`cache write ${formatTokenCount(usage.cacheWrite)}`);
	if (usage.cost?.total) parts.push(formatCost(usage.cost.total));
	return `<div class="usage muted">${escapeHtml(parts.join(" · "))}</div>`;
}

function renderAssistant(message: AssistantMessage): RenderedItem {
	const blocks = message.content.map((block) => {
		switch (block.type) {
			case "text":
				return `<div class="markdown">${renderMarkdown(block.text)}</div>`;
			case "thinking":
				return renderThinking(block);
			case "toolCall":
				return renderToolCall(block);
			default: {
				const unknownBlock: never = block;
				return `<pre class="output"><code>${escapeHtml(JSON.stringify(unknownBlock))}</code></pre>`;
			}
		}
	});
	const failed = message.stopReason === "error" || message.stopReason === "aborted";
	if (failed) {
		const reason = message.stopReason === "aborted" ? "Aborted" : "Error";
		const detail = message.errorMessage ? `: ${message.errorMessage}` : "";
		blocks.push(`<div class="error-message">${escapeHtml(reason + detail)}</div>`);
	}
	blocks.push(usageLine(message.usage));
	const model = `${message.provider}/${message.model}`;
	return {
		kind: "assistant",
		title: `Assistant <span class="muted">${escapeHtml(model)}</span>`,
		body: blocks.join("\n"),
		classes: failed ? ["is-error"] : [],
	};
}

/** A successful read of a file in a known language: its text highlighted, collapsed when long. */
function renderReadOutput(text: string, language: string): string {
	const code = renderCodeHtml(text, language);
	if (!isLongText(text)) return code;
	const lineCount = text.split("\n").length;
	return `<details class="output-details"><summary>File content (${lineCount} lines)</summary>${code}</details>`;
}

function renderToolResult(message: ToolResultMessage, call: ToolCall | undefined): RenderedItem {
	const title = `${message.toolName} result`;
	const path = call && typeof call.arguments.path === "string" ? call.arguments.path : undefined;
	const language = message.toolName === "read" && !message.isError ? languageOfPath(path) : undefined;
	const blocks = message.content.map((block) => {
		if (block.type === "image") return renderImage(block);
		return language ? renderReadOutput(block.text, language) : renderOutput(block.text, title);
	});
	const errorBadge = message.isError ? ' <span class="badge badge-error">error</span>' : "";
	return {
		kind: "tool-result",
		title: `Tool result <span class="muted">${escapeHtml(message.toolName)}</span>${errorBadge}`,
		body: (blocks.length > 0 ? blocks.join("\n") : '<div class="muted">(no output)</div>') + usageLine(message.usage),
		classes: message.isError ? ["is-error"] : [],
	};
}

function bashStatus(message: BashExecutionMessage): string[] {
	const status: string[] = [];
	if (message.cancelled) status.push("(command cancelled)");
	else if (message.exitCode !== undefined && message.exitCode !== null && message.exitCode !== 0) {
		status.push(`Command exited with code ${message.exitCode}`);
	}
	if (message.truncated) {
		status.push(
			message.fullOutputPath ? `Output truncated. Full output: ${message.fullOutputPath}` : "Output truncated.",
		);
	}
	return status;
}

function renderBash(message: BashExecutionMessage): RenderedItem {
	const failed = message.cancelled || (typeof message.exitCode === "number" && message.exitCode !== 0);
	const excluded = message.excludeFromContext ? ' <span class="badge">not sent to the model</span>' : "";
	const status = bashStatus(message).map((line) => `<div class="status">${escapeHtml(line)}</div>`);
	const output = message.output ? renderOutput(message.output, "Output") : '<div class="muted">(no output)</div>';
	return {
		kind: "bash",
		title: `Shell command${excluded}`,
		body: `<pre class="command"><code>$ ${escapeHtml(message.command)}</code></pre>\n${output}\n${status.join("\n")}`,
		classes: failed ? ["is-error"] : [],
	};
}

/** The compaction banner and its summary (collapsed: summaries are long and repeat earlier history). */
export function renderCompaction(summary: string, tokensBefore: number): RenderedItem {
	return {
		kind: "compaction",
		title: `Compaction <span class="muted">${escapeHtml(`earlier history (${formatTokenCount(tokensBefore)} tokens) was summarised`)}</span>`,
		body: `<details class="summary-details"><summary>Compaction summary</summary><div class="markdown">${renderMarkdown(summary)}</div></details>`,
	};
}

/** The banner of a branch summary: what was done on the branch the conversation came back from. */
export function renderBranchSummary(summary: string, fromId: string): RenderedItem {
	return {
		kind: "branch-summary",
		title: `Branch summary <span class="muted">${escapeHtml(`of the abandoned branch ending at ${fromId}`)}</span>`,
		body: `<div class="markdown">${renderMarkdown(summary)}</div>`,
	};
}

/** A custom (extension) message; undefined when it is not meant to be displayed. */
export function renderCustom(
	customType: string,
	content: Parameters<typeof renderTextAndImages>[0],
	display: boolean,
): RenderedItem | undefined {
	if (!display) return undefined;
	return {
		kind: "custom",
		title: `Custom <span class="muted">${escapeHtml(customType)}</span>`,
		body: renderTextAndImages(content),
	};
}

/**
 * Renders one message of any role, or undefined when it is hidden (custom with display false).
 * `toolCalls` (by id) lets a tool result be shown in the light of its call (a read's language).
 */
export function renderMessage(
	message: SessionMessage,
	toolCalls: ReadonlyMap<string, ToolCall> = new Map(),
): RenderedItem | undefined {
	switch (message.role) {
		case "user":
			return { kind: "user", title: "User", body: renderTextAndImages(message.content) };
		case "assistant":
			return renderAssistant(message);
		case "toolResult":
			return renderToolResult(message, toolCalls.get(message.toolCallId));
		case "bashExecution":
			return renderBash(message);
		case "custom":
			return renderCustom(message.customType, message.content, message.display);
		case "branchSummary":
			return renderBranchSummary(message.summary, message.fromId);
		case "compactionSummary":
			return renderCompaction(message.summary, message.tokensBefore);
		default: {
			const unknownMessage: never = message;
			const role = String((unknownMessage as { role?: unknown }).role ?? "unknown");
			return {
				kind: "unknown",
				title: escapeHtml(`Message (${role})`),
				body: `<pre class="output"><code>${escapeHtml(JSON.stringify(unknownMessage, null, 2))}</code></pre>`,
			};
		}
	}
}
