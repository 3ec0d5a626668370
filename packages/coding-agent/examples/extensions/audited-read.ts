// Overriding a built-in tool: `read` keeps its behaviour (the built-in's definition runs) but
// refuses files that look like secrets, and draws its call and result lines itself in the TUI.
// A prompt section tells the model about the rule.
//   pi -e ./audited-read.ts
import { createReadToolDefinition, type ExtensionAPI } from "@pi/coding-agent";
import { Text } from "@pi/tui";

const SECRET = /(^|\/)(\.env(\..+)?|id_rsa|credentials\.json)$/;

export default function auditedRead(pi: ExtensionAPI): void {
	const builtin = createReadToolDefinition(process.cwd());
	pi.registerTool({
		...builtin,
		label: "read (audited)",
		async execute(toolCallId, params, signal, onUpdate, ctx) {
			if (SECRET.test(params.path)) {
				return { content: [{ type: "text", text: `Refused: ${params.path} may hold secrets.` }], details: undefined };
			}
			return createReadToolDefinition(ctx.cwd).execute(toolCallId, params, signal, onUpdate, ctx);
		},
		renderCall: (args, theme) =>
			new Text(`${theme.fg("toolTitle", "read")} ${theme.fg("accent", String(args.path))}`, 0, 0),
		renderResult: (result, options, theme) => {
			const first = result.content[0];
			const text = first?.type === "text" ? first.text : "";
			const lines = text.split("\n");
			return new Text(theme.fg("muted", options.expanded ? text : `${lines.length} lines`), 0, 0);
		},
	});
	pi.on("before_agent_start", (event) => {
		event.systemPromptOptions.sections.secrets_policy =
			"Never read files that hold secrets (.env, id_rsa, credentials.json); the read tool refuses them.";
	});
}
