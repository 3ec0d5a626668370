// `pi install | remove | uninstall | update | list` (docs/packages.md). Output follows pi 1.4:
// "Installing <source>..." on stdout, npm's and git's own output passed through, "Installed
// <source>"; a failure ends with one "Error: …" line on stderr and exit status 1, settings
// untouched. Mistakes in the command line are 1.4's words, without the prefix.
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
import {
	PACKAGE_COMMAND_USAGE,
	type PackageCommandName,
	type ParsedPackageCommand,
	parsePackageCommand,
} from "./package-command-args.js";

const HELP: Record<PackageCommandName, string> = {
	install: `Usage: ${PACKAGE_COMMAND_USAGE.install}

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
	remove: `Usage: ${PACKAGE_COMMAND_USAGE.remove}   (alias: pi uninstall)

Removes a package's settings entry and its installed files.

Options:
  -l, --local        project settings instead of personal ones
  -a, --approve      trust the project for this command
  -na, --no-approve  do not trust the project for this command
`,
	update: `Usage: ${PACKAGE_COMMAND_USAGE.update}

Updates pi, installed packages, or the model catalogue. Packages: unpinned npm packages to their
newest release, pinned ones to their version, git packages to their ref or default branch.

Options:
  --self                  update pi only (what pi update does without a target)
  --extensions            update installed packages only
  --models                refresh the model catalogue only
  --all                   update pi and installed packages
  --extension <source>    update one package only
  -a, --approve           trust the project for this command
  -na, --no-approve       do not trust the project for this command
  --force                 reinstall pi even if it is the newest version

Short forms:
  pi update               update pi only
  pi update <source>      update one package
  pi update pi            update pi only (self works too)
`,
	list: `Usage: ${PACKAGE_COMMAND_USAGE.list}

Lists configured packages per scope with the resources each provides and whether they load.
`,
};

/** What the binary tells package commands about itself (for `pi update`'s self-update). */
export interface PackageCommandContext {
	/** The npm package pi is installed as; default `@pi/cli`. */
	packageName?: string;
	/** The running version; default `0.0.0`. */
	version?: string;
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
export async function runPackageCommand(argv: readonly string[], context: PackageCommandContext = {}): Promise<number> {
	const parsed = parsePackageCommand(argv);
	if (!parsed) throw new Error(`runPackageCommand: not a package command: ${argv[0]}`);
	if (parsed.help) {
		process.stdout.write(HELP[parsed.command]);
		return 0;
	}
	// 1.4 words these mistakes without an "Error:" prefix, the hint on a line of its own.
	if (parsed.problem) {
		process.stderr.write(`${parsed.problem.message}\n${parsed.problem.hint}\n`);
		return 1;
	}
	if (parsed.updateTarget?.type === "models") {
		const { updateModels } = await import("./update-models.js");
		return updateModels();
	}
	const cwd = process.cwd();
	const agentDir = getAgentDir();
	const trusted = projectTrusted(cwd, agentDir, parsed.approve);
	if (parsed.local && !trusted) {
		process.stderr.write("Project is not trusted. Use --approve to modify local package config.\n");
		return 1;
	}
	const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: trusted });
	const progress = createInstallProgress();
	const operations = new PackageOperations({
		cwd,
		agentDir,
		npmCommand: settings.getSettings().npmCommand,
		onProgress: (event) =>
			event.type === "start" ? progress.start(event.message) : progress.output(event.text, event.stream),
	});
	const scope = parsed.local ? "project" : "user";
	try {
		switch (parsed.command) {
			case "install":
				return await install(operations, parsed.source!, scope, parsed.yes, progress);
			case "remove": {
				const removed = await operations.remove(parsed.source!, scope);
				if (!removed) {
					process.stderr.write(`No matching package found for ${parsed.source}\n`);
					return 1;
				}
				progress.stop();
				process.stdout.write(`Removed ${parsed.source}\n`);
				return 0;
			}
			case "update":
				return await update(parsed, operations, trusted, progress, {
					packageName: context.packageName ?? "@pi/cli",
					version: context.version ?? "0.0.0",
					npmCommand: SettingsManager.create(cwd, agentDir, { projectTrusted: false }).getSettings().npmCommand,
				});
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

async function update(
	parsed: ParsedPackageCommand,
	operations: PackageOperations,
	trusted: boolean,
	progress: InstallProgress,
	self: { packageName: string; version: string; npmCommand: unknown },
): Promise<number> {
	const target = parsed.updateTarget ?? { type: "self" };
	if (parsed.extensionsSkipped) {
		process.stdout.write("Extensions are skipped. Run pi update --extensions to update extensions.\n");
	}
	if (target.type === "extensions" || target.type === "all") {
		const source = target.type === "extensions" ? target.source : undefined;
		await operations.update(source, trusted ? ["user", "project"] : ["user"]);
		progress.stop();
		process.stdout.write(source ? `Updated ${source}\n` : "Updated packages\n");
	}
	if (target.type !== "self" && target.type !== "all") return 0;
	const { updateSelf } = await import("./self-update.js");
	return updateSelf({ ...self, force: parsed.force });
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
