import type { ExtensionAPI } from "@pi/coding-agent";

export default function hello(pi: ExtensionAPI): void {
	pi.registerCommand("hello", {
		description: "Say hello",
		handler: async (args, ctx) => {
			ctx.ui.notify(`Hello, ${args || "world"}!`, "info");
		},
	});
}
