import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Model } from "../types.js";
import { ABORTED_MESSAGE } from "../utils/failed-stream.js";
import type { FauxBlock, FauxScript } from "./faux-script.js";
import { splitIntoChunks } from "./faux-script.js";
import { assistantContentText, estimateTokens } from "./faux-usage.js";
import { AssistantMessageBuilder, type UsageUpdate } from "./shared/assistant-message-builder.js";

/** Everything one playback needs. */
export interface FauxPlayback {
	model: Model;
	target: AssistantMessageEventStream;
	script: FauxScript;
	inputUsage: UsageUpdate;
	signal?: AbortSignal;
	tokensPerSecond?: number;
	/** Returns the next `faux_call_<n>` id of the handle. */
	nextToolCallId: () => string;
}

/** Most microtasks to wait for a consumer to catch up before emitting the next delta anyway. */
const MAX_CATCH_UP_TICKS = 8;

/**
 * Waits before the next delta: the paced delay for `chunk` when `tokensPerSecond` is set, else at
 * least one microtask and then until the consumer is waiting again (at most 8 microtasks). So a
 * consumer that aborts on a delta sees no further deltas, yet a stream nobody iterates still runs.
 * Resolves early on abort.
 */
async function pace(chunk: string, playback: FauxPlayback): Promise<void> {
	const { tokensPerSecond, signal, target } = playback;
	if (!tokensPerSecond || tokensPerSecond <= 0) {
		await Promise.resolve();
		for (let tick = 0; tick < MAX_CATCH_UP_TICKS && !target.hasWaitingConsumer && !signal?.aborted; tick++)
			await Promise.resolve();
		return;
	}
	const delayMs = (estimateTokens(chunk) / tokensPerSecond) * 1000;
	return new Promise((resolve) => {
		const timer = setTimeout(done, delayMs);
		function done(): void {
			clearTimeout(timer);
			signal?.removeEventListener("abort", done);
			resolve();
		}
		signal?.addEventListener("abort", done, { once: true });
	});
}

/**
 * Streams `script` into `target` through an `AssistantMessageBuilder`, so the ai.md §3.2
 * invariants hold: text and thinking as several deltas, tool arguments as JSON fragments, each
 * delta after its own microtask (or paced by `tokensPerSecond`). Abort stops before the next
 * delta with stopReason "aborted". Returns when the stream has ended.
 */
export async function playFauxScript(playback: FauxPlayback): Promise<void> {
	const { script, signal } = playback;
	const builder = new AssistantMessageBuilder(playback.model, playback.target);
	builder.setResponseId(script.responseId);
	builder.setUsage(playback.inputUsage);
	builder.start();
	for (let index = 0; index < script.content.length; index++) {
		const completed = await playBlock(builder, String(index), script.content[index]!, playback);
		if (!completed || signal?.aborted) {
			builder.fail(ABORTED_MESSAGE, true);
			return;
		}
	}
	builder.setUsage({ output: estimateTokens(assistantContentText(builder.message.content)), ...script.usage });
	const stopReason = script.stopReason ?? "stop";
	if (stopReason === "error" || stopReason === "aborted") {
		builder.fail(
			script.errorMessage ?? (stopReason === "aborted" ? ABORTED_MESSAGE : "Faux error"),
			stopReason === "aborted",
		);
		return;
	}
	builder.finish(stopReason === "pending" ? "stop" : stopReason);
}

/** Streams one block; false when aborted part-way. */
async function playBlock(
	builder: AssistantMessageBuilder,
	key: string,
	block: FauxBlock,
	playback: FauxPlayback,
): Promise<boolean> {
	const { signal } = playback;
	const emit = async (text: string, push: (chunk: string) => void): Promise<boolean> => {
		for (const chunk of splitIntoChunks(text, block.chunks)) {
			await pace(chunk, playback);
			if (signal?.aborted) return false;
			push(chunk);
		}
		return true;
	};
	if (block.type === "text") {
		const ok = await emit(block.text, (chunk) => builder.text(key, chunk));
		if (ok && block.textSignature) builder.textSignature(key, block.textSignature);
		builder.end(key);
		return ok;
	}
	if (block.type === "thinking") {
		const ok = block.redacted ? true : await emit(block.thinking, (chunk) => builder.thinking(key, chunk));
		if (ok && block.thinkingSignature)
			builder.thinkingSignature(key, block.thinkingSignature, { redacted: block.redacted });
		builder.end(key);
		return ok;
	}
	const id = block.id || playback.nextToolCallId();
	builder.toolCall(key, { id, name: block.name, thoughtSignature: block.thoughtSignature });
	const ok = await emit(JSON.stringify(block.arguments), (chunk) => builder.toolCall(key, { argumentsDelta: chunk }));
	builder.end(key);
	return ok;
}
