import type { ExtensionAPI } from "@pi/coding-agent";

export default function logTurns(pi: ExtensionAPI): void {
	pi.on("session_start", (event, ctx) => {
		ctx.ui.setStatus("log", `session ${event.reason} in ${ctx.cwd}`);
	});
	pi.on("turn_end", (event) => {
		console.error(`turn ${event.turnIndex} ended`);
	});
}
