// A custom editor: the host's editor with a normal mode. Escape enters it (the border says so),
// `i` returns to inserting, `0`/`$` jump to the line's start and end. TUI only; other modes keep
// their own input and this extension only registers the /vimish toggle.
//   pi -e ./vim-ish-editor.ts
import { CustomEditor, type ExtensionAPI } from "@pi/coding-agent";
import { matchesKey } from "@pi/tui";

class VimIshEditor extends CustomEditor {
	private normal = false;

	override handleInput(data: string): void {
		if (!this.normal) {
			if (matchesKey(data, "escape")) {
				this.normal = true;
				return;
			}
			super.handleInput(data);
			return;
		}
		if (data === "i") this.normal = false;
		else if (data === "0") super.handleInput("\x01");
		else if (data === "$") super.handleInput("\x05");
	}

	override render(width: number): string[] {
		const lines = super.render(width);
		if (this.normal && lines.length > 0) lines[0] = `-- NORMAL --${lines[0]!.slice(12)}`;
		return lines;
	}
}

export default function vimIshEditor(pi: ExtensionAPI): void {
	let enabled = true;
	pi.on("session_start", (_event, ctx) => {
		if (ctx.mode === "tui")
			ctx.ui.setEditorComponent((tui, theme, keybindings) => new VimIshEditor(tui, theme as never, keybindings));
	});
	pi.registerCommand("vimish", {
		description: "Toggle the vim-ish editor",
		handler: async (_args, ctx) => {
			enabled = !enabled;
			ctx.ui.setEditorComponent(
				enabled ? (tui, theme, keybindings) => new VimIshEditor(tui, theme as never, keybindings) : undefined,
			);
			ctx.ui.notify(enabled ? "vim-ish editor on" : "vim-ish editor off");
		},
	});
}
