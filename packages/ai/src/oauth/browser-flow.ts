import type { OAuthCredential } from "../credential-store.js";
import { loginDeadline, whenAborted } from "./login-deadline.js";
import { type CallbackResult, type LoopbackCallback, startLoopbackCallback } from "./loopback-callback.js";
import { OAuthError } from "./oauth-error.js";
import type { OAuthLoginInteraction } from "./oauth-types.js";
import { createPkce, createState } from "./pkce.js";

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** A vendor's authorization-code + PKCE flow (RFC 6749 §4.1, RFC 7636). */
export interface BrowserFlowConfig {
	providerName: string;
	/** The loopback redirect; absent when the vendor only shows a code to paste. */
	callback?: {
		port: number;
		path: string;
		redirectHost: "localhost" | "127.0.0.1";
		/** The vendor accepts any loopback port: a taken port falls back to a free one. */
		anyPort: boolean;
	};
	/** Redirect URI of the paste method (a vendor page that shows the code). */
	pasteRedirectUri?: string;
	/** Some vendors use the PKCE verifier as `state`; default a separate random value. */
	stateIsVerifier?: boolean;
	/**
	 * The vendor sends no `state` back (OpenRouter): none is checked, and the callback path gets a
	 * random suffix so that no stray request can complete the sign-in.
	 */
	noState?: boolean;
	authorizeUrl(input: { redirectUri: string; challenge: string; state: string }): string;
	exchange(input: {
		code: string;
		/** Every parameter of the redirect (or pasted address); the code and state among them. */
		params: Record<string, string>;
		verifier: string;
		state: string;
		redirectUri: string;
		signal: AbortSignal;
	}): Promise<OAuthCredential>;
}

/** The phases of one browser sign-in; `run` moves through them in order. */
type BrowserFlowState =
	| { phase: "starting" }
	| { phase: "awaiting_authorization"; redirectUri: string; callback?: LoopbackCallback }
	| { phase: "exchanging"; code: string; params: Record<string, string>; state: string; redirectUri: string }
	| { phase: "done"; credential: OAuthCredential };

/** `code` and `state` from a pasted redirect URL, query string, `code#state`, or a bare code. */
export function parsePastedAnswer(input: string): {
	code?: string;
	state?: string;
	error?: string;
	params?: Record<string, string>;
} {
	const value = input.trim();
	if (!value) return {};
	const fromParams = (params: URLSearchParams) => ({
		code: params.get("code") ?? undefined,
		state: params.get("state") ?? undefined,
		error: params.get("error") ?? undefined,
		params: Object.fromEntries(params),
	});
	if (/^https?:\/\//.test(value)) {
		try {
			return fromParams(new URL(value).searchParams);
		} catch {
			// Not a URL after all: read as a code below.
		}
	}
	if (value.includes("code=") || value.includes("error="))
		return fromParams(new URLSearchParams(value.replace(/^\?/, "")));
	if (value.includes("#")) {
		const [code, state] = value.split("#", 2);
		return { code, state };
	}
	return { code: value };
}

/**
 * Runs the flow: `browser` listens on the loopback callback and also accepts a pasted answer
 * (the browser may be on another machine); `paste` only takes the pasted code.
 */
export async function runBrowserFlow(
	config: BrowserFlowConfig,
	interaction: OAuthLoginInteraction,
	options: { mode: "browser" | "paste"; timeoutMs?: number },
): Promise<OAuthCredential> {
	const { providerName } = config;
	const pkce = createPkce();
	const expectedState = config.stateIsVerifier ? pkce.verifier : createState();
	const deadline = loginDeadline(providerName, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, interaction.signal);
	const aborted = whenAborted(deadline.signal, deadline.failure);
	aborted.catch(() => undefined);
	let state: BrowserFlowState = { phase: "starting" };
	let callback: LoopbackCallback | undefined;
	try {
		for (;;) {
			switch (state.phase) {
				case "starting": {
					if (options.mode === "browser" && config.callback) {
						callback = await startCallback(config, expectedState);
						state = { phase: "awaiting_authorization", redirectUri: callback.redirectUri, callback };
					} else {
						if (!config.pasteRedirectUri) {
							throw new OAuthError("unsupported_method", `${providerName} has no paste sign-in; use the browser`);
						}
						state = { phase: "awaiting_authorization", redirectUri: config.pasteRedirectUri };
					}
					break;
				}
				case "awaiting_authorization": {
					const url = config.authorizeUrl({
						redirectUri: state.redirectUri,
						challenge: pkce.challenge,
						state: expectedState,
					});
					interaction.notify({
						type: "auth_url",
						url,
						redirectUri: state.redirectUri,
						instructions: state.callback
							? "Open the URL in a browser and sign in. If the browser runs on another machine, paste the address it ends on here."
							: "Open the URL in a browser, sign in, then paste the code shown here.",
					});
					const answer: CallbackResult = await Promise.race([
						state.callback ? state.callback.result : new Promise<never>(() => {}),
						readPasted(interaction, state.callback !== undefined),
						aborted,
					]);
					const code = codeFrom(answer, config.noState ? undefined : expectedState, providerName);
					const params: Record<string, string> = "params" in answer && answer.params ? answer.params : { code };
					state = { phase: "exchanging", code, params, state: expectedState, redirectUri: state.redirectUri };
					break;
				}
				case "exchanging": {
					interaction.notify({ type: "progress", message: `Exchanging the authorization code with ${providerName}…` });
					const credential: OAuthCredential = await Promise.race([
						config.exchange({
							code: state.code,
							params: state.params,
							verifier: pkce.verifier,
							state: state.state,
							redirectUri: state.redirectUri,
							signal: deadline.signal,
						}),
						aborted,
					]);
					state = { phase: "done", credential };
					break;
				}
				case "done":
					return state.credential;
			}
		}
	} finally {
		callback?.close();
		deadline.dispose();
	}
}

async function startCallback(config: BrowserFlowConfig, state: string): Promise<LoopbackCallback> {
	const callback = config.callback!;
	const options = {
		providerName: config.providerName,
		path: config.noState ? `${callback.path}/${createState()}` : callback.path,
		redirectHost: callback.redirectHost,
		state: config.noState ? undefined : state,
	};
	try {
		return await startLoopbackCallback({ ...options, port: callback.port });
	} catch (error) {
		if (!(error instanceof OAuthError && error.code === "port_in_use" && callback.anyPort)) throw error;
		return startLoopbackCallback({ ...options, port: 0 });
	}
}

/** A pasted answer, when the host can ask for one; never settles otherwise. */
function readPasted(interaction: OAuthLoginInteraction, alsoCallback: boolean): Promise<CallbackResult> {
	if (!interaction.readManualInput) return new Promise(() => {});
	const prompt = alsoCallback
		? "Waiting for the browser… or paste the address it ended on (or the code) here:"
		: "Paste the code shown after signing in:";
	return interaction.readManualInput(prompt).then((input): CallbackResult => {
		const parsed = parsePastedAnswer(input);
		if (parsed.error) return { error: parsed.error };
		return { code: parsed.code ?? "", state: parsed.state || undefined, params: parsed.params };
	});
}

function codeFrom(answer: CallbackResult, expectedState: string | undefined, providerName: string): string {
	if ("error" in answer) {
		throw answer.error === "access_denied"
			? new OAuthError("denied", `${providerName}: the sign-in was declined in the browser; nothing was stored`)
			: new OAuthError(
					"bad_response",
					`${providerName}: the sign-in failed: ${answer.error}${answer.description ? `: ${answer.description}` : ""}`,
				);
	}
	if (expectedState !== undefined && answer.state !== undefined && answer.state !== expectedState) {
		throw new OAuthError(
			"state_mismatch",
			`${providerName}: the pasted answer belongs to another sign-in (state mismatch); nothing was stored. Start again and paste the newest address`,
		);
	}
	if (!answer.code) throw new OAuthError("bad_response", `${providerName}: no authorization code was given`);
	return answer.code;
}
