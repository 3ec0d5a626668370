import type { ExtensionAPI, ExtensionContext } from "@pi/coding-agent";

export default function counter(pi: ExtensionAPI): void {
	let count = 0;
	const restore = (ctx: ExtensionContext) => {
		count = 0;
		for (const entry of ctx.sessionManager.getBranch()) {
			if (entry.type === "custom" && entry.customType === "counter") count = (entry.data as { count: number }).count;
		}
	};
	pi.on("session_start", (_event, ctx) => restore(ctx));
	pi.on("session_tree", (_event, ctx) => restore(ctx));
	pi.registerCommand("count", {
		handler: async (_args, ctx) => {
			count++;
			pi.appendEntry("counter", { count });
			ctx.ui.notify(`count = ${count}`, "info");
		},
	});
}
