import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { readJsonObjectFile, writeJsonFileAtomic } from "../config/json-file.js";

/** `trust.json`: decisions keyed by canonical cwd. */
export type TrustFile = Record<string, { trusted: boolean; decidedAt: string }>;

/** How a trust question was settled, or that the user must be asked. */
export type TrustResolution =
	| { trusted: boolean; source: "cli" | "extension" | "saved" | "alwaysTrust" | "default" | "no-inputs" }
	| { trusted: "ask" };

function canonical(cwd: string): string {
	try {
		return realpathSync(resolve(cwd));
	} catch {
		// A cwd that does not exist yet is keyed by its resolved path.
		return resolve(cwd);
	}
}

/** Reads and writes `<agentDir>/trust.json` (mode 0600). */
export class TrustStore {
	constructor(private readonly path: string) {}

	static forAgentDir(agentDir: string): TrustStore {
		return new TrustStore(join(agentDir, "trust.json"));
	}

	get(cwd: string): boolean | undefined {
		return readJsonObjectFile<TrustFile>(this.path, {}).value[canonical(cwd)]?.trusted;
	}

	set(cwd: string, trusted: boolean): void {
		const read = readJsonObjectFile<TrustFile>(this.path, {});
		if (read.status === "invalid") throw new Error(`Not saving trust decision: ${read.error}`);
		writeJsonFileAtomic(
			this.path,
			{ ...read.value, [canonical(cwd)]: { trusted, decidedAt: new Date().toISOString() } },
			0o600,
		);
	}
}

/**
 * Resolves project trust (extensions.md §1.4), first answer wins: CLI `--approve`/`--no-approve`;
 * (a project without trust inputs needs no decision and counts as trusted); the first
 * `project_trust` handler's answer (`extensionDecision`, which the caller persists with
 * `store.set` when the handler asked to remember it); the saved decision in trust.json;
 * `alwaysTrust`; then `defaultProjectTrust`. "ask" means the caller decides: interactive mode asks,
 * non-interactive modes treat the project as untrusted.
 */
export function resolveProjectTrust(options: {
	cwd: string;
	hasInputs: boolean;
	cliApprove?: boolean;
	/** The answer of the first `project_trust` handler that returned "yes" or "no". */
	extensionDecision?: boolean;
	store?: TrustStore;
	alwaysTrust: boolean;
	defaultProjectTrust: "ask" | "always" | "never";
}): TrustResolution {
	if (options.cliApprove !== undefined) return { trusted: options.cliApprove, source: "cli" };
	if (!options.hasInputs) return { trusted: true, source: "no-inputs" };
	if (options.extensionDecision !== undefined) return { trusted: options.extensionDecision, source: "extension" };
	const saved = options.store?.get(options.cwd);
	if (saved !== undefined) return { trusted: saved, source: "saved" };
	if (options.alwaysTrust) return { trusted: true, source: "alwaysTrust" };
	if (options.defaultProjectTrust === "ask") return { trusted: "ask" };
	return { trusted: options.defaultProjectTrust === "always", source: "default" };
}
