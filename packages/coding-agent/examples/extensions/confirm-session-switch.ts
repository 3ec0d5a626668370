// Guards /new and /resume while the agent is busy: asks first, and refuses when it cannot ask.
//   pi -e ./confirm-session-switch.ts
import type { ExtensionAPI } from "@pi/coding-agent";

export default function confirmSessionSwitch(pi: ExtensionAPI): void {
	pi.on("session_before_switch", async (event, ctx) => {
		if (ctx.isIdle()) return undefined;
		if (!ctx.hasUI) return { cancel: true };
		const target = event.reason === "new" ? "a new session" : (event.targetSessionFile ?? "another session");
		const leave = await ctx.ui.confirm("Agent is still working", `Abandon the running turn and switch to ${target}?`);
		return leave ? undefined : { cancel: true };
	});
}
