// Arguments of `pi install | remove | uninstall | update | list`, read as pi 1.4 reads them: the
// same options per command, the same update targets, and the same mistakes refused.

/** What `pi update` updates: pi itself, packages (all, or one `source`), both, or the model catalogue. */
export type UpdateTarget =
	| { type: "self" }
	| { type: "extensions"; source?: string }
	| { type: "all" }
	| { type: "models" };

export type PackageCommandName = "install" | "remove" | "update" | "list";

/** One parsed package command; `problem` set means print it and exit 1. */
export interface ParsedPackageCommand {
	command: PackageCommandName;
	source?: string;
	local: boolean;
	yes: boolean;
	force: boolean;
	/** `-a` / `-na`: trust (or distrust) the project for this command. */
	approve?: boolean;
	help: boolean;
	/** Set for `update`. */
	updateTarget?: UpdateTarget;
	/** `pi update` with no target: it updates pi only, and says packages were skipped. */
	extensionsSkipped: boolean;
	/** The first mistake, as 1.4 words it: a message line and the hint line under it. */
	problem?: { message: string; hint: string };
}

/** The one-line usage of each command, as `--help` and mistakes show it. */
export const PACKAGE_COMMAND_USAGE: Record<PackageCommandName, string> = {
	install: "pi install <source> [-l] [-y] [--approve|--no-approve]",
	remove: "pi remove <source> [-l] [--approve|--no-approve]",
	update:
		"pi update [source|self|pi] [--self|--extensions|--models|--all] [--extension <source>] [--approve|--no-approve] [--force]",
	list: "pi list [--approve|--no-approve]",
};

const UPDATE_FLAGS = new Set(["--self", "--extensions", "--models", "--all", "--force"]);

/** Parses `argv` (starting with the command name); undefined when it is not a package command. */
export function parsePackageCommand(argv: readonly string[]): ParsedPackageCommand | undefined {
	const [name, ...rest] = argv;
	const command: PackageCommandName | undefined =
		name === "uninstall"
			? "remove"
			: name === "install" || name === "remove" || name === "update" || name === "list"
				? name
				: undefined;
	if (!command) return undefined;
	const usage = PACKAGE_COMMAND_USAGE[command];
	const parsed: ParsedPackageCommand = {
		command,
		local: false,
		yes: false,
		force: false,
		help: false,
		extensionsSkipped: false,
	};
	let invalidOption: string | undefined;
	let invalidArgument: string | undefined;
	let missingValue: string | undefined;
	let conflict: string | undefined;
	const flags = new Set<string>();
	let extensionSource: string | undefined;
	for (let index = 0; index < rest.length; index++) {
		const arg = rest[index]!;
		if (arg === "-h" || arg === "--help") parsed.help = true;
		else if (arg === "-l" || arg === "--local") {
			if (command === "install" || command === "remove") parsed.local = true;
			else invalidOption ??= arg;
		} else if (arg === "-y" || arg === "--yes") {
			if (command === "install") parsed.yes = true;
			else invalidOption ??= arg;
		} else if (arg === "-a" || arg === "--approve") parsed.approve = true;
		else if (arg === "-na" || arg === "--no-approve") parsed.approve = false;
		else if (UPDATE_FLAGS.has(arg)) {
			if (command === "update") flags.add(arg);
			else invalidOption ??= arg;
		} else if (arg === "--extension") {
			if (command !== "update") {
				invalidOption ??= arg;
				continue;
			}
			const value = rest[index + 1];
			if (!value || value.startsWith("-")) missingValue ??= arg;
			else {
				if (extensionSource !== undefined) conflict ??= "--extension can only be provided once";
				else extensionSource = value;
				index++;
			}
		} else if (arg.startsWith("-") && arg !== "-") invalidOption ??= arg;
		else if (parsed.source === undefined) parsed.source = arg;
		else invalidArgument ??= arg;
	}
	if (command === "update") {
		const result = updateTarget(parsed.source, flags, extensionSource);
		parsed.updateTarget = result.target;
		parsed.extensionsSkipped = result.extensionsSkipped;
		conflict ??= result.conflict;
		parsed.force = flags.has("--force");
		if (result.target.type === "extensions") parsed.source = result.target.source;
	}
	// `pi list` takes no source; like 1.4 it ignores a first stray argument (a second is refused).
	if (command === "list") parsed.source = undefined;
	if (invalidOption !== undefined) {
		parsed.problem = {
			message: `Unknown option ${invalidOption} for "${command}".`,
			hint: `Use "pi --help" or "${usage}".`,
		};
	} else if (missingValue !== undefined) {
		parsed.problem = { message: `Missing value for ${missingValue}.`, hint: `Usage: ${usage}` };
	} else if (invalidArgument !== undefined) {
		parsed.problem = { message: `Unexpected argument ${invalidArgument}.`, hint: `Usage: ${usage}` };
	} else if (conflict !== undefined) {
		parsed.problem = { message: conflict, hint: `Usage: ${usage}` };
	} else if ((command === "install" || command === "remove") && parsed.source === undefined && !parsed.help) {
		parsed.problem = { message: `Missing ${command} source.`, hint: `Usage: ${usage}` };
	}
	return parsed;
}

function updateTarget(
	source: string | undefined,
	flags: ReadonlySet<string>,
	extensionSource: string | undefined,
): { target: UpdateTarget; extensionsSkipped: boolean; conflict?: string } {
	const self = flags.has("--self");
	const extensions = flags.has("--extensions");
	const all = flags.has("--all");
	let conflict: string | undefined;
	if (all && (self || extensions || flags.has("--models") || extensionSource !== undefined)) {
		conflict = "--all cannot be combined with --self, --extensions, --models, or --extension";
	} else if (all && source !== undefined) conflict = "--all cannot be combined with a positional source";
	if (flags.has("--models")) {
		if (self || extensions || all || extensionSource !== undefined) {
			conflict ??= "--models cannot be combined with --self, --extensions, --all, or --extension";
		}
		if (source !== undefined) conflict ??= "--models cannot be combined with a positional source";
		return { target: { type: "models" }, extensionsSkipped: false, conflict };
	}
	if (extensionSource !== undefined) {
		if (self || extensions || all) {
			conflict ??= "--extension cannot be combined with --self, --extensions, or --all";
		}
		if (source !== undefined) conflict ??= "--extension cannot be combined with a positional source";
		return { target: { type: "extensions", source: extensionSource }, extensionsSkipped: false, conflict };
	}
	if (source !== undefined) {
		if (source === "self" || source === "pi") {
			return { target: extensions ? { type: "all" } : { type: "self" }, extensionsSkipped: false, conflict };
		}
		if (self || extensions || all) {
			conflict ??= "positional update targets cannot be combined with --self, --extensions, or --all";
		}
		return { target: { type: "extensions", source }, extensionsSkipped: false, conflict };
	}
	if (all || (self && extensions)) return { target: { type: "all" }, extensionsSkipped: false, conflict };
	if (self) return { target: { type: "self" }, extensionsSkipped: false, conflict };
	if (extensions) return { target: { type: "extensions" }, extensionsSkipped: false, conflict };
	return { target: { type: "self" }, extensionsSkipped: true, conflict };
}
