import { existsSync, readFileSync } from "node:fs";
import { redactSecrets } from "@pi/ai";
import { writeFileAtomic } from "../fs/atomic-write.js";

/** The outcome of reading a JSON config file: its value, or why it could not be used. */
export type JsonFileRead<T> =
	| { status: "missing"; value: T }
	| { status: "ok"; value: T }
	| { status: "invalid"; value: T; error: string };

/** Reads a JSON object file; a missing file or one that is not a JSON object yields `fallback`. */
export function readJsonObjectFile<T extends object>(path: string, fallback: T): JsonFileRead<T> {
	if (!existsSync(path)) return { status: "missing", value: fallback };
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		return { status: "invalid", value: fallback, error: `cannot read ${path}: ${(error as Error).message}` };
	}
	if (text.trim() === "") return { status: "ok", value: fallback };
	try {
		const value = JSON.parse(text) as unknown;
		if (value === null || typeof value !== "object" || Array.isArray(value)) {
			return { status: "invalid", value: fallback, error: `${path} must contain a JSON object` };
		}
		return { status: "ok", value: value as T };
	} catch (error) {
		return { status: "invalid", value: fallback, error: `${path} is not valid JSON: ${parseErrorText(error)}` };
	}
}

/** Writes pretty JSON durably (see writeFileAtomic), optionally with an exact file mode. */
export function writeJsonFileAtomic(path: string, value: unknown, mode?: number): void {
	writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, { mode });
}

/**
 * V8 quotes the text around a JSON syntax error — in auth.json that is a piece of a credential,
 * too short for pattern redaction — so the quote is dropped and the rest redacted.
 */
function parseErrorText(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return redactSecrets(
		message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, " (the file is not valid JSON)"),
	);
}
