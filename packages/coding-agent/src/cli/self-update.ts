// `pi update` (and `--self`, `self`, `pi`, `--all`): pi updates itself the way pi 1.4 does — ask
// for the newest release, stop when this one is current, and otherwise reinstall the package with
// the package manager that installed it globally; an install pi cannot update (a checkout, a
// wrapper) is told how instead. The newest release is the `latest` tag of pi's own package on the
// npm registry npm is configured with (`npm_config_registry`), so tests point it at a loopback one.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { NpmClient } from "../core/packages/npm-client.js";

/** What the running pi is and how to reach the registry. */
export interface SelfUpdateOptions {
	/** The npm package pi was installed as (`@pi/cli`). */
	packageName: string;
	/** The running version. */
	version: string;
	/** `npmCommand` from the personal settings: the package manager that updates pi. */
	npmCommand?: unknown;
	/** `--force`: reinstall even when the version is current. */
	force: boolean;
	/** Default: `npm_config_registry`, else the public npm registry. */
	registry?: string;
	fetch?: typeof fetch;
	/** The running package's folder; default `PI_PACKAGE_DIR`, else the folder of the entry script's package.json. */
	packageDir?: string;
	/** The entry script (`process.argv[1]`), named when pi cannot update itself. */
	entrypoint?: string;
	stdout?: (text: string) => void;
	stderr?: (text: string) => void;
}

const DEFAULT_REGISTRY = "https://registry.npmjs.org/";
const VERSION_CHECK_TIMEOUT_MS = 10_000;

/** Thrown when the newest version cannot be learnt; the message is 1.4's. */
export class LatestVersionError extends Error {}

function numericParts(version: string): number[] | undefined {
	const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version.trim());
	if (!match) return undefined;
	return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : 0];
}

/** True when `candidate` is a newer release than `current` (semver order; prereleases before their release). */
export function isNewerVersion(candidate: string, current: string): boolean {
	const a = numericParts(candidate);
	const b = numericParts(current);
	if (!a || !b) return candidate.trim() !== current.trim();
	for (let index = 0; index < a.length; index++) {
		if (a[index]! !== b[index]!) return a[index]! > b[index]!;
	}
	return false;
}

// Node's fetch says only "fetch failed"; the errno codes of its cause are what a user can act on.
function describeFetchError(error: unknown): string {
	const message = error instanceof Error && error.message ? error.message : String(error);
	const cause = error instanceof Error ? error.cause : undefined;
	const causes = cause instanceof AggregateError ? cause.errors : cause === undefined ? [] : [cause];
	const codes = [
		...new Set(
			causes.flatMap((value) =>
				typeof value === "object" && value !== null && "code" in value && typeof value.code === "string"
					? [value.code]
					: [],
			),
		),
	];
	if (codes.length > 0) return `${message} (${codes.join(", ")})`;
	const causeMessage = causes.find((value): value is Error => value instanceof Error && value.message !== "")?.message;
	return causeMessage ? `${message} (cause: ${causeMessage})` : message;
}

/**
 * The `latest` version of `packageName` on the registry; undefined when offline (`PI_OFFLINE`) or
 * when the registry has no usable answer. Throws LatestVersionError when the request fails.
 */
export async function fetchLatestVersion(
	packageName: string,
	options: { registry?: string; fetch?: typeof fetch } = {},
): Promise<string | undefined> {
	if (process.env.PI_OFFLINE) return undefined;
	const registry = (options.registry ?? (process.env.npm_config_registry || DEFAULT_REGISTRY)).replace(/\/*$/, "/");
	const url = `${registry}${packageName.replace("/", "%2f")}`;
	let response: Response;
	try {
		response = await (options.fetch ?? fetch)(url, {
			headers: { accept: "application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8" },
			signal: AbortSignal.timeout(VERSION_CHECK_TIMEOUT_MS),
		});
	} catch (error) {
		throw new LatestVersionError(`Could not determine latest pi version: ${describeFetchError(error)}`);
	}
	if (!response.ok) return undefined;
	const packument = (await response.json().catch(() => undefined)) as
		| { "dist-tags"?: { latest?: unknown } }
		| undefined;
	const latest = packument?.["dist-tags"]?.latest;
	return typeof latest === "string" && latest.trim() !== "" ? latest.trim() : undefined;
}

// The nearest package.json with a name: the bundle's own folder has a nameless one (its module type).
function findPackageDir(start: string): string | undefined {
	for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
		const manifest = join(dir, "package.json");
		if (!existsSync(manifest)) continue;
		try {
			if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name) return dir;
		} catch {
			// An unreadable package.json is not the package's: keep looking further up.
		}
	}
	return undefined;
}

function comparable(path: string): string[] {
	const absolute = resolve(path);
	if (!existsSync(absolute)) return [];
	const candidates = new Set([absolute]);
	try {
		candidates.add(realpathSync(absolute));
	} catch {
		// An unreadable link: the path as given is all there is to compare.
	}
	return [...candidates];
}

function isInside(path: string, root: string): boolean {
	return comparable(root).some((rootPath) => {
		const prefix = rootPath.endsWith(sep) ? rootPath : `${rootPath}${sep}`;
		return comparable(path).some((candidate) => candidate.startsWith(prefix));
	});
}

function isWritable(packageDir: string): boolean {
	try {
		accessSync(packageDir, constants.W_OK);
		accessSync(dirname(packageDir), constants.W_OK);
		return true;
	} catch {
		return false;
	}
}

/** How the running pi can be reinstalled, or why it cannot. */
export type SelfUpdatePlan =
	| { kind: "command"; command: string; args: string[]; display: string }
	| { kind: "unavailable"; instruction: string };

/**
 * Plans the reinstall: only a pi inside the package manager's global `node_modules` (and writable
 * there) is updated with `<npm> install -g`; anything else is the user's to update.
 */
export function planSelfUpdate(options: {
	packageName: string;
	installSpec: string;
	packageDir: string | undefined;
	npmCommand?: unknown;
	globalRoot?: (npm: NpmClient) => string | undefined;
}): SelfUpdatePlan {
	const npm = new NpmClient(options.npmCommand);
	const args = [...npm.prefixArgs, "install", "-g", "--ignore-scripts", options.installSpec];
	const display = [npm.command, ...args].map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg)).join(" ");
	const packageDir = options.packageDir;
	const fromNodeModules = packageDir !== undefined && /[\\/]node_modules[\\/]/.test(packageDir);
	if (!packageDir || !fromNodeModules) {
		return {
			kind: "unavailable",
			instruction: `Update ${options.installSpec} using the package manager, wrapper, or source checkout that provides this installation.`,
		};
	}
	const root = (options.globalRoot ?? ((client) => client.globalRootSync()))(npm);
	if (!root || !isInside(packageDir, root)) {
		return {
			kind: "unavailable",
			instruction: `This installation is not managed by a global ${npm.name} install. Update it with the package manager, wrapper, or source checkout that provides it.`,
		};
	}
	if (!isWritable(packageDir)) {
		return {
			kind: "unavailable",
			instruction: `This installation is managed by a global ${npm.name} install, but the install path is not writable. Update it yourself with: ${display}`,
		};
	}
	return { kind: "command", command: npm.command, args, display };
}

function runInherited(command: string, args: readonly string[], display: string): Promise<void> {
	return new Promise((resolvePromise, reject) => {
		// The package manager's own output (progress, warnings) is the user's to see, as in 1.4.
		const child = spawn(command, args, { stdio: "inherit" });
		child.on("error", reject);
		child.on("close", (code, signal) => {
			if (code === 0) resolvePromise();
			else if (signal) reject(new Error(`${display} terminated by signal ${signal}`));
			else reject(new Error(`${display} exited with code ${code ?? "unknown"}`));
		});
	});
}

/** Updates pi itself; resolves with the exit status. */
export async function updateSelf(options: SelfUpdateOptions): Promise<number> {
	const out = options.stdout ?? ((text: string) => void process.stdout.write(text));
	const err = options.stderr ?? ((text: string) => void process.stderr.write(text));
	let latest: string | undefined;
	try {
		latest = await fetchLatestVersion(options.packageName, { registry: options.registry, fetch: options.fetch });
	} catch (error) {
		err(`Error: ${(error as Error).message}\n`);
		return 1;
	}
	if (!latest) {
		err("Error: Could not determine latest pi version.\n");
		return 1;
	}
	if (!options.force && !isNewerVersion(latest, options.version)) {
		out(`pi is already up to date (v${options.version})\n`);
		return 0;
	}
	const entrypoint = options.entrypoint ?? process.argv[1];
	const packageDir =
		options.packageDir ??
		(process.env.PI_PACKAGE_DIR
			? resolve(process.env.PI_PACKAGE_DIR)
			: entrypoint
				? findPackageDir(dirname(resolve(entrypoint)))
				: undefined);
	const plan = planSelfUpdate({
		packageName: options.packageName,
		installSpec: `${options.packageName}@${latest}`,
		packageDir,
		npmCommand: options.npmCommand,
	});
	if (plan.kind === "unavailable") {
		err(
			`error: pi cannot self-update this installation.\n${plan.instruction}\n${entrypoint ? `\nLocation of pi executable: ${entrypoint}\n` : ""}`,
		);
		return 1;
	}
	out(`Updating pi with ${plan.display}...\n`);
	try {
		await runInherited(plan.command, plan.args, plan.display);
	} catch (error) {
		err(`Error: ${(error as Error).message}\nIf this keeps failing, run this command yourself: ${plan.display}\n`);
		return 1;
	}
	out(`Updated pi from ${options.version} to ${latest}\n`);
	return 0;
}
