import { randomUUID } from "node:crypto";

/**
 * A fresh tool-call id, `call_` + 24 alphanumerics: valid for every target API's id rules
 * (ai.md §8.4). Used when a vendor sends a call without an id (Gemini; some OpenAI-compatible
 * servers), since `toolcall_end` always carries an id (ai.md §3.1).
 */
export function generateToolCallId(): string {
	return `call_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
}
