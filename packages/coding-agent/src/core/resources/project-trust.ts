import { realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readJsonObjectFile, writeJsonFileAtomic } from "../config/json-file.js";

/**
 * `trust.json`: decisions keyed by canonical directory, in pi 1.4's format (`true` / `false`); a
 * decision covers the directory and everything below it, the nearest one wins. Our earlier
 * `{ trusted, decidedAt }` values are still read, and rewritten in 1.4's format on the next save.
 */
export type TrustFile = Record<string, boolean | { trusted: boolean; decidedAt?: string }>;

/** The decision one trust.json value holds, in either format. */
function decisionOf(value: TrustFile[string] | undefined): boolean | undefined {
	if (typeof value === "boolean") return value;
	if (value !== null && typeof value === "object" && typeof value.trusted === "boolean") return value.trusted;
	return undefined;
}

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

	/** The decision for `cwd` or its nearest ancestor that has one. */
	get(cwd: string): boolean | undefined {
		const file = readJsonObjectFile<TrustFile>(this.path, {}).value;
		for (let directory = canonical(cwd); ; directory = dirname(directory)) {
			const decision = decisionOf(file[directory]);
			if (decision !== undefined) return decision;
			if (dirname(directory) === directory) return undefined;
		}
	}

	/** Saves the decision for `cwd`; the file is written in pi 1.4's format, keys sorted. */
	set(cwd: string, trusted: boolean): void {
		const read = readJsonObjectFile<TrustFile>(this.path, {});
		if (read.status === "invalid") throw new Error(`Not saving trust decision: ${read.error}`);
		const entries: Record<string, boolean> = {};
		for (const [directory, value] of Object.entries({ ...read.value, [canonical(cwd)]: trusted }).sort(([a], [b]) =>
			a < b ? -1 : a > b ? 1 : 0,
		)) {
			const decision = decisionOf(value);
			if (decision !== undefined) entries[directory] = decision;
		}
		writeJsonFileAtomic(this.path, entries, 0o600);
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
