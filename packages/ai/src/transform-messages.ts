import type {
	AssistantMessage,
	ImageContent,
	Message,
	Model,
	TextContent,
	ThinkingContent,
	ToolCall,
	ToolResultMessage,
	UserMessage,
} from "./types.js";

/**
 * Maps a tool-call id to the form the target API accepts (ai.md §8 rule 4). Receives the id, the
 * target model and the assistant message the call came from. Must be deterministic.
 */
export type ToolCallIdNormalizer = (id: string, model: Model, source: AssistantMessage) => string;

/** Options of `transformMessages`. */
export interface TransformMessagesOptions {
	/**
	 * Wrap foreign thinking in `<thinking>…</thinking>` when converting it to text.
	 * Default: `model.compat.requiresThinkingAsText` (false when unset).
	 */
	thinkingAsText?: boolean;
}

/** Text that replaces an image of a user message sent to a model without image input (ai.md §5.1). */
export const IMAGE_OMITTED_PLACEHOLDER = "(image omitted: model does not support images)";

/** Text that replaces an image of a tool result sent to a model without image input (pi 1.4's words). */
export const TOOL_IMAGE_OMITTED_PLACEHOLDER = "(tool image omitted: model does not support images)";

/** Text of the synthetic result inserted for a tool call that never got one (ai.md §8 rule 6). */
export const NO_TOOL_RESULT_TEXT = "No result provided";

/**
 * Replaces every character outside `[A-Za-z0-9_-]` with `_` and truncates to `maxLength`
 * (default 64): the tool-call id shape Anthropic and Google accept.
 */
export function sanitizeToolCallId(id: string, maxLength = 64): string {
	return id.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, maxLength);
}

/**
 * Prepares a conversation for a target model before an API module converts it to a vendor
 * payload (ai.md §8). Never mutates its input; returns new arrays/objects where it changes
 * anything.
 *
 * 1. User messages pass unchanged, except images for models without image input, which become
 *    a text placeholder (also in tool results).
 * 2. Assistant messages from the same provider + API + model are kept with their signatures;
 *    only thinking blocks with neither text nor signature are dropped (§7.3).
 * 3. Assistant messages from anything else: redacted or empty thinking is dropped, other
 *    thinking becomes text (wrapped in `<thinking>` when `thinkingAsText`), text and
 *    tool-call signatures are stripped, tool-call ids go through `normalizeToolCallId`.
 * 4. The same id mapping is applied to the matching `toolResult.toolCallId`.
 * 5. Assistant messages that ended in "error" or "aborted" are skipped, together with any tool
 *    results answering their calls. Assistant messages left with no content are skipped too.
 * 6. A tool call with no result before the next assistant or user message (or the end of the
 *    conversation) gets a synthetic `No result provided` result with `isError: true`.
 */
export function transformMessages(
	messages: readonly Message[],
	model: Model,
	normalizeToolCallId?: ToolCallIdNormalizer,
	options: TransformMessagesOptions = {},
): Message[] {
	const thinkingAsText = options.thinkingAsText ?? requiresThinkingAsText(model);
	const supportsImages = model.input.includes("image");
	const idMap = new Map<string, string>();
	const droppedCallIds = new Set<string>();
	const result: Message[] = [];
	let pending: ToolCall[] = [];
	const answered = new Set<string>();

	const flushOrphans = (): void => {
		for (const call of pending) {
			if (!answered.has(call.id)) result.push(syntheticToolResult(call));
		}
		pending = [];
		answered.clear();
	};

	for (const message of messages) {
		if (message.role === "user") {
			flushOrphans();
			result.push(supportsImages ? message : withoutImagesUser(message));
			continue;
		}
		if (message.role === "toolResult") {
			if (droppedCallIds.has(message.toolCallId)) continue;
			const toolCallId = idMap.get(message.toolCallId) ?? message.toolCallId;
			answered.add(toolCallId);
			const renamed = toolCallId === message.toolCallId ? message : { ...message, toolCallId };
			result.push(supportsImages ? renamed : withoutImagesToolResult(renamed));
			continue;
		}
		flushOrphans();
		if (message.stopReason === "error" || message.stopReason === "aborted") {
			for (const block of message.content) if (block.type === "toolCall") droppedCallIds.add(block.id);
			continue;
		}
		const transformed = isSameModel(message, model)
			? sameModelAssistant(message)
			: foreignAssistant(message, model, normalizeToolCallId, idMap, thinkingAsText);
		if (transformed.content.length === 0) continue;
		pending = transformed.content.filter((block): block is ToolCall => block.type === "toolCall");
		result.push(transformed);
	}
	flushOrphans();
	return result;
}

function requiresThinkingAsText(model: Model): boolean {
	const compat = model.compat;
	return compat !== undefined && "requiresThinkingAsText" in compat && compat.requiresThinkingAsText === true;
}

function isSameModel(message: AssistantMessage, model: Model): boolean {
	return message.provider === model.provider && message.api === model.api && message.model === model.id;
}

function sameModelAssistant(message: AssistantMessage): AssistantMessage {
	const content = message.content.filter(
		(block) => block.type !== "thinking" || block.thinking !== "" || Boolean(block.thinkingSignature),
	);
	return content.length === message.content.length ? message : { ...message, content };
}

function foreignAssistant(
	message: AssistantMessage,
	model: Model,
	normalizeToolCallId: ToolCallIdNormalizer | undefined,
	idMap: Map<string, string>,
	thinkingAsText: boolean,
): AssistantMessage {
	const content: AssistantMessage["content"] = [];
	for (const block of message.content) {
		if (block.type === "thinking") {
			const text = foreignThinkingText(block, thinkingAsText);
			if (text !== undefined) content.push({ type: "text", text });
		} else if (block.type === "text") {
			content.push({ type: "text", text: block.text });
		} else {
			const id = normalizeToolCallId ? normalizeToolCallId(block.id, model, message) : block.id;
			if (id !== block.id) idMap.set(block.id, id);
			content.push({ type: "toolCall", id, name: block.name, arguments: block.arguments });
		}
	}
	return { ...message, content };
}

function foreignThinkingText(block: ThinkingContent, thinkingAsText: boolean): string | undefined {
	if (block.redacted || block.thinking.trim() === "") return undefined;
	return thinkingAsText ? `<thinking>\n${block.thinking}\n</thinking>` : block.thinking;
}

function syntheticToolResult(call: ToolCall): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId: call.id,
		toolName: call.name,
		content: [{ type: "text", text: NO_TOOL_RESULT_TEXT }],
		isError: true,
		timestamp: Date.now(),
	};
}

/** Each run of images (and placeholders already there) becomes one placeholder, as pi 1.4 sends it. */
function replaceImages(
	content: (TextContent | ImageContent)[],
	placeholder: string,
): (TextContent | ImageContent)[] | undefined {
	if (!content.some((block) => block.type === "image")) return undefined;
	const result: (TextContent | ImageContent)[] = [];
	let afterPlaceholder = false;
	for (const block of content) {
		if (block.type === "image") {
			if (!afterPlaceholder) result.push({ type: "text", text: placeholder });
			afterPlaceholder = true;
			continue;
		}
		result.push(block);
		afterPlaceholder = block.text === placeholder;
	}
	return result;
}

function withoutImagesUser(message: UserMessage): UserMessage {
	if (typeof message.content === "string") return message;
	const content = replaceImages(message.content, IMAGE_OMITTED_PLACEHOLDER);
	return content ? { ...message, content } : message;
}

function withoutImagesToolResult(message: ToolResultMessage): ToolResultMessage {
	const content = replaceImages(message.content, TOOL_IMAGE_OMITTED_PLACEHOLDER);
	return content ? { ...message, content } : message;
}
