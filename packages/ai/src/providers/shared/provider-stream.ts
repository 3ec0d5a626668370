import { type AssistantMessageEventStream, createAssistantMessageEventStream } from "../../event-stream.js";
import { redactSecrets } from "../../redact-secrets.js";
import type { Model, StreamOptions } from "../../types.js";
import { ABORTED_MESSAGE, errorText } from "../../utils/failed-stream.js";
import { AssistantMessageBuilder } from "./assistant-message-builder.js";

/** What a provider's request function receives. */
export interface ProviderRequest {
	builder: AssistantMessageBuilder;
	/** The key from `options.apiKey`; "" for keyless servers (the vendor decides whether that is enough). */
	apiKey: string;
}

/**
 * Runs one provider request as a stream that never throws (ai.md §1 rule 2).
 *
 * Emits `start` first. An already-aborted signal ends the stream as aborted without calling
 * `request`; a signal that fires later ends it as aborted at once, keeping the partial content, and
 * nothing the request still produces is emitted after that; an `options.apiKey` that is undefined ends it with an error that says no key was given
 * (API modules never read the environment; provider auth resolves keys before dispatch). An empty
 * key is passed on: keyless local servers use it (`keylessAuth`), and a vendor that needs a key
 * answers 401. Anything `request` throws becomes the terminal `error` event: "aborted" with
 * `Request was aborted` when the signal fired, else `formatError(error)`. When `request` returns
 * without finishing the builder, the message fails the same way (aborted, or "Stream ended before
 * the response was complete").
 */
export function runProviderStream(
	model: Model,
	options: StreamOptions,
	request: (context: ProviderRequest) => Promise<void>,
	formatError: (error: unknown) => string,
): AssistantMessageEventStream {
	const stream = createAssistantMessageEventStream();
	const builder = new AssistantMessageBuilder(model, stream);
	const aborted = (): boolean => options.signal?.aborted === true;
	void (async () => {
		builder.start();
		if (aborted()) {
			builder.fail(ABORTED_MESSAGE, true);
			return;
		}
		const apiKey = options.apiKey;
		if (apiKey === undefined) {
			builder.fail(
				`No API key given for provider "${model.provider}" (model "${model.id}", api "${model.api}"): pass options.apiKey ("" for a keyless server) or configure the provider's credentials`,
				false,
			);
			return;
		}
		// End the message the moment the signal fires (ai.md §3.2 rule 9): an SDK may still yield
		// events it had already parsed, and the builder ignores everything after its terminal event.
		const onAbort = (): void => {
			builder.fail(ABORTED_MESSAGE, true);
		};
		options.signal?.addEventListener("abort", onAbort, { once: true });
		try {
			await request({ builder, apiKey });
			if (!builder.isFinished) {
				if (aborted()) builder.fail(ABORTED_MESSAGE, true);
				else builder.fail("Stream ended before the response was complete", false);
			}
		} catch (error) {
			if (aborted()) builder.fail(ABORTED_MESSAGE, true);
			// The key in use is redacted verbatim too, whatever its shape.
			else builder.fail(redactSecrets(safeFormat(formatError, error), [apiKey]), false);
		} finally {
			options.signal?.removeEventListener("abort", onAbort);
		}
	})();
	return stream;
}

// A formatter bug must not turn into an unhandled rejection: the stream still has to end.
function safeFormat(formatError: (error: unknown) => string, error: unknown): string {
	try {
		return formatError(error);
	} catch {
		return errorText(error);
	}
}

/**
 * Runs `onPayload` (ai.md §3.4) on the built request body. A returned object replaces the body; any
 * other return value (undefined included) keeps it.
 */
export async function applyPayloadHook<TBody extends object>(
	body: TBody,
	model: Model,
	options: StreamOptions,
): Promise<TBody> {
	if (!options.onPayload) return body;
	const replaced = await options.onPayload(body, model);
	// The hook owns the replacement's shape: the vendor rejects a malformed body with a stream error.
	return replaced !== null && typeof replaced === "object" && !Array.isArray(replaced) ? (replaced as TBody) : body;
}
