import type { AssistantMessageEventStream } from "../../event-stream.js";
import { redactSecrets } from "../../redact-secrets.js";
import type {
	AssistantMessage,
	Model,
	StopReason,
	TextContent,
	ThinkingContent,
	ToolCall,
	Usage,
} from "../../types.js";
import { calculateCost, emptyUsage } from "../../utils/calculate-cost.js";
import { generateToolCallId } from "../../utils/generate-tool-call-id.js";
import { parseToolArguments } from "../../utils/partial-json.js";

type Block = TextContent | ThinkingContent | ToolCall;

/** `openBlock`'s default, shared: it runs once per delta and only reads this. */
const NO_TOOL_IDENTITY: Readonly<{ id: string; name: string }> = { id: "", name: "" };

interface OpenBlock {
	index: number;
	kind: Block["type"];
	/** Raw argument JSON received so far (tool calls only). */
	argumentsJson: string;
	/** Length of `argumentsJson` at the last partial parse. */
	parsedLength: number;
}

/** Usage counters as a provider reports them; cost and missing totals are derived. */
export interface UsageUpdate {
	input?: number;
	output?: number;
	cacheRead?: number;
	cacheWrite?: number;
	reasoning?: number;
	totalTokens?: number;
}

/**
 * Builds one assistant message from vendor chunks and pushes the matching events, so every
 * provider keeps the stream invariants of ai.md §3.2 the same way.
 *
 * Blocks are addressed by a provider-chosen key (a vendor index, item id…). A block opens on its
 * first non-empty content and closes with `end(key)`, or with everything else when the message
 * finishes or fails. Nothing is emitted after the terminal event.
 */
export class AssistantMessageBuilder {
	readonly message: AssistantMessage;
	private readonly open = new Map<string, OpenBlock>();
	private started = false;
	private finished = false;
	/** The usage copy the snapshots share until `setUsage` changes the counters. */
	private usageCopy: Usage | undefined;

	constructor(
		private readonly model: Model,
		private readonly stream: AssistantMessageEventStream,
	) {
		this.message = {
			role: "assistant",
			content: [],
			api: model.api,
			provider: model.provider,
			model: model.id,
			usage: emptyUsage(),
			stopReason: "pending",
			timestamp: Date.now(),
		};
	}

	/** The stream's `backpressure()`: await it between vendor chunks when defined. */
	backpressure(): Promise<void> | undefined {
		return this.stream.backpressure();
	}

	/** True once `finish` or `fail` ran. */
	get isFinished(): boolean {
		return this.finished;
	}

	/** Emits `start` (once). Called implicitly by the first block. */
	start(): void {
		if (this.started || this.finished) return;
		this.started = true;
		this.stream.push({ type: "start", partial: this.snapshot() });
	}

	setResponseId(id: string | undefined): void {
		if (id) this.message.responseId = id;
	}

	/** Appends text to the text block `key`, opening it on the first non-empty delta. */
	text(key: string, delta: string): void {
		if (delta === "" || this.finished) return;
		const block = this.openBlock(key, "text") as TextContent;
		block.text += delta;
		this.stream.push({ type: "text_delta", contentIndex: this.indexOf(key), delta, partial: this.snapshot() });
	}

	/** Appends reasoning to the thinking block `key`, opening it on the first non-empty delta. */
	thinking(key: string, delta: string): void {
		if (delta === "" || this.finished) return;
		const block = this.openBlock(key, "thinking") as ThinkingContent;
		block.thinking += delta;
		this.stream.push({ type: "thinking_delta", contentIndex: this.indexOf(key), delta, partial: this.snapshot() });
	}

	/** Sets (or appends to) a thinking block's signature, opening the block if needed. */
	thinkingSignature(key: string, signature: string, options: { append?: boolean; redacted?: boolean } = {}): void {
		if (this.finished) return;
		const block = this.openBlock(key, "thinking") as ThinkingContent;
		block.thinkingSignature = options.append ? (block.thinkingSignature ?? "") + signature : signature;
		if (options.redacted) block.redacted = true;
	}

	/** Sets the opaque text signature of an open or future text block. */
	textSignature(key: string, signature: string): void {
		if (this.finished) return;
		const open = this.open.get(key);
		const block = open ? this.message.content[open.index] : undefined;
		if (block?.type === "text") block.textSignature = signature;
	}

	/**
	 * Opens or updates the tool call `key`. `argumentsDelta` is a raw JSON fragment; fragments are
	 * concatenated and parsed tolerantly into `arguments` after each one.
	 */
	toolCall(
		key: string,
		update: { id?: string; name?: string; argumentsDelta?: string; thoughtSignature?: string },
	): void {
		if (this.finished) return;
		const block = this.openBlock(key, "toolCall", { id: update.id ?? "", name: update.name ?? "" }) as ToolCall;
		if (update.id) block.id = update.id;
		if (update.name) block.name = update.name;
		if (update.thoughtSignature) block.thoughtSignature = update.thoughtSignature;
		const delta = update.argumentsDelta ?? "";
		if (delta === "") return;
		const open = this.open.get(key)!;
		open.argumentsJson += delta;
		if (shouldReparse(open)) {
			block.arguments = parseToolArguments(open.argumentsJson);
			open.parsedLength = open.argumentsJson.length;
		}
		this.stream.push({ type: "toolcall_delta", contentIndex: open.index, delta, partial: this.snapshot() });
	}

	/**
	 * Closes the block `key` (no-op when it never opened or already closed). A tool call still
	 * without an id gets a generated one.
	 */
	end(key: string): void {
		const open = this.open.get(key);
		if (!open) return;
		this.open.delete(key);
		const block = this.message.content[open.index]!;
		const contentIndex = open.index;
		if (block.type === "text") {
			this.stream.push({ type: "text_end", contentIndex, content: block.text, partial: this.snapshot() });
		} else if (block.type === "thinking") {
			this.stream.push({ type: "thinking_end", contentIndex, content: block.thinking, partial: this.snapshot() });
		} else {
			block.arguments = parseToolArguments(open.argumentsJson);
			// A call the vendor never gave an id still ends with one (ai.md §3.1).
			if (block.id === "") block.id = generateToolCallId();
			this.stream.push({ type: "toolcall_end", contentIndex, toolCall: { ...block }, partial: this.snapshot() });
		}
	}

	/** Merges vendor usage counters, recomputing the total (unless given) and the cost. */
	setUsage(update: UsageUpdate): void {
		const usage: Usage = this.message.usage;
		// Gemini repeats its usage on every chunk: the same counters again change nothing, and
		// skipping them keeps the snapshots' shared usage copy (no cost and copy per delta).
		if (this.usageCopy !== undefined && sameCounters(usage, update)) return;
		if (update.input !== undefined) usage.input = update.input;
		if (update.output !== undefined) usage.output = update.output;
		if (update.cacheRead !== undefined) usage.cacheRead = update.cacheRead;
		if (update.cacheWrite !== undefined) usage.cacheWrite = update.cacheWrite;
		if (update.reasoning !== undefined) setReasoning(usage, update.reasoning);
		usage.totalTokens = update.totalTokens ?? usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
		calculateCost(this.model, usage);
		this.usageCopy = undefined;
	}

	/**
	 * Ends the message successfully. The stop reason becomes "toolUse" whenever the content holds a
	 * tool call (ai.md §2.3).
	 */
	finish(reason: "stop" | "length" | "toolUse"): AssistantMessage {
		if (this.finished) return this.message;
		this.start();
		this.closeAll();
		// "toolUse" follows the content, not the vendor's word: a reported tool stop without a call is a stop.
		const hasToolCall = this.message.content.some((block) => block.type === "toolCall");
		const stopReason: "stop" | "length" | "toolUse" = reason === "length" ? "length" : hasToolCall ? "toolUse" : "stop";
		this.message.stopReason = stopReason;
		this.finished = true;
		this.stream.push({ type: "done", reason: stopReason, message: this.message });
		return this.message;
	}

	/** Ends the message with an error or abort, keeping the partial content and usage. */
	fail(errorMessage: string, aborted: boolean): AssistantMessage {
		if (this.finished) return this.message;
		this.closeAll();
		const stopReason: StopReason = aborted ? "aborted" : "error";
		this.message.stopReason = stopReason;
		// The one place every provider error becomes an errorMessage: no credential gets past it.
		this.message.errorMessage = redactSecrets(errorMessage);
		this.finished = true;
		this.stream.push({ type: "error", reason: aborted ? "aborted" : "error", error: this.message });
		return this.message;
	}

	private closeAll(): void {
		for (const key of [...this.open.keys()]) this.end(key);
	}

	private indexOf(key: string): number {
		return this.open.get(key)!.index;
	}

	private openBlock(key: string, kind: Block["type"], toolIdentity = NO_TOOL_IDENTITY): Block {
		const existing = this.open.get(key);
		if (existing) {
			if (existing.kind !== kind) throw new Error(`Block "${key}" is ${existing.kind}, not ${kind}`);
			return this.message.content[existing.index]!;
		}
		this.start();
		const block: Block =
			kind === "text"
				? { type: "text", text: "" }
				: kind === "thinking"
					? { type: "thinking", thinking: "" }
					: { type: "toolCall", id: toolIdentity.id, name: toolIdentity.name, arguments: {} };
		const index = this.message.content.length;
		this.message.content.push(block);
		this.open.set(key, { index, kind, argumentsJson: "", parsedLength: 0 });
		const partial = this.snapshot();
		if (kind === "text") this.stream.push({ type: "text_start", contentIndex: index, partial });
		else if (kind === "thinking") this.stream.push({ type: "thinking_start", contentIndex: index, partial });
		else this.stream.push({ type: "toolcall_start", contentIndex: index, partial });
		return block;
	}

	// A copy per event, so consumers may keep a partial without seeing it change later. The usage
	// copy (with `cost`, which `setUsage` updates in place) is shared by the snapshots taken
	// between two usage updates: nothing changes it, and a long reply allocates two objects less
	// per delta (and lets serializers reuse its text).
	private snapshot(): AssistantMessage {
		if (this.usageCopy === undefined) {
			const usage = this.message.usage;
			this.usageCopy = { ...usage, cost: { ...usage.cost } };
		}
		return {
			...this.message,
			content: this.message.content.map((block) => ({ ...block })),
			usage: this.usageCopy,
		};
	}
}

/** Arguments up to this size are re-parsed on every delta. */
const ALWAYS_REPARSE_CHARS = 4096;

/**
 * Whether a tool call's partial arguments should be parsed again. Small arguments are parsed on
 * every delta; large ones (a file being written) once they grew by 10%, so streaming n characters
 * costs O(n) parse work instead of O(n²). `arguments` stays the last best-effort parse meanwhile,
 * and the final parse at `toolcall_end` always sees everything.
 */
function shouldReparse(open: OpenBlock): boolean {
	const length = open.argumentsJson.length;
	return length <= ALWAYS_REPARSE_CHARS || length - open.parsedLength >= open.parsedLength * 0.1;
}

/**
 * Sets `usage.reasoning`, the first time moving `totalTokens` and `cost` behind it, so the
 * serialized usage reads input, output, cacheRead, cacheWrite, reasoning, totalTokens, cost as
 * pi 1.4's session and JSON-mode records do.
 */
function setReasoning(usage: Usage, reasoning: number): void {
	if (usage.reasoning === undefined) {
		const { totalTokens, cost } = usage;
		const movable = usage as Partial<Pick<Usage, "totalTokens" | "cost">>;
		delete movable.totalTokens;
		delete movable.cost;
		usage.reasoning = reasoning;
		usage.totalTokens = totalTokens;
		usage.cost = cost;
	} else usage.reasoning = reasoning;
}

/** True when `update` would leave every counter of `usage` as it is. */
function sameCounters(usage: Usage, update: UsageUpdate): boolean {
	return (
		(update.input === undefined || update.input === usage.input) &&
		(update.output === undefined || update.output === usage.output) &&
		(update.cacheRead === undefined || update.cacheRead === usage.cacheRead) &&
		(update.cacheWrite === undefined || update.cacheWrite === usage.cacheWrite) &&
		(update.reasoning === undefined || update.reasoning === usage.reasoning) &&
		(update.totalTokens === undefined || update.totalTokens === usage.totalTokens)
	);
}
