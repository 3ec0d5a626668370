/** One parsed SSE event: the `event:` field (if any) and the joined `data:` lines. */
export interface SseEvent {
	event: string | undefined;
	data: string;
}

/**
 * Parses a complete `text/event-stream` body per the WHATWG rules used by the vendor SDKs: events
 * end at a blank line; lines end in CRLF, LF or CR; `data:` lines join with "\n"; one optional
 * space after the colon is dropped.
 */
export function parseSse(text: string): SseEvent[] {
	const events: SseEvent[] = [];
	let eventName: string | undefined;
	let data: string[] = [];
	let sawField = false;
	for (const line of text.split(/\r\n|\r|\n/)) {
		if (line === "") {
			if (sawField) events.push({ event: eventName, data: data.join("\n") });
			eventName = undefined;
			data = [];
			sawField = false;
			continue;
		}
		const colon = line.indexOf(":");
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = colon === -1 ? "" : line.slice(colon + 1);
		if (value.startsWith(" ")) value = value.slice(1);
		if (field === "event") eventName = value;
		if (field === "data") data.push(value);
		sawField = sawField || field === "event" || field === "data";
	}
	return events;
}

/** Parses every event's data as JSON (fails the test on a non-JSON event). */
export function sseJson(text: string): Record<string, unknown>[] {
	return parseSse(text).map((event) => JSON.parse(event.data) as Record<string, unknown>);
}
