import type { SimpleStreamOptions } from "@pi/ai";

/** The stream options the loop forwards to `streamFn` unchanged: the one list of them. */
export const FORWARDED_STREAM_OPTION_KEYS = [
	"thinkingBudgets",
	"sessionId",
	"transport",
	"maxRetryDelayMs",
	"onPayload",
	"transformHeaders",
	"onResponse",
] as const satisfies readonly (keyof SimpleStreamOptions)[];

/** Stream options the loop forwards to `streamFn` unchanged. */
export type ForwardedStreamOptions = Pick<SimpleStreamOptions, (typeof FORWARDED_STREAM_OPTION_KEYS)[number]>;

/** The forwarded stream options of `source` (an `Agent` or its options), for the loop config. */
export function pickForwardedStreamOptions(source: ForwardedStreamOptions): ForwardedStreamOptions {
	const picked: Record<string, unknown> = {};
	for (const key of FORWARDED_STREAM_OPTION_KEYS) picked[key] = source[key];
	return picked as ForwardedStreamOptions;
}
