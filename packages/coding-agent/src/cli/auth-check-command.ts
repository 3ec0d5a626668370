import type { Model } from "@pi/ai";
import type { ModelRuntime } from "../core/models/model-runtime.js";

/**
 * `pi auth check`, `print-api-key` and `print-bearer-token` (pi 1.4's credential commands, for
 * scripts): resolve the credential of `--provider` or of the provider of `--model`. `check`
 * prints `ready`, `not_ready` or `invalid` (exit 0, 1, 2), or one JSON object with `--json`;
 * `--credentials` adds the key or token. `print-api-key` prints an API key alone and
 * `print-bearer-token` a signed-in (OAuth) token alone, refreshed first when it expires within
 * `--min-expiry` (exit 1 without one). A stored sign-in is refreshed when expired unless
 * `check --no-refresh`.
 */

export type AuthCheckAction = "check" | "print-api-key" | "print-bearer-token";

interface CheckOptions {
	provider?: string;
	model?: string;
	json: boolean;
	credentials: boolean;
	noRefresh: boolean;
	minExpiryMs?: number;
}

type CheckResult =
	| { status: "ready"; provider: string; authType: "api_key" | "oauth"; credentials?: string }
	| { status: "not_ready"; provider: string; reason: "provider_not_found" | "credentials_not_configured" }
	| { status: "invalid"; provider?: string; reason: string; message?: string };

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `30m`, `90s`, `1h`, `500ms` in milliseconds; undefined when malformed. */
export function parseDuration(value: string | undefined): number | undefined {
	const match = value ? /^(\d+)(ms|s|m|h)$/i.exec(value) : null;
	return match ? Number(match[1]) * DURATION_UNITS[match[2]!.toLowerCase()]! : undefined;
}

/** What stops a command before any lookup: its message and exit code (1.4's words where 1.4 has them). */
interface UsageProblem {
	message: string;
	code: number;
}

const OPTION_HINTS: Record<AuthCheckAction, string> = {
	check: " [--json] [--credentials] [--no-refresh]",
	"print-api-key": "",
	"print-bearer-token": " [--min-expiry <duration>]",
};

function parseOptions(action: AuthCheckAction, argv: readonly string[]): CheckOptions | UsageProblem {
	const options: CheckOptions = { json: false, credentials: false, noRefresh: false };
	const unknown = (arg: string): UsageProblem => ({
		message: `Unknown option ${arg} for "auth ${action}".\nUse "pi --help" or "pi auth ${action} --provider <provider>${OPTION_HINTS[action]}".`,
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
		} else if (flag === "--min-expiry" && action === "print-bearer-token") {
			const value = parseDuration(inline ?? argv[++index]);
			if (value === undefined) return { message: "Error: --min-expiry must be a duration such as 30m or 1h", code: 1 };
			options.minExpiryMs = value;
		} else if ((flag === "--json" || flag === "--credentials" || flag === "--no-refresh") && action === "check") {
			if (flag === "--json") options.json = true;
			else if (flag === "--credentials") options.credentials = true;
			else options.noRefresh = true;
		} else if (action === "print-bearer-token" && !arg.startsWith("-") && options.provider === undefined) {
			// `pi auth print-bearer-token <provider>`: our shorter form, kept beside pi 1.4's flags.
			options.provider = arg;
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
		if (provider === undefined) {
			return { status: "invalid", provider: options.model, reason: "invalid_state" };
		}
	}
	if (provider === undefined || !runtime.isKnownProvider(provider)) {
		return { status: "not_ready", provider: provider ?? "", reason: "provider_not_found" };
	}
	const stored = runtime.authStorage.get(provider);
	let resolved: Awaited<ReturnType<ModelRuntime["resolveAuth"]>>;
	try {
		resolved = await runtime.resolveAuth(provider, {
			noRefresh: options.noRefresh,
			minValidityMs: options.minExpiryMs,
		});
	} catch (error) {
		// A stored sign-in whose refresh was refused (revoked, offline…) is there but unusable.
		if (stored?.type === "oauth") {
			const message = error instanceof Error ? error.message : String(error);
			return { status: "invalid", provider, reason: "invalid_state", message };
		}
		// A failing `!command` key is not usable right now.
		resolved = undefined;
	}
	const key = resolved?.auth.apiKey;
	if (!resolved || !key) return { status: "not_ready", provider, reason: "credentials_not_configured" };
	const authType = resolved.source === "oauth" ? "oauth" : "api_key";
	return { status: "ready", provider, authType, ...(options.credentials ? { credentials: key } : {}) };
}

const EXIT_CODES = { ready: 0, not_ready: 1, invalid: 2 } as const;

function printCredential(
	action: "print-api-key" | "print-bearer-token",
	result: CheckResult,
	options: CheckOptions,
): number {
	const wanted = action === "print-api-key" ? "api_key" : "oauth";
	if (result.status === "ready" && result.credentials && result.authType === wanted) {
		process.stdout.write(`${result.credentials}\n`);
		return 0;
	}
	let why: string;
	if (result.status === "ready") {
		why =
			action === "print-api-key"
				? `Provider "${result.provider}" is configured with OAuth, not an API key`
				: `Provider "${result.provider}" is not configured with an OAuth bearer token`;
	} else if (result.status === "invalid") {
		why = result.message ?? `Model "${options.model}" not found. Use --list-models to see available models.`;
	} else if (result.reason === "provider_not_found")
		why = `Unknown provider "${result.provider}". Use --list-models to see available providers.`;
	else
		why = action === "print-api-key" ? "No usable API key is configured" : "No usable OAuth bearer token is configured";
	process.stderr.write(`Error: ${why}\n`);
	return 1;
}

/** Runs `check`, `print-api-key` or `print-bearer-token`; returns the exit code. */
export async function runAuthCheckCommand(
	action: AuthCheckAction,
	argv: readonly string[],
	runtime: () => Promise<ModelRuntime>,
): Promise<number> {
	const options = parseOptions(action, argv);
	if ("message" in options) {
		process.stderr.write(`${options.message}\n`);
		return options.code;
	}
	const result = await check(await runtime(), { ...options, credentials: options.credentials || action !== "check" });
	if (action !== "check") return printCredential(action, result, options);
	if (options.json) {
		// The refusal's text can name the provider's answer; the JSON keeps pi 1.4's fields.
		const { message: _message, ...fields } = result as CheckResult & { message?: string };
		process.stdout.write(`${JSON.stringify(fields)}\n`);
	} else {
		process.stdout.write(`${result.status}\n`);
		if (result.status === "ready" && result.credentials) process.stdout.write(`${result.credentials}\n`);
		if (result.status === "invalid" && result.message) process.stderr.write(`${result.message}\n`);
	}
	return EXIT_CODES[result.status];
}
