// `main()` of the `pi` command (run-modes.md §2). Only args.ts and help.ts load eagerly: the
// runtime, providers, the TUI and extensions are imported when the chosen path needs them, so
// `--version` and `--help` answer in the time node itself needs to start.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { isatty } from "node:tty";
import type { ExtensionFactory, InlineExtension } from "../core/extensions/extension-api.js";
import { type Args, type ArgsDiagnostic, type CliMode, parseArgs } from "./args.js";
import { type HelpExtensionFlag, helpText } from "./help.js";

/** A built-in extension: a factory (the module contract of extensions.md §1.2), optionally named. */
export type BuiltinExtensionFactory = ExtensionFactory | InlineExtension;

export interface MainOptions {
	/** Extensions that ship with the binary, loaded before discovered ones. */
	extensionFactories?: readonly BuiltinExtensionFactory[];
	/** The version `--version` prints; default: this package's. */
	version?: string;
	/** The npm package the binary is installed as, which `pi update` reinstalls; default `@pi/cli`. */
	packageName?: string;
}

/** The mode `main()` runs (run-modes.md §3; `acp` is this project's addition). */
export type AppMode = "interactive" | "print" | "json" | "rpc" | "acp";

const LATER_SUBCOMMANDS = new Set(["mcp"]);
const PACKAGE_SUBCOMMANDS = new Set(["install", "remove", "uninstall", "update", "list"]);

// The name `pi config` lists a built-in extension under (`builtin:<name>`): the entry's own name
// without that prefix, which the binary's entries already carry.
export function builtinName(entry: BuiltinExtensionFactory, index: number): string {
	return (entry.name || `builtin-${index}`).replace(/^builtin:/, "");
}

function packageVersion(): string {
	const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
		version: string;
	};
	return packageJson.version;
}

/** Whether `<agentDir>/extensions` or `<cwd>/.pi/extensions` exists (without loading the session paths module). */
function hasGlobalExtensions(): boolean {
	const override = process.env.PI_CODING_AGENT_DIR;
	const agentDir = override ? resolve(override.replace(/^~(?=$|[/\\])/, homedir())) : join(homedir(), ".pi", "agent");
	return existsSync(join(agentDir, "extensions")) || existsSync(join(process.cwd(), ".pi", "extensions"));
}

/** run-modes.md §3, in its order: rpc, json, then print when asked or when stdio is not a terminal. */
export function resolveAppMode(args: Pick<Args, "mode" | "print">, stdinIsTTY: boolean, stdoutIsTTY: boolean): AppMode {
	const mode: CliMode | undefined = args.mode;
	if (mode === "rpc") return "rpc";
	if (mode === "acp") return "acp";
	if (mode === "json") return "json";
	if (args.print || !stdinIsTTY || !stdoutIsTTY) return "print";
	return "interactive";
}

/** 1.4's reading of an on/off environment variable: `1`, `true` or `yes` (any case). */
function isTruthyEnvFlag(value: string | undefined): boolean {
	return value !== undefined && ["1", "true", "yes"].includes(value.toLowerCase());
}

function printDiagnostics(diagnostics: readonly ArgsDiagnostic[]): boolean {
	let failed = false;
	for (const diagnostic of diagnostics) {
		process.stderr.write(`${diagnostic.type === "error" ? "Error" : "Warning"}: ${diagnostic.message}\n`);
		if (diagnostic.type === "error") failed = true;
	}
	return failed;
}

/**
 * Runs `pi` with `argv` (without node and the script) and resolves with the exit status. User
 * mistakes end as one line on stderr and status 1; nothing here prints a stack trace for them.
 */
export async function main(argv: readonly string[], options: MainOptions = {}): Promise<number> {
	const [first] = argv;
	if (first === "auth") {
		const { runAuthCommand } = await import("./auth-command.js");
		return runAuthCommand(argv.slice(1));
	}
	if (first !== undefined && PACKAGE_SUBCOMMANDS.has(first)) {
		const { runPackageCommand } = await import("./package-command.js");
		return runPackageCommand(argv, { packageName: options.packageName, version: options.version ?? packageVersion() });
	}
	if (first === "config") {
		const { runConfigCommand } = await import("./config-command.js");
		return runConfigCommand(argv.slice(1), (options.extensionFactories ?? []).map(builtinName));
	}
	if (first !== undefined && LATER_SUBCOMMANDS.has(first)) {
		process.stderr.write(`Subcommand "${first}" is not available yet\n`);
		return 2;
	}

	const { args, diagnostics } = parseArgs(argv);
	const version = options.version ?? packageVersion();
	if (args.version) {
		process.stdout.write(`${version}\n`);
		return 0;
	}
	if (args.help) {
		const extensionFactories = options.extensionFactories ?? [];
		let extensionFlags: HelpExtensionFlag[] = [];
		// Loading extensions costs start-up time: only when some could register flags.
		if (args.extensions.length > 0 || extensionFactories.length > 0 || (!args.noExtensions && hasGlobalExtensions())) {
			const { extensionFlagsForHelp } = await import("./help-extension-flags.js");
			extensionFlags = await extensionFlagsForHelp(args, extensionFactories);
		}
		process.stdout.write(helpText(version, extensionFlags));
		return 0;
	}
	if (printDiagnostics(diagnostics)) return 1;
	if (args.offline || isTruthyEnvFlag(process.env.PI_OFFLINE)) {
		// As 1.4 does: the flag in one spelling, and the version check off too; commands inherit both.
		process.env.PI_OFFLINE = "1";
		process.env.PI_SKIP_VERSION_CHECK = "1";
	}
	// Process markers (pi 1.4): every child process can tell it runs under pi.
	process.env.AI_AGENT = "pi";
	process.env.PI_CODING_AGENT = "true";

	try {
		// isatty(0), not process.stdin.isTTY: building the stdin stream is left to the modes that read it.
		const mode = resolveAppMode(args, isatty(0), process.stdout.isTTY === true);
		const run = async (): Promise<number> => {
			const { runCli } = await import("./run-cli.js");
			return runCli(args, { version, extensionFactories: options.extensionFactories ?? [], mode });
		};
		// ACP answers the editor's `initialize` while the runtime is still loading (acp-mode.ts).
		if (mode === "acp") {
			const [{ runAcpModeEarly }, { acpMcpSupport }] = await Promise.all([
				import("../modes/acp/acp-mode.js"),
				import("../modes/acp/acp-initialize.js"),
			]);
			return await runAcpModeEarly(version, run, acpMcpSupport(args));
		}
		return await run();
	} catch (error) {
		const { isPiUserError } = await import("../core/user-error.js");
		if (isPiUserError(error)) {
			process.stderr.write(`Error: ${error.message}\n`);
			return 1;
		}
		throw error;
	}
}
