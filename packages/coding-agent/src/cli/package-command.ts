// `pi install | remove | uninstall | update | list` (docs/packages.md). Output follows pi 1.4:
// "Installing <source>..." then "Installed <source>" on stdout; a failure is one "Error: …" line on
// stderr and exit status 1, with settings untouched.
import { createInterface } from "node:readline";
import { isatty } from "node:tty";
import { SettingsManager } from "../core/config/settings-manager.js";
import { describeCapabilities, runsCode } from "../core/packages/package-capabilities.js";
import { displayPath } from "../core/packages/package-manifest.js";
import { PackageOperations } from "../core/packages/package-operations.js";
import {
	type ResolvedPackage,
	readPackageLists,
	resolveConfiguredPackages,
} from "../core/packages/package-resolver.js";
import { PackageInstallError } from "../core/packages/run-tool.js";
import { hasProjectTrustInputs } from "../core/resources/context-files.js";
import { resolveProjectTrust, TrustStore } from "../core/resources/project-trust.js";
import { getAgentDir } from "../core/session/session-paths.js";
import { isPiUserError } from "../core/user-error.js";
import { createInstallProgress, type InstallProgress } from "./install-progress.js";

const USAGE: Record<string, string> = {
	install: `Usage: pi install <source> [-l|--local] [-y|--yes]

Installs a pi package and adds it to settings (personal: ~/.pi/agent/settings.json;
with -l the project's .pi/settings.json, once the project is trusted).

Sources:
  npm:<name>[@version]                 from the npm registry (a version pins it)
  git:<host>/<owner>/<repo>[@ref]      a git repository (a tag or commit pins it)
  https://<host>/<owner>/<repo>[@ref]  a git repository by URL
  <path>                               a local folder or file, loaded in place

Options:
  -l, --local        project settings instead of personal ones
  -y, --yes          do not ask before adding a package that runs code
  -a, --approve      trust the project for this command
  -na, --no-approve  do not trust the project for this command
`,
	remove: `Usage: pi remove <source> [-l|--local]   (alias: pi uninstall)

Removes a package's settings entry and its installed files.
`,
	update: `Usage: pi update [<source>] [--extensions]

Updates installed packages: unpinned npm packages to their newest release, pinned ones to
their version, git packages to their ref or default branch. With a source, only that one.
`,
	list: `Usage: pi list

Lists configured packages per scope with the resources each provides and whether they load.
`,
};

interface ParsedCommand {
	command: "install" | "remove" | "update" | "list";
	source?: string;
	local: boolean;
	yes: boolean;
	approve?: boolean;
	help: boolean;
	/** `pi update --self` (pi 1.4's self-update): not done here, pi says how. */
	self?: boolean;
	error?: string;
}

function parse(argv: readonly string[]): ParsedCommand {
	const [name, ...rest] = argv;
	const command = (name === "uninstall" ? "remove" : name) as ParsedCommand["command"];
	const parsed: ParsedCommand = { command, local: false, yes: false, help: false };
	for (let i = 0; i < rest.length; i++) {
		const arg = rest[i]!;
		if (arg === "-h" || arg === "--help") parsed.help = true;
		else if (arg === "-l" || arg === "--local") parsed.local = true;
		else if (arg === "-y" || arg === "--yes") parsed.yes = true;
		else if (arg === "-a" || arg === "--approve") parsed.approve = true;
		else if (arg === "-na" || arg === "--no-approve") parsed.approve = false;
		else if (command === "update" && (arg === "--extensions" || arg === "--all")) continue;
		else if (command === "update" && (arg === "--self" || arg === "self" || arg === "pi")) parsed.self = true;
		else if (command === "update" && arg === "--extension") parsed.source = rest[++i];
		else if (arg.startsWith("-") && arg !== "-") parsed.error = `Unknown option ${arg} for "${command}"`;
		else if (parsed.source === undefined && command !== "list") parsed.source = arg;
		else parsed.error = `Unexpected argument ${arg}`;
	}
	return parsed;
}

function projectTrusted(cwd: string, agentDir: string, override: boolean | undefined): boolean {
	if (override !== undefined) return override;
	const settings = SettingsManager.create(cwd, agentDir);
	const resolution = resolveProjectTrust({
		cwd,
		hasInputs: hasProjectTrustInputs(cwd),
		store: TrustStore.forAgentDir(agentDir),
		alwaysTrust: settings.getAlwaysTrust(),
		defaultProjectTrust: settings.getDefaultProjectTrust(),
	});
	return resolution.trusted === true;
}

function ask(question: string): Promise<boolean> {
	const rl = createInterface({ input: process.stdin, output: process.stdout });
	return new Promise((resolveAnswer) => {
		rl.question(question, (answer) => {
			rl.close();
			resolveAnswer(/^y(es)?$/i.test(answer.trim()));
		});
		rl.on("SIGINT", () => {
			rl.close();
			resolveAnswer(false);
		});
	});
}

/** Runs a package command; resolves with the exit status. */
export async function runPackageCommand(argv: readonly string[]): Promise<number> {
	const parsed = parse(argv);
	const usage = USAGE[parsed.command]!;
	if (parsed.help) {
		process.stdout.write(usage);
		return 0;
	}
	if (parsed.error) {
		process.stderr.write(`Error: ${parsed.error}. ${usage.split("\n")[0]}\n`);
		return 1;
	}
	if ((parsed.command === "install" || parsed.command === "remove") && !parsed.source) {
		process.stderr.write(`Error: Missing ${parsed.command} source. ${usage.split("\n")[0]}\n`);
		return 1;
	}
	const cwd = process.cwd();
	const agentDir = getAgentDir();
	const trusted = projectTrusted(cwd, agentDir, parsed.approve);
	if (parsed.local && !trusted) {
		process.stderr.write("Error: Project is not trusted. Use --approve to modify local package config.\n");
		return 1;
	}
	const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: trusted });
	const progress = createInstallProgress();
	const operations = new PackageOperations({
		cwd,
		agentDir,
		npmCommand: settings.getSettings().npmCommand,
		onProgress: (event) => (event.type === "start" ? progress.start(event.message) : progress.output(event.text)),
	});
	const scope = parsed.local ? "project" : "user";
	try {
		switch (parsed.command) {
			case "install":
				return await install(operations, parsed.source!, scope, parsed.yes, progress);
			case "remove": {
				const removed = await operations.remove(parsed.source!, scope);
				if (!removed) {
					process.stderr.write(`Error: No matching package found for ${parsed.source}\n`);
					return 1;
				}
				progress.stop();
				process.stdout.write(`Removed ${parsed.source}\n`);
				return 0;
			}
			case "update": {
				if (parsed.self) {
					process.stdout.write(
						"pi does not update itself: update it with the tool that installed it (e.g. npm install -g <pi package>). Packages: pi update [source]\n",
					);
					return 0;
				}
				await operations.update(parsed.source, trusted ? ["user", "project"] : ["user"]);
				progress.stop();
				process.stdout.write(parsed.source ? `Updated ${parsed.source}\n` : "Updated packages\n");
				return 0;
			}
			case "list":
				return await list(cwd, agentDir, trusted);
		}
	} catch (error) {
		progress.stop();
		if (isPiUserError(error)) {
			process.stderr.write(`Error: ${oneLine(error.message)}\n`);
			return 1;
		}
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOSPC" || code === "EACCES" || code === "EROFS" || code === "EDQUOT") {
			process.stderr.write(`Error: ${oneLine((error as Error).message)}\n`);
			return 1;
		}
		throw error;
	}
	return 0;
}

function oneLine(text: string): string {
	return text.split("\n")[0]!.trim();
}

async function install(
	operations: PackageOperations,
	source: string,
	scope: "user" | "project",
	yes: boolean,
	progress: InstallProgress,
): Promise<number> {
	const interactive = !yes && isatty(0) && process.stdout.isTTY === true;
	// At a terminal the package is fetched into the one-run folder first, so the question comes
	// before anything is written to the settings or the install folders.
	let preview: Awaited<ReturnType<PackageOperations["install"]>>;
	try {
		preview = await operations.install(source, interactive ? "temporary" : scope);
	} catch (error) {
		if (error instanceof PackageInstallError)
			throw new PackageInstallError(`Could not install ${source}: ${oneLine(error.message)}`);
		throw error;
	}
	progress.stop();
	const lines = describeCapabilities(preview);
	if (lines.length > 0) {
		process.stdout.write(`${source} provides:\n${lines.map((line) => `  ${line}\n`).join("")}`);
	}
	if (interactive && runsCode(preview)) {
		if (!(await ask("This package runs code on your machine. Install it? [y/N] "))) {
			process.stdout.write("Not installed.\n");
			return 1;
		}
	}
	if (interactive) await operations.install(source, scope);
	progress.stop();
	operations.persist(source, scope);
	process.stdout.write(`Installed ${source}\n`);
	return 0;
}

// Says whether each enabled extension would load, from its source alone: `pi list` never runs
// extension code (their top-level statements would run on every listing).
async function extensionLoadStates(packages: readonly ResolvedPackage[]): Promise<Map<string, string>> {
	const states = new Map<string, string>();
	const files = packages.flatMap((pkg) => (pkg.resources?.extensions ?? []).filter((file) => file.enabled));
	if (files.length === 0) return states;
	const { checkExtensionModule } = await import("../core/extensions/check-extension.js");
	for (const file of files) {
		const checked = await checkExtensionModule(file.path);
		states.set(file.path, "error" in checked ? `fails to load: ${oneLine(checked.error)}` : "loads");
	}
	return states;
}

async function list(cwd: string, agentDir: string, trusted: boolean): Promise<number> {
	const locations = { cwd, agentDir };
	const lists = readPackageLists(locations);
	const packages = resolveConfiguredPackages(
		locations,
		trusted ? lists : { user: lists.user, project: undefined },
		trusted,
	);
	const projectAll = trusted
		? resolveConfiguredPackages(locations, { user: undefined, project: lists.project }, true)
		: [];
	const user = packages.filter((pkg) => pkg.scope === "user");
	const project = [...packages.filter((pkg) => pkg.scope === "project")];
	for (const pkg of projectAll) if (!project.some((other) => other.identity === pkg.identity)) project.push(pkg);
	if (user.length === 0 && project.length === 0) {
		process.stdout.write("No packages installed.\n");
		return 0;
	}
	const shadowed = new Set(project.map((pkg) => pkg.identity));
	const userAll = resolveConfiguredPackages(locations, { user: lists.user, project: undefined }, false);
	const loadStates = await extensionLoadStates([...userAll, ...project]);
	const print = (pkg: (typeof packages)[number], overridden: boolean) => {
		const notes = [pkg.filtered ? "filtered" : undefined, overridden ? "overridden by project" : undefined].filter(
			Boolean,
		);
		process.stdout.write(`  ${pkg.source}${notes.length > 0 ? ` (${notes.join(", ")})` : ""}\n`);
		if (pkg.root) process.stdout.write(`    ${pkg.root}\n`);
		if (pkg.problem) process.stdout.write(`    not loaded: ${pkg.problem}\n`);
		for (const type of ["extensions", "skills", "prompts", "themes"] as const) {
			for (const file of pkg.resources?.[type] ?? []) {
				const state = overridden
					? "overridden"
					: !file.enabled
						? "disabled"
						: type === "extensions"
							? (loadStates.get(file.path) ?? "enabled")
							: "enabled";
				process.stdout.write(`    ${type.slice(0, -1)}: ${displayPath(pkg.root ?? "", file.path)} (${state})\n`);
			}
		}
	};
	if (userAll.length > 0) {
		process.stdout.write("User packages:\n");
		for (const pkg of userAll) print(pkg, shadowed.has(pkg.identity) && !user.some((u) => u.identity === pkg.identity));
	}
	if (project.length > 0) {
		if (userAll.length > 0) process.stdout.write("\n");
		process.stdout.write("Project packages:\n");
		for (const pkg of project) print(pkg, false);
	}
	if (!trusted && Array.isArray(lists.project) && lists.project.length > 0) {
		process.stdout.write("\nProject packages are not loaded: the project is not trusted (use --approve).\n");
	}
	return 0;
}
