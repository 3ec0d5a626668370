// The optional first line of a script: `// @options: {"max_output_tokens": 2000, "timeout_ms": 60000}`.

/** Options a script may set on its first line. */
export interface ScriptOptions {
	/** Estimated tokens (characters / 4) of output the model sees. Default 10000. */
	maxOutputTokens: number;
	/** Hard deadline of the whole script, worker wait included, ms; undefined: none. */
	timeoutMs?: number;
}

export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;

const OPTIONS_LINE = /^\s*\/\/\s*@options\s*:(.*)$/;

/** The options, or an error message naming the fix. Only the first line may hold them. */
export function parseScriptOptions(code: string): { options: ScriptOptions } | { error: string } {
	const lines = code.split("\n");
	const misplaced = lines.findIndex((line, index) => index > 0 && OPTIONS_LINE.test(line));
	if (misplaced > 0)
		return { error: `The // @options: line must be the first line of the script (found on line ${misplaced + 1}).` };
	const match = OPTIONS_LINE.exec(lines[0] ?? "");
	const options: ScriptOptions = { maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS };
	if (!match) return { options };
	let parsed: unknown;
	try {
		parsed = JSON.parse(match[1] ?? "");
	} catch {
		return { error: `Invalid // @options: line: expected a JSON object such as {"timeout_ms": 60000}.` };
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
		return { error: `Invalid // @options: line: expected a JSON object such as {"timeout_ms": 60000}.` };
	for (const [key, value] of Object.entries(parsed)) {
		if (key !== "max_output_tokens" && key !== "timeout_ms")
			return { error: `Unknown option "${key}" in // @options: (known: max_output_tokens, timeout_ms).` };
		if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
			return { error: `Option "${key}" in // @options: must be a positive number.` };
		if (key === "max_output_tokens") options.maxOutputTokens = Math.floor(value);
		else options.timeoutMs = Math.floor(value);
	}
	return { options };
}
