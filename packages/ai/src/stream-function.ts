import type { AssistantMessageEventStream } from "./event-stream.js";
import type { Context, Model, SimpleStreamOptions, StreamOptions } from "./types.js";

/**
 * A stream function. Contract: it never throws or rejects for request failures (missing key,
 * HTTP error, network drop, abort, malformed vendor data); those end the stream with an `error`
 * event whose message has stopReason "error" or "aborted". Programming errors may throw.
 */
export type StreamFunction<TOptions extends StreamOptions = StreamOptions> = (
	model: Model,
	context: Context,
	options?: TOptions,
) => AssistantMessageEventStream;

/** What an API module (one wire protocol) exports. */
export interface ProviderStreams<TOptions extends StreamOptions = StreamOptions> {
	stream: StreamFunction<TOptions>;
	streamSimple: StreamFunction<SimpleStreamOptions>;
}
