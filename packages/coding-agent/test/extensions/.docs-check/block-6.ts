import type { ExtensionAPI } from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";

export default function dice(pi: ExtensionAPI): void {
	pi.registerTool({
		name: "roll_dice",
		label: "Roll dice",
		description: "Rolls n dice with the given number of sides.",
		promptSnippet: "roll dice (n, sides)",
		promptGuidelines: ["Use roll_dice whenever the user asks for a random number."],
		parameters: Type.Object({ n: Type.Integer({ minimum: 1 }), sides: Type.Integer({ minimum: 2 }) }),
		async execute(_toolCallId, params, signal, onUpdate, ctx) {
			if (signal?.aborted) throw new Error("aborted");
			const rolls = Array.from({ length: params.n }, () => 1 + Math.floor(Math.random() * params.sides));
			onUpdate?.({ content: [{ type: "text", text: "rolling…" }] });
			return { content: [{ type: "text", text: rolls.join(", ") }], details: { rolls, cwd: ctx.cwd } };
		},
	});
}
