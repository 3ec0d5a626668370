/** What a Gemini `finishReason` means for the message. */
export type GoogleStopOutcome = { kind: "done"; reason: "stop" | "length" } | { kind: "error"; errorMessage: string };

/**
 * Maps Gemini's `finishReason` (https://ai.google.dev/api/generate-content#FinishReason). STOP is a
 * normal end (tool calls turn it into "toolUse" later), MAX_TOKENS a truncation; every other reason
 * (SAFETY, RECITATION, MALFORMED_FUNCTION_CALL, …) means the turn failed and becomes an error that
 * names the reason and Gemini's `finishMessage`. A stream without any finish reason was cut off.
 */
export function mapGoogleFinishReason(reason: string | undefined, finishMessage?: string): GoogleStopOutcome {
	switch (reason) {
		case "STOP":
			return { kind: "done", reason: "stop" };
		case "MAX_TOKENS":
			return { kind: "done", reason: "length" };
		case undefined:
			return { kind: "error", errorMessage: "Gemini stream ended without a finish reason (connection closed early)" };
		default:
			return {
				kind: "error",
				errorMessage: `Gemini stopped generating: finishReason ${reason}${finishMessage ? `: ${finishMessage}` : ""}`,
			};
	}
}
