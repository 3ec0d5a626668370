/**
 * Tolerant JSON parsing for streamed tool arguments (ai.md §4).
 *
 * `parsePartialJson` closes open strings, arrays and objects and drops a dangling key or
 * separator, so a prefix of a JSON document parses to its best-effort value. It never throws.
 */
export function parsePartialJson(text: string): unknown {
	const trimmed = text.trim();
	if (trimmed === "") return undefined;
	try {
		return JSON.parse(trimmed);
	} catch {
		// Not complete yet: repair below.
	}
	const repaired = repairJsonPrefix(trimmed);
	for (let end = repaired.length; end > 0; end--) {
		try {
			return JSON.parse(closeOpenScopes(repaired.slice(0, end)));
		} catch {
			// Try a shorter prefix: the tail may be half a token.
		}
	}
	return undefined;
}

/** Parses streamed tool arguments into an object; `{}` for anything that is not an object. */
export function parseToolArguments(text: string): Record<string, unknown> {
	const value = parsePartialJson(text);
	if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
	return {};
}

// Cuts an unfinished escape sequence at the end of a string literal.
function repairJsonPrefix(text: string): string {
	const match = /\\(u[0-9a-fA-F]{0,3})?$/.exec(text);
	if (match && isInsideString(text.slice(0, match.index))) return text.slice(0, match.index);
	return text;
}

function isInsideString(text: string): boolean {
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (inString && char === "\\") i++;
		else if (char === '"') inString = !inString;
	}
	return inString;
}

function closeOpenScopes(prefix: string): string {
	const closers: string[] = [];
	let inString = false;
	for (let i = 0; i < prefix.length; i++) {
		const char = prefix[i];
		if (inString) {
			if (char === "\\") i++;
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') inString = true;
		else if (char === "{") closers.push("}");
		else if (char === "[") closers.push("]");
		else if (char === "}" || char === "]") closers.pop();
	}
	let body = inString ? `${prefix}"` : prefix;
	body = body.replace(/[\s,:]+$/, "");
	// A key without a value: `{"a":1,"b"` → drop the dangling key.
	body = body.replace(/([{,])\s*"(?:[^"\\]|\\.)*"$/, (whole, separator: string) =>
		closers.at(-1) === "}" ? separator : whole,
	);
	body = body.replace(/[\s,]+$/, "");
	return body + closers.reverse().join("");
}
