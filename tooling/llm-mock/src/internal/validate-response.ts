const ERROR_KINDS = ["invalid_api_key"];
const REASONING_FIELDS = ["reasoning_content", "reasoning", "reasoning_text", "thinking-chunks"];
const RESPONSES_STREAM_ERROR_EVENTS = ["response.failed", "error", "error-flat"];
const APIS = ["openai-completions", "openai-responses", "anthropic-messages", "google-generative-ai"];

/**
 * Checks that a value is a plain-data `MockResponse` (reply, error or raw). Returns a description
 * of the first problem, or undefined when the value is usable. Used for CLI script files and for
 * what responder functions return, since neither is checked by the compiler.
 */
export function findResponseProblem(value: unknown): string | undefined {
	if (!isRecord(value)) return 'must be an object with a "type"';
	switch (value.type) {
		case "reply":
			return findReplyProblem(value);
		case "error":
			return findErrorProblem(value);
		case "raw":
			if (typeof value.body !== "string") return 'raw: "body" must be a string';
			if (value.headers !== undefined && !isStringRecord(value.headers))
				return 'raw: "headers" must map names to strings';
			return checkOptional(value, { status: "number", splitEveryBytes: "number", chunkDelayMs: "number" }, "raw");
		default:
			return `unknown type ${JSON.stringify(value.type)} (expected "reply", "error" or "raw")`;
	}
}

function findErrorProblem(value: Record<string, unknown>): string | undefined {
	if (value.kind !== undefined && !ERROR_KINDS.includes(String(value.kind))) {
		return `error: "kind" must be one of ${ERROR_KINDS.map((kind) => JSON.stringify(kind)).join(", ")}`;
	}
	// With a kind the status may be left out: the vendor's own status for that kind is sent.
	const statusOptional = value.kind !== undefined && value.status === undefined;
	if (!statusOptional && (!isInteger(value.status) || value.status < 400 || value.status > 599)) {
		return 'error: "status" must be an HTTP status from 400 to 599 (it may be left out when "kind" is given)';
	}
	return checkOptional(
		value,
		{ message: "string", retryAfterSeconds: "number", overflow: "boolean", noBody: "boolean" },
		"error",
	);
}

function findReplyProblem(value: Record<string, unknown>): string | undefined {
	if (!Array.isArray(value.blocks)) return 'reply: "blocks" must be an array';
	for (const [index, block] of value.blocks.entries()) {
		const problem = findBlockProblem(block);
		if (problem) return `reply: blocks[${index}]: ${problem}`;
	}
	if (value.stopReason !== undefined && !["stop", "length", "toolUse"].includes(String(value.stopReason))) {
		return 'reply: "stopReason" must be "stop", "length" or "toolUse"';
	}
	if (value.usage !== undefined) {
		if (!isRecord(value.usage) || typeof value.usage.input !== "number" || typeof value.usage.output !== "number") {
			return 'reply: "usage" needs numbers "input" and "output"';
		}
	}
	const streamErrorProblem = findStreamErrorProblem(value.streamError);
	if (streamErrorProblem) return streamErrorProblem;
	if (value.reasoningField !== undefined && !REASONING_FIELDS.includes(String(value.reasoningField))) {
		return `reply: "reasoningField" must be one of ${REASONING_FIELDS.map((field) => JSON.stringify(field)).join(", ")}`;
	}
	const vendorStopReason = value.vendorStopReason;
	if (
		vendorStopReason !== undefined &&
		typeof vendorStopReason !== "string" &&
		!(isStringRecord(vendorStopReason) && Object.keys(vendorStopReason).every((api) => APIS.includes(api)))
	) {
		return 'reply: "vendorStopReason" must be a string or an object mapping API names to strings';
	}
	return checkOptional(
		value,
		{
			id: "string",
			model: "string",
			chunkDelayMs: "number",
			splitEveryBytes: "number",
			dropAfterEvents: "number",
			stallAfterEvents: "number",
		},
		"reply",
	);
}

function findStreamErrorProblem(streamError: unknown): string | undefined {
	if (streamError === undefined) return undefined;
	if (!isRecord(streamError) || !isInteger(streamError.afterEvents)) {
		return 'reply: "streamError.afterEvents" must be an integer';
	}
	if (
		streamError.responsesEvent !== undefined &&
		!RESPONSES_STREAM_ERROR_EVENTS.includes(String(streamError.responsesEvent))
	) {
		return `reply: "streamError.responsesEvent" must be one of ${RESPONSES_STREAM_ERROR_EVENTS.map((event) => JSON.stringify(event)).join(", ")}`;
	}
	return checkOptional(streamError, { message: "string", code: "string" }, "reply: streamError");
}

function findBlockProblem(block: unknown): string | undefined {
	if (!isRecord(block)) return "must be an object";
	if (block.deltas !== undefined && typeof block.deltas !== "number" && !isStringArray(block.deltas)) {
		return '"deltas" must be a number or an array of strings';
	}
	switch (block.type) {
		case "text":
			return typeof block.text === "string" ? undefined : 'text: "text" must be a string';
		case "thinking":
			if (typeof block.text !== "string") return 'thinking: "text" must be a string';
			if (block.summary !== undefined && !isStringArray(block.summary)) {
				return 'thinking: "summary" must be an array of strings';
			}
			return undefined;
		case "toolCall":
			if (typeof block.name !== "string") return 'toolCall: "name" must be a string';
			if (typeof block.arguments !== "string" && !isRecord(block.arguments)) {
				return 'toolCall: "arguments" must be a JSON string or an object';
			}
			return undefined;
		default:
			return `unknown block type ${JSON.stringify(block.type)} (expected "text", "thinking" or "toolCall")`;
	}
}

function checkOptional(
	value: Record<string, unknown>,
	fields: Record<string, "string" | "number" | "boolean">,
	what: string,
): string | undefined {
	for (const [name, kind] of Object.entries(fields)) {
		const field = value[name];
		if (field !== undefined && typeof field !== kind) return `${what}: "${name}" must be a ${kind}`;
	}
	return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isInteger(value: unknown): value is number {
	return typeof value === "number" && Number.isInteger(value);
}

function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isStringRecord(value: unknown): value is Record<string, string> {
	return isRecord(value) && Object.values(value).every((item) => typeof item === "string");
}
