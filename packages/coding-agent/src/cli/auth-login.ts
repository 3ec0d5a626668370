import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { type SignInEvent, type SignInMethod, signIn } from "../core/auth/sign-in.js";
import type { ModelRuntime } from "../core/models/model-runtime.js";
import { PiUserError } from "../core/user-error.js";

const METHODS: readonly SignInMethod[] = ["browser", "paste", "device_code"];

/** Opens the URL in the user's browser when there plainly is one (a desktop session, not SSH). */
function openBrowser(url: string): void {
	const command =
		process.platform === "darwin"
			? "open"
			: process.platform === "win32"
				? "explorer"
				: (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) && !process.env.SSH_CONNECTION
					? "xdg-open"
					: undefined;
	if (!command) return;
	const child = spawn(command, [url], { stdio: "ignore", detached: true });
	// Best effort: a missing opener only means the user opens the printed URL by hand.
	child.on("error", () => undefined);
	child.unref();
}

function show(event: SignInEvent, interactive: boolean): void {
	switch (event.type) {
		case "auth_url":
			process.stdout.write(`Open this address to sign in:\n\n  ${event.url}\n\n${event.instructions}\n`);
			if (interactive) openBrowser(event.url);
			return;
		case "device_code":
			process.stdout.write(
				`Open ${event.verificationUri} and enter the code ${event.userCode} (valid ${Math.round(event.expiresInSeconds / 60)} minutes).\n`,
			);
			if (interactive) openBrowser(event.verificationUri);
			return;
		case "progress":
			process.stdout.write(`${event.message}\n`);
			return;
	}
}

/** One line from stdin (a pasted redirect address or code); the reader is closed once the flow ends. */
function lineReader(): { read(prompt: string): Promise<string>; close(): void } {
	let rl: ReturnType<typeof createInterface> | undefined;
	return {
		read: (prompt) =>
			new Promise((resolve) => {
				rl = createInterface({ input: process.stdin, terminal: false });
				process.stdout.write(`${prompt} `);
				rl.once("line", (line) => resolve(line));
			}),
		close: () => {
			rl?.close();
			process.stdin.pause();
		},
	};
}

/**
 * `pi auth login <provider> [--method m]`: prints the address or device code (and opens the
 * browser at a desktop terminal); a pasted answer is read from stdin when it is a terminal, or
 * with `--method paste`. Ctrl+C cancels and stores nothing.
 */
export async function runLogin(
	runtime: ModelRuntime,
	provider: string | undefined,
	extra: readonly string[],
): Promise<number> {
	const { authStorage } = runtime;
	if (provider === undefined) {
		process.stderr.write("Error: pi auth login needs a provider, e.g. pi auth login anthropic\n");
		return 1;
	}
	let method: SignInMethod | undefined;
	for (let index = 0; index < extra.length; index++) {
		const arg = extra[index]!;
		const value = arg.startsWith("--method=")
			? arg.slice("--method=".length)
			: arg === "--method"
				? extra[++index]
				: undefined;
		if (value === undefined || !METHODS.includes(value as SignInMethod)) {
			process.stderr.write(`Error: unknown argument "${arg}"; use --method ${METHODS.join("|")}\n`);
			return 1;
		}
		method = value as SignInMethod;
	}
	const interactive = process.stdout.isTTY === true;
	const reader = process.stdin.isTTY || method === "paste" ? lineReader() : undefined;
	const controller = new AbortController();
	const onSigint = () => controller.abort();
	process.once("SIGINT", onSigint);
	try {
		const result = await signIn(
			authStorage,
			provider,
			{ signal: controller.signal, onEvent: (event) => show(event, interactive), readManualInput: reader?.read },
			{ method, modelRuntime: runtime },
		);
		process.stdout.write(`Signed in to ${result.name}; the credential is stored in ${authStorage.path}\n`);
		return 0;
	} catch (error) {
		if (error instanceof PiUserError) {
			process.stderr.write(`Error: ${error.message}\n`);
			return 1;
		}
		throw error;
	} finally {
		process.off("SIGINT", onSigint);
		reader?.close();
	}
}
