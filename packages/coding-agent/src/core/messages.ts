import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent, Message, TextContent, UserMessage } from "@pi/ai";

/** A shell command the user ran (`!cmd`, `!!cmd`, RPC `bash`). */
export interface BashExecutionMessage {
	role: "bashExecution";
	command: string;
	output: string;
	exitCode: number | undefined;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
	/** True for `!!cmd`: shown, never sent to the model. */
	excludeFromContext?: boolean;
	timestamp: number;
}

/** An extension-injected message that is part of the LLM context. */
export interface CustomMessage<TDetails = unknown> {
	role: "custom";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: TDetails;
	timestamp: number;
}

/** Summary of a branch the conversation returned from. */
export interface BranchSummaryMessage {
	role: "branchSummary";
	summary: string;
	fromId: string;
	timestamp: number;
}

/** Summary of compacted earlier history. */
export interface CompactionSummaryMessage {
	role: "compactionSummary";
	summary: string;
	tokensBefore: number;
	timestamp: number;
}

declare module "@pi/agent-core" {
	interface CustomAgentMessages {
		bashExecution: BashExecutionMessage;
		custom: CustomMessage;
		branchSummary: BranchSummaryMessage;
		compactionSummary: CompactionSummaryMessage;
	}
}

/** Every message role a session can hold in its context: ai messages plus the coding agent's. */
export type SessionMessage = AgentMessage;

/** The text blocks of message content joined with newlines (images left out). */
export function textOfContent(content: string | readonly (TextContent | ImageContent)[]): string {
	if (typeof content === "string") return content;
	return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

/** Text the model sees for a user's shell command (sessions.md §3). */
export function bashExecutionToText(message: BashExecutionMessage): string {
	const output = message.output ? `\`\`\`\n${message.output.replace(/\n$/, "")}\n\`\`\`` : "(no output)";
	let text = `Ran \`${message.command}\`\n${output}`;
	if (message.cancelled) text += "\n\n(command cancelled)";
	else if (message.exitCode !== undefined && message.exitCode !== null && message.exitCode !== 0) {
		text += `\n\nCommand exited with code ${message.exitCode}`;
	}
	if (message.truncated && message.fullOutputPath)
		text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
	return text;
}

function userText(text: string, timestamp: number): UserMessage {
	return { role: "user", content: [{ type: "text", text }], timestamp };
}

/**
 * The coding agent's `convertToLlm` (sessions.md §3): custom roles become user messages, `!!`
 * commands are dropped, ai roles pass unchanged.
 */
export function convertToLlm(messages: readonly AgentMessage[]): Message[] {
	const result: Message[] = [];
	for (const message of messages) {
		switch (message.role) {
			case "user":
			case "assistant":
			case "toolResult":
				result.push(message);
				break;
			case "bashExecution":
				if (!message.excludeFromContext) result.push(userText(bashExecutionToText(message), message.timestamp));
				break;
			case "custom":
				result.push({
					role: "user",
					content: typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content,
					timestamp: message.timestamp,
				});
				break;
			case "branchSummary":
				result.push(
					userText(
						`The following is a summary of a branch that this conversation came back from:\n\n<summary>${message.summary}</summary>`,
						message.timestamp,
					),
				);
				break;
			case "compactionSummary":
				result.push(
					userText(
						`The conversation history before this point was compacted into the following summary:\n\n<summary>\n${message.summary}\n</summary>`,
						message.timestamp,
					),
				);
				break;
			default: {
				// Roles added by other declaration merges are UI-only unless their owner converts them.
				const unhandled: never = message;
				void unhandled;
			}
		}
	}
	return result;
}

/** Setting `images.blockImages`: every image block is dropped before messages reach the LLM. */
export function withoutImages(messages: Message[]): Message[] {
	const textOnly = (content: (TextContent | ImageContent)[]): TextContent[] => {
		const text = content.filter((block): block is TextContent => block.type === "text");
		return text.length > 0 ? text : [{ type: "text", text: "(image omitted)" }];
	};
	return messages.map((message): Message => {
		if (message.role === "assistant" || typeof message.content === "string") return message;
		if (!message.content.some((block) => block.type === "image")) return message;
		return message.role === "user"
			? { ...message, content: textOnly(message.content) }
			: { ...message, content: textOnly(message.content) };
	});
}
