// The user's package manager (`npmCommand` setting: npm by default, or pnpm, bun, a wrapper):
// the argument lists that install a package without installing pi's own packages as peers.
import { spawnSync } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { PiUserError } from "../user-error.js";
import { type RunToolOptions, runTool } from "./run-tool.js";

export type PackageManagerName = "npm" | "pnpm" | "bun" | (string & {});

/** The configured package manager command (`npmCommand`, e.g. `["pnpm"]` or `["mise", "exec", "--", "npm"]`). */
export class NpmClient {
	readonly command: string;
	readonly prefixArgs: readonly string[];
	readonly name: PackageManagerName;

	constructor(npmCommand: unknown) {
		const list = Array.isArray(npmCommand) ? npmCommand.filter((part): part is string => typeof part === "string") : [];
		if (list.length === 0) {
			this.command = "npm";
			this.prefixArgs = [];
		} else {
			const [command, ...rest] = list;
			if (!command) {
				throw new PiUserError(
					"npm_command_invalid",
					"Invalid npmCommand in settings.json: its first entry must be a command name",
				);
			}
			this.command = command;
			this.prefixArgs = rest;
		}
		this.name = detectName(this.command, this.prefixArgs);
	}

	/**
	 * The package manager's global `node_modules` (`npm root -g`; bun's global install folder), or
	 * undefined when it cannot be asked. Packages an older pi installed globally are found there.
	 */
	globalRootSync(): string | undefined {
		const args = this.name === "bun" ? ["pm", "bin", "-g"] : ["root", "-g"];
		const result = spawnSync(this.command, [...this.prefixArgs, ...args], {
			encoding: "utf8",
			timeout: 10_000,
			stdio: ["ignore", "pipe", "ignore"],
		});
		const out = result.status === 0 ? result.stdout.trim() : "";
		if (!out) return undefined;
		return this.name === "bun" ? join(dirname(out), "install", "global", "node_modules") : out;
	}

	/** Runs the package manager with `args` after the configured prefix. */
	run(args: readonly string[], options?: RunToolOptions): Promise<string> {
		return runTool(this.command, [...this.prefixArgs, ...args], options);
	}

	/**
	 * Installs `specs` into the npm project at `root`. Peer resolution is off (npm's
	 * --legacy-peer-deps and the pnpm/bun equivalents): pi provides its packages to extensions
	 * itself, and a physical copy would bypass that.
	 */
	installArgs(specs: readonly string[], root: string): string[] {
		if (this.name === "bun") return ["install", ...specs, "--cwd", root, "--omit=peer"];
		if (this.name === "pnpm") {
			return ["install", ...specs, "--prefix", root, ...PNPM_NO_PEERS];
		}
		return ["install", ...specs, "--prefix", root, "--legacy-peer-deps", "--no-audit", "--no-fund"];
	}

	/** Installs a git checkout's own dependencies (production only) in its folder. */
	dependencyInstallArgs(): string[] {
		if (this.name === "bun") return ["install", "--omit=dev", "--omit=peer"];
		if (this.name === "pnpm") return ["install", "--prod", ...PNPM_NO_PEERS];
		if (this.name === "npm") return ["install", "--omit=dev", "--legacy-peer-deps", "--no-audit", "--no-fund"];
		return ["install"];
	}

	uninstallArgs(name: string, root: string): string[] {
		if (this.name === "bun") return ["remove", name, "--cwd", root];
		if (this.name === "pnpm") return ["uninstall", name, "--prefix", root];
		return ["uninstall", name, "--prefix", root, "--legacy-peer-deps", "--no-audit", "--no-fund"];
	}
}

const PNPM_NO_PEERS = [
	"--config.auto-install-peers=false",
	"--config.strict-peer-dependencies=false",
	"--config.strict-dep-builds=false",
];

const KNOWN = new Set(["npm", "pnpm", "bun"]);

function bare(command: string): string {
	return basename(command).replace(/\.(cmd|exe)$/i, "");
}

// A wrapper (`mise exec -- pnpm`) names the real manager after `--`, or among its arguments.
function detectName(command: string, args: readonly string[]): PackageManagerName {
	const separator = args.lastIndexOf("--");
	if (separator >= 0 && args[separator + 1]) return bare(args[separator + 1]!);
	if (KNOWN.has(bare(command))) return bare(command);
	const wrapped = [...new Set(args.map(bare).filter((arg) => KNOWN.has(arg)))];
	if (wrapped.length > 1) {
		throw new PiUserError(
			"npm_command_invalid",
			`Ambiguous npmCommand in settings.json: it names ${wrapped.join(" and ")}; put "--" before the package manager`,
		);
	}
	return wrapped[0] ?? bare(command);
}
