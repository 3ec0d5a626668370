// A slash command with state kept in the session: `/todo add <text>`, `/todo list`, `/todo clear`.
// Items are `custom` entries (never sent to the model), rebuilt from the branch on session_start.
//   pi -e ./todo-command.ts
import type { ExtensionAPI, ExtensionContext } from "@pi/coding-agent";

export default function todoCommand(pi: ExtensionAPI): void {
	let items: string[] = [];

	const restore = (ctx: ExtensionContext) => {
		items = [];
		for (const entry of ctx.sessionManager.getBranch()) {
			if (entry.type !== "custom" || entry.customType !== "todo") continue;
			const data = entry.data as { items: string[] };
			items = [...data.items];
		}
	};
	pi.on("session_start", (_event, ctx) => restore(ctx));
	pi.on("session_tree", (_event, ctx) => restore(ctx));

	pi.registerCommand("todo", {
		description: "Keep a todo list in the session: /todo add <text> | list | clear",
		getArgumentCompletions: (prefix) =>
			["add", "list", "clear"].filter((verb) => verb.startsWith(prefix)).map((verb) => ({ value: verb, label: verb })),
		handler: async (args, ctx) => {
			const [verb = "list", ...rest] = args.trim().split(/\s+/);
			if (verb === "add" && rest.length > 0) items = [...items, rest.join(" ")];
			else if (verb === "clear") items = [];
			if (verb !== "list") pi.appendEntry("todo", { items });
			const text = items.length > 0 ? items.map((item, index) => `${index + 1}. ${item}`).join("\n") : "(no todos)";
			if (ctx.hasUI) ctx.ui.notify(text, "info");
			else pi.sendMessage({ customType: "todo", content: text, display: true });
		},
	});
}
