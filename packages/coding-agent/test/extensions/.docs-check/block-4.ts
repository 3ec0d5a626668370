import type { ExtensionAPI } from "@pi/coding-agent";

export default function freshStart(pi: ExtensionAPI): void {
	pi.registerCommand("fresh", {
		description: "Start a new session that remembers where this one was",
		handler: async (_args, ctx) => {
			const previous = ctx.sessionManager.getSessionFile();
			await ctx.waitForIdle();
			const { cancelled } = await ctx.newSession(previous ? { parentSession: previous } : {});
			if (cancelled) ctx.ui.notify("Kept the current session", "warning");
		},
	});
}
