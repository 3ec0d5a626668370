// Drawing tools you did not write, and Markdown: a tool renderer resolver gives every `bash` call a
// one-line badge (`⚙ <command>`, with `exit <code>` from the result once it is known) and leaves
// other tools to whoever draws them (`next()`); a Markdown transformer turns `:ok:` and `:no:` in
// replies into ✓ and ✗. Only the TUI draws; the stored messages are unchanged.
//   pi -e ./tool-badges.ts
import type { ExtensionAPI } from "@pi/coding-agent";
import { Text } from "@pi/tui";

export default function toolBadges(pi: ExtensionAPI): void {
	pi.registerToolRenderer((toolName, next) => {
		if (toolName !== "bash") return next();
		return {
			renderCall: (args, theme) => new Text(`${theme.fg("accent", "⚙")} ${String(args.command ?? "")}`, 0, 0),
			renderResult: (result, options, theme, context) => {
				const first = result.content[0];
				const output = first?.type === "text" ? first.text.trimEnd() : "";
				if (options.isPartial) return new Text(theme.fg("muted", "running…"), 0, 0);
				const status = context.isError ? theme.fg("error", "failed") : theme.fg("success", "ok");
				return new Text(
					options.expanded ? `${status}\n${output}` : `${status} · ${output.split("\n").length} lines`,
					0,
					0,
				);
			},
		};
	});
	pi.registerMarkdownTransformer((markdown) => markdown.replaceAll(":ok:", "✓").replaceAll(":no:", "✗"));
}
