import type { Model } from "@pi/ai";
import type { ModelRuntime } from "../core/models/model-runtime.js";

/**
 * `pi auth check` and `pi auth print-api-key` (pi 1.4's credential commands, for scripts): resolve
 * the credential of `--provider` or of the provider of `--model`. `check` prints `ready`,
 * `not_ready` or `invalid` (exit 0, 1, 2), or one JSON object with `--json`; `--credentials` adds
 * the key. `print-api-key` prints the key alone (exit 1 without one).
 */

interface CheckOptions {
	provider?: string;
	model?: string;
	json: boolean;
	credentials: boolean;
}

type CheckResult =
	| { status: "ready"; provider: string; authType: "api_key"; credentials?: string }
	| { status: "not_ready"; provider: string; reason: "provider_not_found" | "credentials_not_configured" }
	| { status: "invalid"; provider: string; reason: "invalid_state" };

/** What stops a command before any lookup: its message and exit code (1.4's words). */
interface UsageProblem {
	message: string;
	code: number;
}

function parseOptions(action: "check" | "print-api-key", argv: readonly string[]): CheckOptions | UsageProblem {
	const options: CheckOptions = { json: false, credentials: false };
	const unknown = (arg: string): UsageProblem => ({
		message: `Unknown option ${arg} for "auth ${action}".\nUse "pi --help" or "pi auth ${action} --provider <provider>${action === "check" ? " [--json] [--credentials] [--no-refresh]" : ""}".`,
		code: 1,
	});
	for (let index = 0; index < argv.length; index++) {
		const arg = argv[index]!;
		const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
		if (flag === "--provider" || flag === "--model") {
			const value = inline ?? argv[++index];
			if (value === undefined || value === "") return unknown(flag);
			if (flag === "--provider") options.provider = value;
			else options.model = value;
		} else if (flag === "--json" && action === "check") options.json = true;
		else if (flag === "--credentials" && action === "check") options.credentials = true;
		else if (flag === "--no-refresh" && action === "check") {
			// Only API keys are resolved here; nothing is refreshed either way.
		} else return unknown(arg);
	}
	if (options.provider === undefined && options.model === undefined) {
		return action === "check"
			? { message: "Error: Auth checks require --provider <provider> or --model <model>", code: 2 }
			: { message: "Error: Credential printing requires --provider <provider> or --model <model>", code: 1 };
	}
	return options;
}

/**
 * The provider `--model` names, as 1.4 reads it: `provider/id` names a known provider (the id is
 * not looked up); a bare id (or name, any case) is looked up among every model.
 */
function providerOfModel(runtime: ModelRuntime, pattern: string): string | undefined {
	const slash = pattern.indexOf("/");
	if (slash > 0) {
		const provider = pattern.slice(0, slash);
		return runtime.isKnownProvider(provider) ? provider : undefined;
	}
	const all = runtime.getAll();
	const lower = pattern.toLowerCase();
	const model: Model | undefined =
		all.find((candidate) => candidate.id === pattern) ??
		all.find((candidate) => candidate.id.toLowerCase() === lower || candidate.name.toLowerCase() === lower);
	return model?.provider;
}

/** `--provider` wins over `--model` (1.4 checks the named provider's credential). */
async function check(runtime: ModelRuntime, options: CheckOptions): Promise<CheckResult> {
	let provider = options.provider;
	if (provider === undefined && options.model !== undefined) {
		provider = providerOfModel(runtime, options.model);
		if (provider === undefined) return { status: "invalid", provider: options.model, reason: "invalid_state" };
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

/** Why `print-api-key` printed no key, in 1.4's words. */
function printProblem(result: CheckResult, options: CheckOptions): string {
	if (result.status === "invalid")
		return `Model "${options.model}" not found. Use --list-models to see available models.`;
	if (result.status === "not_ready" && result.reason === "provider_not_found") {
		return `Unknown provider "${result.provider}". Use --list-models to see available providers.`;
	}
	return "No usable API key is configured";
}

const EXIT_CODES = { ready: 0, not_ready: 1, invalid: 2 } as const;

/** Runs `check` or `print-api-key`; returns the exit code. */
export async function runAuthCheckCommand(
	action: "check" | "print-api-key",
	argv: readonly string[],
	runtime: () => Promise<ModelRuntime>,
): Promise<number> {
	const options = parseOptions(action, argv);
	if ("message" in options) {
		process.stderr.write(`${options.message}\n`);
		return options.code;
	}
	const result = await check(await runtime(), { ...options, credentials: options.credentials || action !== "check" });
	if (action === "print-api-key") {
		if (result.status === "ready" && result.credentials) {
			process.stdout.write(`${result.credentials}\n`);
			return 0;
		}
		process.stderr.write(`Error: ${printProblem(result, options)}\n`);
		return 1;
	}
	if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
	else {
		process.stdout.write(`${result.status}\n`);
		if (result.status === "ready" && result.credentials) process.stdout.write(`${result.credentials}\n`);
	}
	return EXIT_CODES[result.status];
}
