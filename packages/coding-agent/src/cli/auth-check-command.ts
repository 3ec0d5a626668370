import type { Model } from "@pi/ai";
import type { ModelRuntime } from "../core/models/model-runtime.js";

/**
 * `pi auth check` and `pi auth print-api-key` (pi 1.4's credential commands, for scripts): resolve
 * the credential of `--provider` or of the provider of `--model`. `check` prints `ready`,
 * `not_ready` or `invalid` (exit 0, 1, 2), or one JSON object with `--json`; `--credentials` adds
 * the key. `print-api-key` prints the key alone (exit 1 without one).
 */

export const AUTH_CHECK_USAGE = `Usage:
  pi auth print-api-key [--provider <provider>] [--model <model>]
  pi auth check [--provider <provider>] [--model <model>] [--json] [--credentials] [--no-refresh]

Both need --provider or --model. check prints ready, not_ready or invalid (exit 0, 1, 2).`;

interface CheckOptions {
	provider?: string;
	model?: string;
	json: boolean;
	credentials: boolean;
}

type CheckResult =
	| { status: "ready"; provider: string; authType: "api_key"; credentials?: string }
	| { status: "not_ready"; provider: string; reason: "provider_not_found" | "credentials_not_configured" }
	| { status: "invalid"; provider?: string; reason: string };

function parseOptions(argv: readonly string[]): CheckOptions | string {
	const options: CheckOptions = { json: false, credentials: false };
	for (let index = 0; index < argv.length; index++) {
		const arg = argv[index]!;
		const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
		if (flag === "--provider" || flag === "--model") {
			const value = inline ?? argv[++index];
			if (value === undefined || value === "") return `${flag} requires a value`;
			if (flag === "--provider") options.provider = value;
			else options.model = value;
		} else if (flag === "--json") options.json = true;
		else if (flag === "--credentials") options.credentials = true;
		else if (flag === "--no-refresh") {
			// Only API keys are resolved here; nothing is refreshed either way.
		} else return `unknown option "${arg}"`;
	}
	if (options.provider === undefined && options.model === undefined) {
		return "Auth commands require --provider <provider> or --model <model>";
	}
	return options;
}

/** The model `pattern` names: `provider/id`, or an id (within `provider` when given). */
function findModel(runtime: ModelRuntime, pattern: string, provider: string | undefined): Model | undefined {
	const all = runtime.getAll();
	const slash = pattern.indexOf("/");
	if (slash > 0 && provider === undefined) {
		const exact = runtime.getModel(pattern.slice(0, slash), pattern.slice(slash + 1));
		if (exact) return exact;
	}
	const candidates = provider === undefined ? all : all.filter((model) => model.provider === provider);
	const lower = pattern.toLowerCase();
	return (
		candidates.find((model) => model.id === pattern) ??
		candidates.find((model) => model.id.toLowerCase() === lower || model.name.toLowerCase() === lower)
	);
}

async function check(runtime: ModelRuntime, options: CheckOptions): Promise<CheckResult> {
	let provider = options.provider;
	if (options.model !== undefined) {
		const model = findModel(runtime, options.model, provider);
		if (!model) return { status: "invalid", provider, reason: `model "${options.model}" not found` };
		provider = model.provider;
	}
	if (provider === undefined || !runtime.isKnownProvider(provider)) {
		return { status: "not_ready", provider: provider ?? "", reason: "provider_not_found" };
	}
	let key: string | undefined;
	try {
		key = await runtime.getApiKey(provider);
	} catch {
		// A credential that fails to resolve (a failing !command) is not usable.
		key = undefined;
	}
	if (!key) return { status: "not_ready", provider, reason: "credentials_not_configured" };
	return { status: "ready", provider, authType: "api_key", ...(options.credentials ? { credentials: key } : {}) };
}

const EXIT_CODES = { ready: 0, not_ready: 1, invalid: 2 } as const;

/** Runs `check` or `print-api-key`; returns the exit code. */
export async function runAuthCheckCommand(
	action: "check" | "print-api-key",
	argv: readonly string[],
	runtime: () => Promise<ModelRuntime>,
): Promise<number> {
	const options = parseOptions(argv);
	if (typeof options === "string") {
		process.stderr.write(`Error: ${options}\n${AUTH_CHECK_USAGE}\n`);
		return action === "check" ? 2 : 1;
	}
	const result = await check(await runtime(), { ...options, credentials: options.credentials || action !== "check" });
	if (action === "print-api-key") {
		if (result.status === "ready" && result.credentials) {
			process.stdout.write(`${result.credentials}\n`);
			return 0;
		}
		const why = result.status === "invalid" ? result.reason : "No usable API key is configured";
		process.stderr.write(`Error: ${why}\n`);
		return 1;
	}
	if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
	else {
		process.stdout.write(`${result.status}\n`);
		if (result.status === "ready" && result.credentials) process.stdout.write(`${result.credentials}\n`);
	}
	return EXIT_CODES[result.status];
}
