/**
 * Narrowing helpers for recorded request bodies (plain JSON typed `unknown`). They never throw:
 * a missing or mistyped field reads as an empty value, so an adapter's reader returns "nothing
 * found" and the scenario's assertion reports what was expected.
 */

/** A JSON object, or `{}` for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
	return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A JSON array, or `[]` for anything else. */
export function asArray(value: unknown): unknown[] {
	return Array.isArray(value) ? value : [];
}

/** A string, or undefined. */
export function asString(value: unknown): string | undefined {
	return typeof value === "string" ? value : undefined;
}

/** A number, or undefined. */
export function asNumber(value: unknown): number | undefined {
	return typeof value === "number" ? value : undefined;
}

/** Array elements that are objects, as records. */
export function records(value: unknown): Record<string, unknown>[] {
	return asArray(value)
		.filter((item) => item !== null && typeof item === "object")
		.map(asRecord);
}

/**
 * A string holding JSON, decoded (tool-call arguments travel as JSON text); a string that is not
 * JSON, or any other value, as is, so the scenario compares the raw value.
 */
export function decodeJsonString(value: unknown): unknown {
	const text = asString(value);
	if (text === undefined) return value;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}
