// Every flag of the `pi` command with its value and help text, in `--help` order. parseArgs uses
// the names to tell a missing value from the next flag; help.ts prints the rest.

/** Flag names in `--help` order, with the value they take (for the help text and value checks). */
export interface FlagSpec {
	names: readonly string[];
	value?: string;
	help: string;
	group: string;
}

export const FLAG_SPECS: readonly FlagSpec[] = [
	{ group: "Modes", names: ["-p", "--print"], help: "Run once: send the prompts, print the final answer, exit" },
	{
		group: "Modes",
		names: ["--mode"],
		value: "<text|json|rpc|acp>",
		help: "Output format: text (default), json (every event as JSONL), rpc (JSONL protocol on stdin/stdout), acp (Agent Client Protocol)",
	},
	{ group: "Model", names: ["--provider"], value: "<name>", help: "Provider to use" },
	{
		group: "Model",
		names: ["--model"],
		value: "<pattern>",
		help: "Model id or pattern; provider/id and a :<thinking> suffix are accepted (anthropic/claude-sonnet-4:high)",
	},
	{
		group: "Model",
		names: ["--thinking"],
		value: "<level>",
		help: "Thinking level: off, minimal, low, medium, high, xhigh, max",
	},
	{
		group: "Model",
		names: ["--models"],
		value: "<patterns>",
		help: "Comma-separated model patterns to cycle through (replaces enabledModels)",
	},
	{
		group: "Model",
		names: ["--api-key"],
		value: "<key>",
		help: "API key for the selected provider (this run only, never saved)",
	},
	{ group: "Model", names: ["--list-models"], value: "[search]", help: "List the available models and exit" },
	{ group: "Session", names: ["-c", "--continue"], help: "Continue the most recent session of this directory" },
	{ group: "Session", names: ["-r", "--resume"], help: "Pick a session to resume (interactive)" },
	{ group: "Session", names: ["--session"], value: "<path|id>", help: "Open a session by file path or id (prefix)" },
	{
		group: "Session",
		names: ["--session-id"],
		value: "<id>",
		help: "Open the session with exactly this id in this project, or start it with this id",
	},
	{ group: "Session", names: ["--fork"], value: "<path|id>", help: "Start a new session forked from an existing one" },
	{ group: "Session", names: ["--no-session"], help: "Do not save the session (in memory only)" },
	{ group: "Session", names: ["--session-dir"], value: "<path>", help: "Directory for session files" },
	{ group: "Session", names: ["-n", "--name"], value: "<name>", help: "Session display name" },
	{
		group: "Tools",
		names: ["-t", "--tools"],
		value: "<a,b>",
		help: "Only these tools (names or * patterns); +name/-name only: change the default selection",
	},
	{ group: "Tools", names: ["-xt", "--exclude-tools"], value: "<a,b>", help: "Disable these tools" },
	{ group: "Tools", names: ["-nt", "--no-tools"], help: "No tools at all" },
	{ group: "Tools", names: ["-nbt", "--no-builtin-tools"], help: "No built-in tools (extension tools stay)" },
	{ group: "Prompt", names: ["--system-prompt"], value: "<text|file>", help: "Replace the default system prompt" },
	{
		group: "Prompt",
		names: ["--append-system-prompt"],
		value: "<text|file>",
		help: "Append to the system prompt (repeatable)",
	},
	{ group: "Prompt", names: ["-nc", "--no-context-files"], help: "Do not load AGENTS.md / CLAUDE.md" },
	{
		group: "Resources",
		names: ["-e", "--extension"],
		value: "<path>",
		help: "Load an extension (repeatable; also with --no-extensions)",
	},
	{ group: "Resources", names: ["-ne", "--no-extensions"], help: "Do not discover extensions (-e still loads)" },
	{ group: "Resources", names: ["--skill"], value: "<path>", help: "Load a skill file or directory (repeatable)" },
	{ group: "Resources", names: ["-ns", "--no-skills"], help: "Do not discover skills (--skill still loads)" },
	{ group: "Resources", names: ["--prompt-template"], value: "<path>", help: "Load a prompt template (repeatable)" },
	{ group: "Resources", names: ["-np", "--no-prompt-templates"], help: "Do not discover prompt templates" },
	{ group: "Resources", names: ["--theme"], value: "<path>", help: "Load a theme (repeatable; interactive)" },
	{ group: "Resources", names: ["--no-themes"], help: "Do not discover themes" },
	{
		group: "Resources",
		names: ["--use-theme"],
		value: "<name[/name]>",
		help: "Theme for this run (light/dark: a pair following the terminal background); not saved",
	},
	{ group: "Resources", names: ["-a", "--approve"], help: "Trust this project for this run (load .pi/, AGENTS.md)" },
	{ group: "Resources", names: ["-na", "--no-approve"], help: "Distrust this project for this run" },
	{
		group: "Other",
		names: ["--tui-mode"],
		value: "<regular|fullscreen>",
		help: "Terminal UI mode for this run (setting tuiMode)",
	},
	{
		group: "Other",
		names: ["--export"],
		value: "<session.jsonl> [out.html]",
		help: "Export a session file to HTML and exit (default output: pi-session-<name>.html here)",
	},
	{ group: "Other", names: ["--verbose"], help: "Show the full start-up header (interactive)" },
	{ group: "Other", names: ["--offline"], help: "No start-up network calls (same as PI_OFFLINE=1)" },
	{ group: "Other", names: ["-h", "--help"], help: "Show this help and exit" },
	{ group: "Other", names: ["-v", "--version"], help: "Print the version and exit" },
];
