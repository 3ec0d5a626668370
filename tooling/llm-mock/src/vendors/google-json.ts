// How the Gemini API serialises JSON. Recorded `alt=sse` streams (google/adk-go
// agent/remoteagent/testdata/TestA2ARemoteAgentStreamingGeminiSuccess.httprr, and raw captures
// quoted in Gemini SSE parser tests) write one object per event as
// `data: {"candidates": [{"content": {"parts": [{"text": "…"}],"role": "model"},"index": 0}],…}`
// followed by CRLF CRLF: a space after each colon, none after commas. Non-stream bodies and error
// bodies are pretty-printed with two spaces.

/** One SSE event in Gemini's framing: `data: <json>\r\n\r\n`. */
export function googleDataEvent(value: unknown): string {
	return `data: ${toGoogleJson(value)}\r\n\r\n`;
}

/** JSON with `": "` between keys and values and `,` between members, as the Gemini stream writes it. */
export function toGoogleJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(toGoogleJson).join(",")}]`;
	if (value !== null && typeof value === "object") {
		const members = Object.entries(value as Record<string, unknown>)
			.filter(([, member]) => member !== undefined)
			.map(([key, member]) => `${JSON.stringify(key)}: ${toGoogleJson(member)}`);
		return `{${members.join(",")}}`;
	}
	return JSON.stringify(value) ?? "null";
}

/** A pretty-printed body (non-stream responses, errors), ending with a newline. */
export function toGooglePrettyJson(value: unknown): string {
	return `${JSON.stringify(value, null, 2)}\n`;
}
