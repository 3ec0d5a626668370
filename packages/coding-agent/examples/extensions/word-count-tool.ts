// A custom tool the model can call: counts words, lines and characters of a text.
//   pi -e ./word-count-tool.ts
import type { ExtensionAPI } from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";

export default function wordCountTool(pi: ExtensionAPI): void {
	pi.registerTool({
		name: "word_count",
		label: "Word count",
		description: "Counts the words, lines and characters of a text.",
		promptSnippet: "count words, lines and characters of a text",
		parameters: Type.Object({ text: Type.String({ description: "The text to count" }) }),
		async execute(_toolCallId, params) {
			const words = params.text.split(/\s+/).filter((word) => word.length > 0).length;
			const lines = params.text === "" ? 0 : params.text.split("\n").length;
			const counts = { words, lines, characters: params.text.length };
			return {
				content: [{ type: "text", text: `${words} words, ${lines} lines, ${counts.characters} characters` }],
				details: counts,
			};
		},
	});
}
