import type { MockStreamError } from "../types.js";

/**
 * A response ready to write: status, headers and the body as a list of frames. For a stream each
 * frame is one SSE event exactly as it goes on the wire; otherwise there is one frame (the body) or
 * none (an empty body).
 */
export interface WirePlan {
	status: number;
	headers: Record<string, string>;
	frames: (string | Uint8Array)[];
	/** True for SSE: no content-length, chunked transfer. */
	stream: boolean;
}

/** A JSON response (content-length set by the writer). */
export function jsonPlan(status: number, headers: Record<string, string>, body: string): WirePlan {
	return { status, headers, frames: [body], stream: false };
}

/** A status with an empty body (`content-length: 0`), for "400 (no body)" faults. */
export function emptyPlan(status: number, headers: Record<string, string>): WirePlan {
	return { status, headers, frames: [], stream: false };
}

/** An SSE response. */
export function ssePlan(headers: Record<string, string>, frames: (string | Uint8Array)[]): WirePlan {
	return { status: 200, headers, frames, stream: true };
}

/** `event: name\ndata: json\n\n`, the framing Anthropic and OpenAI Responses use. */
export function namedEvent(name: string, data: string): string {
	return `event: ${name}\ndata: ${data}\n\n`;
}

/** `data: json\n\n`, the framing OpenAI Chat Completions uses (Google uses `\r\n\r\n`, see google-json.ts). */
export function dataEvent(data: string): string {
	return `data: ${data}\n\n`;
}

/**
 * Cuts a stream after `streamError.afterEvents` events and appends the vendor's in-stream error
 * event(s), built by `errorFrames` from the position of the first (OpenAI Responses numbers them)
 * and the script's `streamError`.
 */
export function applyStreamError<TFrame extends string | Uint8Array>(
	frames: TFrame[],
	streamError: MockStreamError | undefined,
	errorFrames: (eventIndex: number, streamError: MockStreamError) => TFrame | TFrame[],
): TFrame[] {
	if (!streamError) return frames;
	const kept = frames.slice(0, Math.max(0, streamError.afterEvents));
	return kept.concat(errorFrames(kept.length, streamError));
}
