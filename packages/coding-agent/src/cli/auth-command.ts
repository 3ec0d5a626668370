import { ModelRuntime } from "../core/models/model-runtime.js";
import { getAgentDir } from "../core/session/session-paths.js";
import { runAuthCheckCommand } from "./auth-check-command.js";
import { readHiddenLine } from "./hidden-input.js";

const USAGE = `Usage:
  pi auth list                  each provider and where its credential comes from
  pi auth set <provider>        store an API key (piped on stdin, or asked for without echo)
  pi auth remove <provider>     delete the stored credential
  pi auth status [provider]     whether each provider (or one) has a usable credential
  pi auth check --provider <p> | --model <m> [--json] [--credentials]
                                ready, not_ready or invalid (exit 0, 1, 2)
  pi auth print-api-key --provider <p> | --model <m>
                                print the key a request would use
  pi auth login <provider> [--method browser|paste|device_code]
                                sign in with a subscription (Claude Pro/Max, ChatGPT, Copilot…)
  pi auth logout <provider>     remove the stored sign-in (or key) of a provider
  pi auth print-bearer-token --provider <p> | --model <m> [--min-expiry 30m]
                                print the signed-in (OAuth) token a request would send,
                                refreshed first if it expires sooner`;

function fail(message: string): number {
	process.stderr.write(`Error: ${message}\n`);
	return 1;
}

async function readKey(provider: string): Promise<string | undefined> {
	if (!process.stdin.isTTY) {
		const chunks: Buffer[] = [];
		for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
		return Buffer.concat(chunks).toString("utf8").trim() || undefined;
	}
	return (await readHiddenLine(`API key for ${provider}: `))?.trim() || undefined;
}

function sourceText(source: ReturnType<ModelRuntime["getCredentialSource"]>): string {
	switch (source.kind) {
		case "auth.json":
			return "auth.json";
		case "env":
			return `env ${source.variable}`;
		case "models.json":
			return "models.json";
		case "none":
			return "none";
	}
}

/**
 * `pi auth …` (configuration.md §5): writes auth.json through AuthStorage (mode 0600, locked);
 * a key never comes from argv, so it never lands in shell history.
 */
export async function runAuthCommand(argv: readonly string[]): Promise<number> {
	const [action, provider, ...extra] = argv;
	if (action === undefined || action === "--help" || action === "-h" || action === "help") {
		process.stdout.write(`${USAGE}\n`);
		return action === undefined ? 1 : 0;
	}
	const agentDir = getAgentDir();
	if (action === "check" || action === "print-api-key" || action === "print-bearer-token") {
		return runAuthCheckCommand(action, argv.slice(1), () => ModelRuntime.create({ agentDir }));
	}
	const runtime = await ModelRuntime.create({ agentDir });
	const providers = runtime.getProviderIds();
	const requireProvider = (): string | undefined => {
		if (provider === undefined) return undefined;
		return runtime.isKnownProvider(provider) ? provider : undefined;
	};

	switch (action) {
		case "list": {
			const width = Math.max(...providers.map((id) => id.length));
			const lines = providers.map((id) => `${id.padEnd(width)}  ${sourceText(runtime.getCredentialSource(id))}`);
			process.stdout.write(`${lines.join("\n")}\n`);
			return 0;
		}
		case "status": {
			if (provider !== undefined && !requireProvider()) return fail(`Unknown provider: ${provider}`);
			const ids = provider ? [provider] : providers;
			const width = Math.max(...ids.map((id) => id.length));
			const lines: string[] = [];
			for (const id of ids) {
				const usable = await runtime.hasAuth(id);
				const source = sourceText(runtime.getCredentialSource(id));
				lines.push(
					`${id.padEnd(width)}  ${usable ? `ready (${source})` : source === "none" ? "no credential" : `not usable (${source})`}`,
				);
			}
			process.stdout.write(`${lines.join("\n")}\n`);
			return 0;
		}
		case "set": {
			if (provider === undefined) return fail("pi auth set needs a provider, e.g. pi auth set anthropic");
			if (!requireProvider()) return fail(`Unknown provider: ${provider}`);
			if (extra.length > 0) {
				return fail(
					"pi auth set takes no key on the command line (it would stay in your shell history); pipe it on stdin or type it at the prompt",
				);
			}
			const key = await readKey(provider);
			if (!key) return fail("No key given; nothing was stored");
			runtime.authStorage.set(provider, { type: "api_key", key });
			process.stdout.write(`Stored the key for ${provider} in ${runtime.authStorage.path}\n`);
			return 0;
		}
		case "remove": {
			if (provider === undefined) return fail("pi auth remove needs a provider, e.g. pi auth remove anthropic");
			if (!requireProvider()) return fail(`Unknown provider: ${provider}`);
			if (!runtime.authStorage.get(provider)) {
				process.stdout.write(`Nothing stored for ${provider}\n`);
				return 0;
			}
			runtime.authStorage.remove(provider);
			process.stdout.write(`Removed the stored credential of ${provider}\n`);
			return 0;
		}
		case "login": {
			const { runLogin } = await import("./auth-login.js");
			return runLogin(runtime, provider, extra);
		}
		case "logout": {
			if (provider === undefined) return fail("pi auth logout needs a provider, e.g. pi auth logout anthropic");
			const { signOut } = await import("../core/auth/sign-in.js");
			process.stdout.write(
				signOut(runtime.authStorage, provider)
					? `Signed out of ${provider}: its credential was removed from ${runtime.authStorage.path}\n`
					: `Nothing stored for ${provider}\n`,
			);
			return 0;
		}
		default:
			return fail(`Unknown auth action "${action}"\n${USAGE}`);
	}
}
