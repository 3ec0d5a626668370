// Renderers: a `/note <text>` command that adds a custom message and a custom entry, each drawn
// by a renderer of its own in the TUI (other modes show the default look, or nothing for entries).
//   pi -e ./status-notes.ts
import type { ExtensionAPI } from "@pi/coding-agent";
import { Text } from "@pi/tui";

interface NoteDetails {
	text: string;
	at: string;
}

export default function statusNotes(pi: ExtensionAPI): void {
	pi.registerMessageRenderer<NoteDetails>("note", (message, options, theme) => {
		const details = message.details;
		const head = theme.fg("accent", "✎ note");
		const body = details ? details.text : String(message.content);
		return new Text(options.expanded && details ? `${head} ${body} (${details.at})` : `${head} ${body}`, 1, 0);
	});
	pi.registerEntryRenderer<NoteDetails>(
		"note-log",
		(entry, _options, theme) => new Text(theme.fg("muted", `logged: ${entry.data?.text ?? ""}`), 1, 0),
	);
	pi.registerCommand("note", {
		description: "Add a note to the conversation: /note <text>",
		handler: async (args, ctx) => {
			const text = args.trim();
			if (!text) {
				ctx.ui.notify("Usage: /note <text>", "warning");
				return;
			}
			const details: NoteDetails = { text, at: new Date().toISOString() };
			pi.sendMessage({ customType: "note", content: `Note: ${text}`, display: true, details });
			pi.appendEntry("note-log", details);
			ctx.ui.notify(`noted: ${text}`);
		},
	});
}
