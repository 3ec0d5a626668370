import type { StreamFn } from "@pi/agent-core";
import { type AssistantMessage, AssistantMessageEventStream } from "@pi/ai";

/** The error text of a stream cut by the idle watchdog; "terminated" makes it a transient error. */
export const IDLE_TIMEOUT_MESSAGE = "terminated: idle timeout";

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
		let idle = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const arm = () => {
			clearTimeout(timer);
			timer = setTimeout(() => {
				idle = true;
				controller.abort();
			}, idleMs);
		};
		arm();
		const inner = await streamFn(model, context, { ...options, signal: controller.signal });
		const output = new AssistantMessageEventStream();
		void (async () => {
			try {
				for await (const event of inner) {
					if (event.type === "error" && idle && !outer?.aborted) {
						output.push({ type: "error", reason: "error", error: asIdleError(event.error) });
						continue;
					}
					output.push(event);
					arm();
				}
			} finally {
				clearTimeout(timer);
				outer?.removeEventListener("abort", forwardAbort);
			}
		})();
		return output;
	};
}

function asIdleError(message: AssistantMessage): AssistantMessage {
	return { ...message, stopReason: "error", errorMessage: IDLE_TIMEOUT_MESSAGE };
}
