// An extension with its own npm dependency: `tiny-greeting` resolves from the node_modules folder
// next to this file, like any package installed with `npm install` in the extension's directory.
//   pi -e ./greeting-with-dependency
import type { ExtensionAPI } from "@pi/coding-agent";
import { greet } from "tiny-greeting";

export default function greetingWithDependency(pi: ExtensionAPI): void {
	pi.registerCommand("greet", {
		description: "Greets someone (uses the tiny-greeting package)",
		handler: async (args, ctx) => {
			const text = greet(args.trim() || "world");
			if (ctx.hasUI) ctx.ui.notify(text, "info");
			else pi.sendMessage({ customType: "greeting", content: text, display: true });
		},
	});
}
