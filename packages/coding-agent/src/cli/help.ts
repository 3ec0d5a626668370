import { FLAG_SPECS } from "./flag-specs.js";

/** A flag an extension registered, for `--help`. */
export interface HelpExtensionFlag {
	name: string;
	type: "boolean" | "string";
	description?: string;
	extensionPath?: string;
}

const SUBCOMMANDS: readonly [string, string][] = [
	["auth list", "Show each provider and where its credential comes from"],
	["auth set <provider>", "Store an API key (read from stdin, or asked for without echo)"],
	["auth remove <provider>", "Delete a stored credential"],
	["auth status [provider]", "Whether each provider (or one) has a usable credential"],
	["auth check --provider <p> | --model <m>", "ready, not_ready or invalid (exit 0, 1, 2); --json, --credentials"],
	["auth print-api-key --provider <p> | --model <m>", "Print the key a request would use"],
	["install <source> [-l] [-y]", "Install a package (npm:name, git:host/owner/repo, URL, path)"],
	["remove <source> [-l]", "Remove a package (alias: uninstall)"],
	["update [source]", "Update pi itself; --extensions: all packages, <source>: one"],
	["list", "List packages, their resources and whether they load"],
	["config [-l]", "Enable or disable package and extension resources"],
	["mcp <add|remove|list|login|logout>", "Configure and check MCP servers (pi mcp --help)"],
];

function column(rows: readonly [string, string][], indent = 2): string {
	const width = Math.min(34, Math.max(...rows.map(([left]) => left.length)) + 2);
	return rows
		.map(([left, right]) =>
			left.length + 2 > width
				? `${" ".repeat(indent)}${left}\n${" ".repeat(indent + width)}${right}`
				: `${" ".repeat(indent)}${left.padEnd(width)}${right}`,
		)
		.join("\n");
}

/** The `--help` text: usage, every flag by group, the subcommands, extension flags when loaded. */
export function helpText(version: string, extensionFlags: readonly HelpExtensionFlag[] = []): string {
	const groups = new Map<string, [string, string][]>();
	for (const spec of FLAG_SPECS) {
		const rows = groups.get(spec.group) ?? [];
		rows.push([`${spec.names.join(", ")}${spec.value ? ` ${spec.value}` : ""}`, spec.help]);
		groups.set(spec.group, rows);
	}
	const sections = [
		`pi ${version}: a coding agent for the terminal.`,
		[
			"Usage:",
			"  pi [options] [@file ...] [message ...]      interactive session (print mode when stdin/stdout is not a terminal)",
			'  pi -p [options] [@file ...] "message" ...   run once and print the final answer',
			'  pi --mode json [options] "message" ...      run once, every event as one JSON line on stdout',
			"  pi --mode rpc [options]                      JSONL commands on stdin, responses and events on stdout",
			"  pi <subcommand> ...",
		].join("\n"),
		...[...groups].map(([group, rows]) => `${group}:\n${column(rows)}`),
		`Subcommands:\n${column(SUBCOMMANDS.map(([name, help]) => [`pi ${name}`, help]))}`,
	];
	if (extensionFlags.length > 0) {
		sections.push(
			`Extension flags:\n${column(
				extensionFlags.map((flag) => [
					`--${flag.name}${flag.type === "string" ? " <value>" : ""}`,
					`${flag.description ?? ""}${flag.extensionPath ? ` (${flag.extensionPath})` : ""}`.trim(),
				]),
			)}`,
		);
	}
	sections.push(
		[
			"Notes:",
			"  @file adds a file to the first prompt (text inlined, images attached); piped stdin comes first.",
			"  Several messages are sent in order on one session. In print mode only the final answer goes to",
			"  stdout; exit status 1 when the reply failed, was aborted or truncated (JSON mode always exits 0:",
			"  read stopReason of the assistant message_end). 143 after SIGTERM, 129 after SIGHUP.",
			"  pi -c -p with no message sends nothing: it prints the last answer of the continued session again.",
			"  Unknown --flags are passed to extensions; a flag no extension registered is an error.",
			"",
			"Credentials: ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, … or pi auth set <provider>;",
			"local OpenAI-compatible servers (Ollama, LM Studio, llama.cpp, vLLM) via ~/.pi/agent/models.json.",
			"Environment: PI_CODING_AGENT_DIR (default ~/.pi/agent), PI_CODING_AGENT_SESSION_DIR, PI_OFFLINE=1.",
		].join("\n"),
	);
	return `${sections.join("\n\n")}\n`;
}
