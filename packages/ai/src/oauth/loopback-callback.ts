import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { callbackListenHost } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";

/**
 * What arrived at the callback: a code (with every query parameter, for vendors that send more,
 * such as the client id OpenAI issues per sign-in), or the vendor's error (`access_denied`…).
 */
export type CallbackResult =
	| { code: string; state?: string; params?: Record<string, string> }
	| { error: string; description?: string };

/** A loopback HTTP server waiting for the browser's redirect. */
export interface LoopbackCallback {
	/** The redirect URI to put in the authorize URL (host as the vendor registered it). */
	redirectUri: string;
	/** Resolves once a request with the right `state` arrived. */
	result: Promise<CallbackResult>;
	close(): void;
}

export interface LoopbackCallbackOptions {
	providerName: string;
	port: number;
	path: string;
	/** Host in the redirect URI: vendors register `localhost` or `127.0.0.1`. */
	redirectHost: "localhost" | "127.0.0.1";
	/** Checked on the callback; undefined for a vendor that sends none (then the path is unguessable). */
	state: string | undefined;
}

function page(title: string, text: string): string {
	return `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body>`;
}

/**
 * Listens on 127.0.0.1 only (or `PI_OAUTH_CALLBACK_HOST`). A request with another path is 404; one whose `state` differs is
 * answered 400 and ignored (it is not our sign-in, or a forged one), so the real redirect can still
 * arrive. A port that is taken fails with `port_in_use`.
 */
export async function startLoopbackCallback(options: LoopbackCallbackOptions): Promise<LoopbackCallback> {
	let settle: (result: CallbackResult) => void = () => {};
	const result = new Promise<CallbackResult>((resolve) => {
		settle = resolve;
	});
	const server: Server = createServer((request, response) => {
		const url = new URL(request.url ?? "/", "http://127.0.0.1");
		if (url.pathname !== options.path) {
			response.writeHead(404).end();
			return;
		}
		const html = (status: number, title: string, text: string) =>
			response.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(page(title, text));
		if (options.state !== undefined && url.searchParams.get("state") !== options.state) {
			html(400, "Sign-in not accepted", "This answer does not belong to the sign-in pi started (state mismatch).");
			return;
		}
		const error = url.searchParams.get("error");
		if (error) {
			html(200, "Sign-in declined", `${options.providerName} answered: ${error}. You can close this tab.`);
			settle({ error, description: url.searchParams.get("error_description") ?? undefined });
			return;
		}
		const code = url.searchParams.get("code");
		if (!code) {
			html(400, "Sign-in not accepted", "The answer has no authorization code.");
			return;
		}
		html(200, "Signed in", `pi is signed in to ${options.providerName}. You can close this tab.`);
		settle({ code, params: Object.fromEntries(url.searchParams) });
	});
	const host = callbackListenHost();
	await new Promise<void>((resolve, reject) => {
		server.once("error", (error: NodeJS.ErrnoException) => {
			reject(
				error.code === "EADDRINUSE"
					? new OAuthError(
							"port_in_use",
							`${options.providerName}: port ${options.port} on ${host} is in use (another sign-in running?), so the browser cannot return to pi. Close the program using it, or sign in with a code instead (--method device_code or paste)`,
						)
					: error,
			);
		});
		server.listen(options.port, host, () => resolve());
	});
	const port = (server.address() as AddressInfo).port;
	return {
		redirectUri: `http://${options.redirectHost}:${port}${options.path}`,
		result,
		close: () => {
			server.closeAllConnections();
			server.close();
		},
	};
}
