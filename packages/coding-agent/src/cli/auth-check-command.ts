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

export const AUTH_CHECK_USAGE = `Usage:
  pi auth print-api-key [--provider <provider>] [--model <model>]
  pi auth print-bearer-token [--provider <provider>] [--model <model>] [--min-expiry <duration>]
  pi auth check [--provider <provider>] [--model <model>] [--json] [--credentials] [--no-refresh]

Each needs --provider or --model. check prints ready, not_ready or invalid (exit 0, 1, 2).`;

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

function parseOptions(action: AuthCheckAction, argv: readonly string[]): CheckOptions | string {
	const options: CheckOptions = { json: false, credentials: false, noRefresh: false };
	for (let index = 0; index < argv.length; index++) {
		const arg = argv[index]!;
		const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
		if (flag === "--provider" || flag === "--model") {
			const value = inline ?? argv[++index];
			if (value === undefined || value === "") return `${flag} requires a value`;
			if (flag === "--provider") options.provider = value;
			else options.model = value;
		} else if (flag === "--min-expiry") {
			if (action !== "print-bearer-token") return "--min-expiry is only supported by print-bearer-token";
			const value = parseDuration(inline ?? argv[++index]);
			if (value === undefined) return "--min-expiry must be a duration such as 30m or 1h";
			options.minExpiryMs = value;
		} else if (flag === "--json" || flag === "--credentials" || flag === "--no-refresh") {
			if (action !== "check") return `${flag} is only supported by auth check`;
			if (flag === "--json") options.json = true;
			else if (flag === "--credentials") options.credentials = true;
			else options.noRefresh = true;
		} else if (action === "print-bearer-token" && !arg.startsWith("-") && options.provider === undefined) {
			// `pi auth print-bearer-token <provider>`: our shorter form, kept beside pi 1.4's flags.
			options.provider = arg;
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

function printCredential(action: "print-api-key" | "print-bearer-token", result: CheckResult): number {
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
	} else if (result.status === "invalid") why = result.message ?? result.reason;
	else if (result.reason === "provider_not_found") why = `Unknown provider: ${result.provider}`;
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
	if (typeof options === "string") {
		process.stderr.write(`Error: ${options}\n${AUTH_CHECK_USAGE}\n`);
		return action === "check" ? 2 : 1;
	}
	const result = await check(await runtime(), { ...options, credentials: options.credentials || action !== "check" });
	if (action !== "check") return printCredential(action, result);
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
