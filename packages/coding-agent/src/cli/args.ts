// The `pi` command line (run-modes.md §5, configuration.md §3, extensions.md §1). A hand-written
// left-to-right loop: no dependency, no surprises, and nothing heavier than this file is loaded
// before `--version` or `--help` answers.

/** `--mode` values; `acp` is this project's addition (Agent Client Protocol over stdio). */
export type CliMode = "text" | "json" | "rpc" | "acp";

export const CLI_MODES: readonly CliMode[] = ["text", "json", "rpc", "acp"];

/** Values of `--thinking` and of a `:level` suffix on `--model`. */
export const CLI_THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export type CliThinkingLevel = (typeof CLI_THINKING_LEVELS)[number];

/** An unknown `--flag [value]`, kept for extensions (matched after they register their flags). */
export interface UnknownFlag {
	/** Without the leading dashes. */
	name: string;
	/** `--flag=value`, or the next argument when it does not start with `-`. */
	value?: string;
	/** Whether `value` came from `--flag=value` (so it can never be a message). */
	inline: boolean;
	/** How many positional messages preceded the flag (where a non-consumed value goes back). */
	messageIndex: number;
}

/** Everything `parseArgs` recognised. Absent optional fields mean "not given". */
export interface Args {
	mode?: CliMode;
	print: boolean;
	help: boolean;
	version: boolean;
	/** `--list-models [search]`: `true` without a search term. */
	listModels?: string | true;
	provider?: string;
	model?: string;
	apiKey?: string;
	thinking?: CliThinkingLevel;
	/** `--models a,b`: model patterns for the cycle list. */
	models?: string[];
	name?: string;
	noSession: boolean;
	sessionDir?: string;
	session?: string;
	continue: boolean;
	resume: boolean;
	fork?: string;
	extensions: string[];
	noExtensions: boolean;
	skills: string[];
	noSkills: boolean;
	promptTemplates: string[];
	noPromptTemplates: boolean;
	themes: string[];
	noThemes: boolean;
	tools?: string[];
	noTools: boolean;
	noBuiltinTools: boolean;
	excludeTools?: string[];
	systemPrompt?: string;
	appendSystemPrompt: string[];
	noContextFiles: boolean;
	/** `--approve` → true, `--no-approve` → false. */
	approve?: boolean;
	verbose: boolean;
	offline: boolean;
	/** Positional messages, in order. */
	messages: string[];
	/** `@path` arguments, without the `@`, in order. */
	fileArgs: string[];
	unknownFlags: UnknownFlag[];
}

export interface ArgsDiagnostic {
	type: "error" | "warning";
	message: string;
}

export interface ParsedArgs {
	args: Args;
	diagnostics: ArgsDiagnostic[];
}

/** Flag names in `--help` order, with the value they take (for the help text and value checks). */
interface FlagSpec {
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
	{ group: "Session", names: ["--fork"], value: "<path|id>", help: "Start a new session forked from an existing one" },
	{ group: "Session", names: ["--no-session"], help: "Do not save the session (in memory only)" },
	{ group: "Session", names: ["--session-dir"], value: "<path>", help: "Directory for session files" },
	{ group: "Session", names: ["-n", "--name"], value: "<name>", help: "Session display name" },
	{ group: "Tools", names: ["--tools"], value: "<a,b>", help: "Only these tools (allow-list over all tools)" },
	{ group: "Tools", names: ["--exclude-tools"], value: "<a,b>", help: "Disable these tools" },
	{ group: "Tools", names: ["--no-tools"], help: "No tools at all" },
	{ group: "Tools", names: ["--no-builtin-tools"], help: "No built-in tools (extension tools stay)" },
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
	{ group: "Resources", names: ["--no-skills"], help: "Do not discover skills (--skill still loads)" },
	{ group: "Resources", names: ["--prompt-template"], value: "<path>", help: "Load a prompt template (repeatable)" },
	{ group: "Resources", names: ["--no-prompt-templates"], help: "Do not discover prompt templates" },
	{ group: "Resources", names: ["--theme"], value: "<path>", help: "Load a theme (repeatable; interactive)" },
	{ group: "Resources", names: ["--no-themes"], help: "Do not discover themes" },
	{ group: "Resources", names: ["-a", "--approve"], help: "Trust this project for this run (load .pi/, AGENTS.md)" },
	{ group: "Resources", names: ["-na", "--no-approve"], help: "Distrust this project for this run" },
	{ group: "Other", names: ["--verbose"], help: "Show the full start-up header (interactive)" },
	{ group: "Other", names: ["--offline"], help: "No start-up network calls (same as PI_OFFLINE=1)" },
	{ group: "Other", names: ["-h", "--help"], help: "Show this help and exit" },
	{ group: "Other", names: ["-v", "--version"], help: "Print the version and exit" },
];

const VALUE_FLAGS = new Set(FLAG_SPECS.filter((spec) => spec.value && spec.value[0] === "<").flatMap((s) => s.names));
const KNOWN_FLAGS = new Set(FLAG_SPECS.flatMap((spec) => spec.names));

function emptyArgs(): Args {
	return {
		print: false,
		help: false,
		version: false,
		noSession: false,
		continue: false,
		resume: false,
		extensions: [],
		noExtensions: false,
		skills: [],
		noSkills: false,
		promptTemplates: [],
		noPromptTemplates: false,
		themes: [],
		noThemes: false,
		noTools: false,
		noBuiltinTools: false,
		appendSystemPrompt: [],
		noContextFiles: false,
		verbose: false,
		offline: false,
		messages: [],
		fileArgs: [],
		unknownFlags: [],
	};
}

function splitList(value: string): string[] {
	return value
		.split(",")
		.map((part) => part.trim())
		.filter((part) => part.length > 0);
}

/** A flag value is missing when there is no next argument or the next one is itself a flag. */
function isMissingValue(next: string | undefined): boolean {
	if (next === undefined) return true;
	return next.startsWith("--") || KNOWN_FLAGS.has(next);
}

/** Parses argv (without node and the script). Never throws: problems become diagnostics. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
	const args = emptyArgs();
	const diagnostics: ArgsDiagnostic[] = [];
	const error = (message: string) => diagnostics.push({ type: "error", message });
	let i = 0;

	const takeValue = (flag: string, inline: string | undefined): string | undefined => {
		if (inline !== undefined) return inline;
		const next = argv[i + 1];
		if (isMissingValue(next)) {
			error(`${flag} requires a value`);
			return undefined;
		}
		i++;
		return next;
	};

	for (; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg === "--") {
			args.messages.push(...argv.slice(i + 1));
			break;
		}
		if (arg.startsWith("@") && arg.length > 1) {
			args.fileArgs.push(arg.slice(1));
			continue;
		}
		if (!arg.startsWith("-") || arg === "-") {
			args.messages.push(arg);
			continue;
		}
		const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
		const flag = eq > 0 ? arg.slice(0, eq) : arg;
		const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
		if (inline !== undefined && KNOWN_FLAGS.has(flag) && !VALUE_FLAGS.has(flag) && flag !== "--list-models") {
			error(`${flag} does not take a value`);
			continue;
		}
		switch (flag) {
			case "-p":
			case "--print": {
				args.print = true;
				// run-modes.md §5.1: a following message is consumed unless it looks like a flag or an @file.
				const next = argv[i + 1];
				if (next !== undefined && !next.startsWith("@") && (!next.startsWith("-") || next.startsWith("---"))) {
					args.messages.push(next);
					i++;
				}
				break;
			}
			case "--mode": {
				const next = inline ?? argv[i + 1];
				if (next === undefined || next.startsWith("-")) {
					error("--mode requires text, json, rpc, or acp");
					break;
				}
				if (inline === undefined) i++;
				if ((CLI_MODES as readonly string[]).includes(next)) args.mode = next as CliMode;
				else error(`Invalid mode "${next}". Valid values: ${CLI_MODES.join(", ")}`);
				break;
			}
			case "--provider":
				args.provider = takeValue(flag, inline) ?? args.provider;
				break;
			case "--model":
				args.model = takeValue(flag, inline) ?? args.model;
				break;
			case "--api-key":
				args.apiKey = takeValue(flag, inline) ?? args.apiKey;
				break;
			case "--thinking": {
				const value = takeValue(flag, inline);
				if (value === undefined) break;
				if ((CLI_THINKING_LEVELS as readonly string[]).includes(value)) args.thinking = value as CliThinkingLevel;
				else error(`Invalid thinking level "${value}". Valid values: ${CLI_THINKING_LEVELS.join(", ")}`);
				break;
			}
			case "--models": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.models = splitList(value);
				break;
			}
			case "--list-models": {
				if (inline !== undefined) args.listModels = inline || true;
				else {
					const next = argv[i + 1];
					if (next !== undefined && !next.startsWith("-") && !next.startsWith("@")) {
						args.listModels = next;
						i++;
					} else args.listModels = true;
				}
				break;
			}
			case "-n":
			case "--name":
				args.name = takeValue(flag, inline) ?? args.name;
				break;
			case "--no-session":
				args.noSession = true;
				break;
			case "--session-dir":
				args.sessionDir = takeValue(flag, inline) ?? args.sessionDir;
				break;
			case "--session":
				args.session = takeValue(flag, inline) ?? args.session;
				break;
			case "-c":
			case "--continue":
				args.continue = true;
				break;
			case "-r":
			case "--resume":
				args.resume = true;
				break;
			case "--fork":
				args.fork = takeValue(flag, inline) ?? args.fork;
				break;
			case "-e":
			case "--extension": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.extensions.push(value);
				break;
			}
			case "-ne":
			case "--no-extensions":
				args.noExtensions = true;
				break;
			case "--skill": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.skills.push(value);
				break;
			}
			case "--no-skills":
				args.noSkills = true;
				break;
			case "--prompt-template": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.promptTemplates.push(value);
				break;
			}
			case "--no-prompt-templates":
				args.noPromptTemplates = true;
				break;
			case "--theme": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.themes.push(value);
				break;
			}
			case "--no-themes":
				args.noThemes = true;
				break;
			case "--tools": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.tools = splitList(value);
				break;
			}
			case "--exclude-tools": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.excludeTools = splitList(value);
				break;
			}
			case "--no-tools":
				args.noTools = true;
				break;
			case "--no-builtin-tools":
				args.noBuiltinTools = true;
				break;
			case "--system-prompt":
				args.systemPrompt = takeValue(flag, inline) ?? args.systemPrompt;
				break;
			case "--append-system-prompt": {
				const value = takeValue(flag, inline);
				if (value !== undefined) args.appendSystemPrompt.push(value);
				break;
			}
			case "-nc":
			case "--no-context-files":
				args.noContextFiles = true;
				break;
			case "-a":
			case "--approve":
				args.approve = true;
				break;
			case "-na":
			case "--no-approve":
				args.approve = false;
				break;
			case "--verbose":
				args.verbose = true;
				break;
			case "--offline":
				args.offline = true;
				break;
			case "-h":
			case "--help":
				args.help = true;
				break;
			case "-v":
			case "--version":
				args.version = true;
				break;
			default: {
				// Unknown: an extension may register it (extensions.md §5); matched after loading.
				const name = flag.replace(/^-+/, "");
				const next = argv[i + 1];
				let value = inline;
				if (value === undefined && next !== undefined && !next.startsWith("-") && !next.startsWith("@")) {
					value = next;
					i++;
				}
				args.unknownFlags.push({ name, value, inline: inline !== undefined, messageIndex: args.messages.length });
			}
		}
	}
	checkConflicts(args, error);
	return { args, diagnostics };
}

function checkConflicts(args: Args, error: (message: string) => void): void {
	const sessionFlags = [
		args.noSession ? "--no-session" : undefined,
		args.fork !== undefined ? "--fork" : undefined,
		args.session !== undefined ? "--session" : undefined,
		args.resume ? "--resume" : undefined,
		args.continue ? "--continue" : undefined,
	].filter((name): name is string => name !== undefined);
	if (sessionFlags.length > 1) {
		error(`${sessionFlags.join(" and ")} cannot be combined: choose one way to pick the session`);
	}
	if (args.noTools && args.tools) error("--no-tools and --tools cannot be combined");
	if (args.mode === "rpc" && args.print) error("--print and --mode rpc cannot be combined");
}

/** How an extension declared a flag (`registerFlag`). */
export interface ExtensionFlagDeclaration {
	name: string;
	type: "boolean" | "string";
}

/**
 * Matches the unknown flags against the flags extensions registered: a boolean flag gives back a
 * consumed next argument as a message (at its original position); a string flag needs a value.
 * Unmatched flags are errors (extensions.md §5, decided).
 */
export function resolveExtensionFlags(
	args: Args,
	declared: readonly ExtensionFlagDeclaration[],
): { values: Map<string, boolean | string>; diagnostics: ArgsDiagnostic[] } {
	const byName = new Map(declared.map((flag) => [flag.name, flag]));
	const values = new Map<string, boolean | string>();
	const diagnostics: ArgsDiagnostic[] = [];
	let inserted = 0;
	for (const flag of args.unknownFlags) {
		const declaration = byName.get(flag.name);
		if (!declaration) {
			diagnostics.push({ type: "error", message: `Unknown option: --${flag.name} (see pi --help)` });
			continue;
		}
		if (declaration.type === "boolean") {
			if (flag.inline) values.set(flag.name, flag.value !== "false" && flag.value !== "0");
			else {
				values.set(flag.name, true);
				if (flag.value !== undefined) {
					args.messages.splice(flag.messageIndex + inserted, 0, flag.value);
					inserted++;
				}
			}
		} else if (flag.value === undefined) {
			diagnostics.push({ type: "error", message: `--${flag.name} requires a value` });
		} else values.set(flag.name, flag.value);
	}
	return { values, diagnostics };
}
