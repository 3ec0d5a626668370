import type { StreamFn } from "@pi/agent-core";
import {
	type AssistantMessage,
	type AssistantMessageEvent,
	AssistantMessageEventStream,
	type Context,
	type Model,
	type SimpleStreamOptions,
} from "@pi/ai";

/** The error text of a stream cut by the idle watchdog; "terminated" makes it a transient error. */
export const IDLE_TIMEOUT_MESSAGE = "terminated: idle timeout";

/**
 * A stream that stamps the time of every event it receives and, once the watchdog fired, turns
 * the provider's abort into the idle-timeout error. Events are forwarded synchronously.
 */
class WatchedStream extends AssistantMessageEventStream {
	lastEventAt = Date.now();
	idle = false;

	constructor(
		private readonly userAborted: () => boolean,
		private readonly onTerminal: () => void,
	) {
		super();
	}

	override push(event: AssistantMessageEvent): void {
		this.lastEventAt = Date.now();
		if (event.type === "done" || event.type === "error") this.onTerminal();
		if (event.type === "error" && this.idle && !this.userAborted()) {
			super.push({ type: "error", reason: "error", error: asIdleError(event.error) });
			return;
		}
		super.push(event);
	}
}

/**
 * Wraps a stream function with an idle watchdog (setting `httpIdleTimeoutMs`): when the provider
 * sends nothing for `idleMs`, the request is aborted and the stream ends with stopReason "error"
 * and `terminated: idle timeout`, which automatic retry treats as transient. A user abort still
 * ends as "aborted". `idleMs` ≤ 0 disables the watchdog.
 */
export function withIdleTimeout(streamFn: StreamFn, idleMs: number): StreamFn {
	if (idleMs <= 0) return streamFn;
	return async (model, context, options) => {
		const controller = new AbortController();
		const outer = options?.signal;
		const forwardAbort = () => controller.abort(outer?.reason);
		if (outer?.aborted) forwardAbort();
		else outer?.addEventListener("abort", forwardAbort, { once: true });
		let timer: ReturnType<typeof setTimeout> | undefined;
		const output = new WatchedStream(
			() => outer?.aborted === true,
			() => {
				clearTimeout(timer);
				outer?.removeEventListener("abort", forwardAbort);
			},
		);
		// One timer per quiet period, not per event: each event only stamps the time.
		const check = () => {
			const quietFor = Date.now() - output.lastEventAt;
			if (quietFor >= idleMs) {
				output.idle = true;
				controller.abort();
			} else timer = setTimeout(check, idleMs - quietFor);
		};
		timer = setTimeout(check, idleMs);
		const inner = await streamFn(model, context, { ...options, signal: controller.signal });
		inner.pipeTo(output);
		return output;
	};
}

function asIdleError(message: AssistantMessage): AssistantMessage {
	return { ...message, stopReason: "error", errorMessage: IDLE_TIMEOUT_MESSAGE };
}

/** A one-shot completion (summaries), as `ModelRuntime.completeSimple`. */
export type CompleteFn = (model: Model, context: Context, options?: SimpleStreamOptions) => Promise<AssistantMessage>;

/**
 * A completion under the same idle watchdog as the agent's requests, so a stalled compaction or
 * branch-summary stream ends as the transient `terminated: idle timeout` instead of hanging.
 */
export function completeWithIdleTimeout(
	stream: (model: Model, context: Context, options?: SimpleStreamOptions) => AssistantMessageEventStream,
	idleMs: number,
): CompleteFn {
	const watched = withIdleTimeout(stream, idleMs);
	return async (model, context, options) => (await watched(model, context, options)).result();
}
