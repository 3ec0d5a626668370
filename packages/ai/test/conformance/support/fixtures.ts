import { Type } from "@sinclair/typebox";
import type { Context, Tool } from "../../../src/types.js";

/** A 1×1 transparent PNG. */
export const PNG_1X1 =
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A second, different image (1×1 red GIF) to tell user images from tool-result images. */
export const GIF_1X1 = "R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==";

/** Placeholder key: the mock accepts any. */
export const API_KEY = "test-key";

/** A tool with a string parameter. */
export const READ_TOOL: Tool = {
	name: "read",
	description: "Read a file",
	parameters: Type.Object({ path: Type.String() }),
};

/** A tool with two string parameters. */
export const WRITE_TOOL: Tool = {
	name: "write",
	description: "Write a file",
	parameters: Type.Object({ path: Type.String(), content: Type.String() }),
};

/** A one-question context with a system prompt and both tools. */
export function askContext(question: string): Context {
	return {
		systemPrompt: "You are a terse assistant.",
		messages: [{ role: "user", content: question, timestamp: 1 }],
		tools: [READ_TOOL, WRITE_TOOL],
	};
}
