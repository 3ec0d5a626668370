// Output items and the `response` object of the OpenAI Responses API. Sources: the SDK's `Response`,
// `ResponseOutputMessage`, `ResponseReasoningItem`, `ResponseFunctionToolCall`, `ResponseUsage`
// (openai 6.30 resources/responses/responses.d.ts) and recorded streams (vercel/ai
// packages/openai/src/responses/__fixtures__/openai-reasoning-encrypted-content.1.chunks.txt: field
// order, `encrypted_content` already on `output_item.added`, `output_text` parts with `annotations`
// and `logprobs`, `incomplete_details`, `usage` with `input_tokens_details.cached_tokens`;
// azure-gpt5-reasoning-multi-summary-no-encryption.chunks.txt: several `summary_text` parts per item).
import type { PlannedBlock, PlannedReply, PlannedThinking } from "../internal/plan-reply.js";
import { type RenderContext, replyModel } from "./vendor-renderer.js";

/** Ids and flags fixed once per response, so the stream and the final object agree. */
export interface ResponseIdentity {
	id: string;
	model: string;
	/** Item id per block (`msg_…`, `rs_…`, `fc_…`). */
	itemIds: string[];
	/** `call_…` per tool-call block. */
	callIds: string[];
	/** `encrypted_content` per thinking block; undefined when the request did not include it. */
	encrypted: (string | undefined)[];
}

/** Assigns ids; encrypted reasoning only when `include` asked for `reasoning.encrypted_content`. */
export function identifyResponse(reply: PlannedReply, context: RenderContext): ResponseIdentity {
	const include = Array.isArray(context.body.include) ? context.body.include : [];
	const wantsEncrypted = include.includes("reasoning.encrypted_content");
	const prefixes = { text: "msg_", thinking: "rs_", toolCall: "fc_" } as const;
	return {
		id: reply.id ?? context.ids.hex("resp_", 50),
		model: replyModel(reply, context),
		itemIds: reply.blocks.map((block) => context.ids.hex(prefixes[block.type], 50)),
		callIds: reply.blocks.map((block) =>
			block.type === "toolCall" ? (block.id ?? context.ids.alphanumeric("call_", 24)) : "",
		),
		encrypted: reply.blocks.map((block) =>
			block.type === "thinking" && wantsEncrypted ? (block.signature ?? context.ids.opaque("gAAAAAB", 160)) : undefined,
		),
	};
}

/** An `output_text` content part. */
export function textPart(text: string): Record<string, unknown> {
	return { type: "output_text", annotations: [], logprobs: [], text };
}

/** The item as `output_item.added` shows it (`done: false`) or as `output_item.done` and `output` show it. */
export function outputItem(
	block: PlannedBlock,
	index: number,
	identity: ResponseIdentity,
	done: boolean,
	finalStatus: "completed" | "incomplete",
): Record<string, unknown> {
	const id = identity.itemIds[index];
	switch (block.type) {
		case "text":
			return {
				id,
				type: "message",
				status: done ? finalStatus : "in_progress",
				content: done ? [textPart(block.text)] : [],
				role: "assistant",
			};
		case "thinking": {
			const item: Record<string, unknown> = { id, type: "reasoning" };
			const encrypted = identity.encrypted[index];
			if (encrypted !== undefined) item.encrypted_content = encrypted;
			item.summary = done && !block.redacted && block.text !== "" ? summaryTexts(block) : [];
			return item;
		}
		case "toolCall":
			return {
				id,
				type: "function_call",
				status: done ? finalStatus : "in_progress",
				arguments: done ? block.arguments : "",
				call_id: identity.callIds[index],
				name: block.name,
			};
	}
}

/** The finished summary: one `summary_text` per scripted part, or the whole text as one. */
function summaryTexts(block: PlannedThinking): Record<string, unknown>[] {
	const texts = block.summary?.map((part) => part.text) ?? [block.text];
	return texts.map((text) => ({ type: "summary_text", text }));
}

/** `usage` of a finished response; `input_tokens` includes cached tokens, `output_tokens` reasoning. */
export function responseUsage(reply: PlannedReply): Record<string, unknown> {
	const usage = reply.usage;
	const inputTokens = usage.input + usage.cacheRead + usage.cacheWrite;
	return {
		input_tokens: inputTokens,
		input_tokens_details: { cached_tokens: usage.cacheRead },
		output_tokens: usage.output,
		output_tokens_details: { reasoning_tokens: usage.reasoning },
		total_tokens: inputTokens + usage.output,
	};
}

/** The `response` object; echoes request settings (tools, reasoning, store…) as the API does. */
export function responseObject(
	reply: PlannedReply,
	identity: ResponseIdentity,
	context: RenderContext,
	state: {
		status: "in_progress" | "completed" | "incomplete";
		output: Record<string, unknown>[];
		/** `incomplete_details.reason` when the status is incomplete. Default: `max_output_tokens`. */
		incompleteReason?: string;
	},
): Record<string, unknown> {
	const body = context.body;
	const finished = state.status !== "in_progress";
	return {
		id: identity.id,
		object: "response",
		created_at: context.now,
		status: state.status,
		background: false,
		completed_at: state.status === "completed" ? context.now : null,
		error: null,
		incomplete_details:
			state.status === "incomplete" ? { reason: state.incompleteReason ?? "max_output_tokens" } : null,
		instructions: body.instructions ?? null,
		max_output_tokens: body.max_output_tokens ?? null,
		max_tool_calls: null,
		model: identity.model,
		output: state.output,
		parallel_tool_calls: body.parallel_tool_calls ?? true,
		previous_response_id: body.previous_response_id ?? null,
		prompt_cache_key: body.prompt_cache_key ?? null,
		reasoning: body.reasoning ?? { effort: null, summary: null },
		safety_identifier: null,
		service_tier: finished ? "default" : "auto",
		store: body.store ?? true,
		temperature: body.temperature ?? 1,
		text: body.text ?? { format: { type: "text" }, verbosity: "medium" },
		tool_choice: body.tool_choice ?? "auto",
		tools: body.tools ?? [],
		top_logprobs: 0,
		top_p: body.top_p ?? 1,
		truncation: "disabled",
		usage: finished ? responseUsage(reply) : null,
		user: null,
		metadata: body.metadata ?? {},
	};
}
