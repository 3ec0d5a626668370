// The `pi` command line (run-modes.md §5, configuration.md §3, extensions.md §1). A hand-written
// left-to-right loop: no dependency, no surprises, and nothing heavier than this file is loaded
// before `--version` or `--help` answers.
import { isToolChange, mixesPlainAndChanges } from "../core/tools/tool-selection.js";
import { FLAG_SPECS } from "./flag-specs.js";

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
	/** `--session-id <id>`: open or create the session with exactly this id. */
	sessionId?: string;
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
	/** `--use-theme <name[/name]>`: the theme of this run (not saved). */
	useTheme?: string;
	/** `--tui-mode`: the terminal UI mode of this run (not saved). */
	tuiMode?: "regular" | "fullscreen";
	/** `--export <session> [out]`: export the session file to HTML and exit. */
	export?: { input: string; output?: string };
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

	const takeValue = (flag: string): string | undefined => {
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
		if (eq > 0) {
			// As in pi 1.4, `--name=value` is only ever an extension flag: `--tools=read` is an unknown
			// option (exit 1) unless an extension registers `tools`, and scripts written for 1.4 rely on that.
			const value = arg.slice(eq + 1);
			args.unknownFlags.push({ name: arg.slice(2, eq), value, inline: true, messageIndex: args.messages.length });
			continue;
		}
		const flag = arg;
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
				const next = argv[i + 1];
				if (next === undefined || next.startsWith("-")) {
					error("--mode requires text, json, rpc, or acp");
					break;
				}
				i++;
				if ((CLI_MODES as readonly string[]).includes(next)) args.mode = next as CliMode;
				else error(`Invalid mode "${next}". Valid values: ${CLI_MODES.join(", ")}`);
				break;
			}
			case "--provider":
				args.provider = takeValue(flag) ?? args.provider;
				break;
			case "--model":
				args.model = takeValue(flag) ?? args.model;
				break;
			case "--api-key":
				args.apiKey = takeValue(flag) ?? args.apiKey;
				break;
			case "--thinking": {
				const value = takeValue(flag);
				if (value === undefined) break;
				if ((CLI_THINKING_LEVELS as readonly string[]).includes(value)) args.thinking = value as CliThinkingLevel;
				else error(`Invalid thinking level "${value}". Valid values: ${CLI_THINKING_LEVELS.join(", ")}`);
				break;
			}
			case "--models": {
				const value = takeValue(flag);
				if (value !== undefined) args.models = splitList(value);
				break;
			}
			case "--list-models": {
				const next = argv[i + 1];
				if (next !== undefined && !next.startsWith("-") && !next.startsWith("@")) {
					args.listModels = next;
					i++;
				} else args.listModels = true;
				break;
			}
			case "-n":
			case "--name":
				args.name = takeValue(flag) ?? args.name;
				break;
			case "--no-session":
				args.noSession = true;
				break;
			case "--session-dir":
				args.sessionDir = takeValue(flag) ?? args.sessionDir;
				break;
			case "--session":
				args.session = takeValue(flag) ?? args.session;
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
				args.fork = takeValue(flag) ?? args.fork;
				break;
			case "--session-id": {
				const value = takeValue(flag);
				if (value === undefined) break;
				// pi 1.4's rule: letters, digits, ".", "_" and "-", starting and ending with a letter or digit.
				if (/^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/.test(value)) args.sessionId = value;
				// 1.4's wording, which scripts may match.
				else
					error(
						"Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', and start and end with an alphanumeric character",
					);
				break;
			}
			case "--use-theme":
				args.useTheme = takeValue(flag) ?? args.useTheme;
				break;
			case "--tui-mode": {
				const value = takeValue(flag);
				if (value === undefined) break;
				if (value === "regular" || value === "fullscreen") args.tuiMode = value;
				else error(`Invalid TUI mode "${value}". Valid values: regular, fullscreen`);
				break;
			}
			case "--export": {
				const input = takeValue(flag);
				if (input === undefined) break;
				const next = argv[i + 1];
				const output = next !== undefined && !next.startsWith("-") && !next.startsWith("@") ? next : undefined;
				if (output !== undefined) i++;
				args.export = { input, ...(output !== undefined ? { output } : {}) };
				break;
			}
			case "-e":
			case "--extension": {
				const value = takeValue(flag);
				if (value !== undefined) args.extensions.push(value);
				break;
			}
			case "-ne":
			case "--no-extensions":
				args.noExtensions = true;
				break;
			case "--skill": {
				const value = takeValue(flag);
				if (value !== undefined) args.skills.push(value);
				break;
			}
			case "-ns":
			case "--no-skills":
				args.noSkills = true;
				break;
			case "--prompt-template": {
				const value = takeValue(flag);
				if (value !== undefined) args.promptTemplates.push(value);
				break;
			}
			case "-np":
			case "--no-prompt-templates":
				args.noPromptTemplates = true;
				break;
			case "--theme": {
				const value = takeValue(flag);
				if (value !== undefined) args.themes.push(value);
				break;
			}
			case "--no-themes":
				args.noThemes = true;
				break;
			case "-t":
			case "--tools": {
				const value = takeValue(flag);
				if (value !== undefined) args.tools = splitList(value);
				// 1.4's wording, naming the flag as typed.
				if (value !== undefined && mixesPlainAndChanges(args.tools ?? []))
					error(`${flag}: tool names cannot be mixed with +name or -name entries`);
				const pattern =
					value !== undefined ? args.tools?.find((entry) => isToolChange(entry) && entry.includes("*")) : undefined;
				if (pattern !== undefined)
					error(`${flag}: +name and -name entries take exact tool names, not patterns: ${pattern}`);
				break;
			}
			case "-xt":
			case "--exclude-tools": {
				const value = takeValue(flag);
				if (value !== undefined) args.excludeTools = splitList(value);
				break;
			}
			case "-nt":
			case "--no-tools":
				args.noTools = true;
				break;
			case "-nbt":
			case "--no-builtin-tools":
				args.noBuiltinTools = true;
				break;
			case "--system-prompt":
				args.systemPrompt = takeValue(flag) ?? args.systemPrompt;
				break;
			case "--append-system-prompt": {
				const value = takeValue(flag);
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
				// pi 1.4: extension flags are long ones; an unknown short flag (`-x`, `-t=read`) is an error.
				if (!flag.startsWith("--")) {
					error(`Unknown option: ${flag}`);
					break;
				}
				// Unknown: an extension may register it (extensions.md §5); matched after loading.
				const name = flag.slice(2);
				const next = argv[i + 1];
				let value: string | undefined;
				if (next !== undefined && !next.startsWith("-") && !next.startsWith("@")) {
					value = next;
					i++;
				}
				args.unknownFlags.push({ name, value, inline: false, messageIndex: args.messages.length });
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
		// --session-id with --fork names the new session (pi 1.4).
		args.sessionId !== undefined && args.fork === undefined ? "--session-id" : undefined,
	].filter((name): name is string => name !== undefined);
	if (sessionFlags.length > 1) {
		error(`${sessionFlags.join(" and ")} cannot be combined: choose one way to pick the session`);
	}
	if (args.mode === "rpc" && args.print) error("--print and --mode rpc cannot be combined");
}
