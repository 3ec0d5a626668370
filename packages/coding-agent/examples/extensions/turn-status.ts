// Footer status and a widget: shows the running turn and the tools used so far.
// Setters are no-ops without a UI, so this extension needs no hasUI check.
//   pi -e ./turn-status.ts
import type { ExtensionAPI } from "@pi/coding-agent";

export default function turnStatus(pi: ExtensionAPI): void {
	const toolsUsed = new Map<string, number>();
	pi.on("turn_start", (event, ctx) => {
		ctx.ui.setStatus("turn-status", `turn ${event.turnIndex + 1} running…`);
	});
	pi.on("tool_execution_end", (event, ctx) => {
		toolsUsed.set(event.toolName, (toolsUsed.get(event.toolName) ?? 0) + 1);
		const lines = [...toolsUsed].map(([name, count]) => `${name}: ${count}`);
		ctx.ui.setWidget("turn-status", ["Tools used", ...lines], { placement: "belowEditor" });
	});
	pi.on("agent_settled", (_event, ctx) => {
		ctx.ui.setStatus("turn-status", undefined);
	});
}
