import type { OAuthCredential } from "../credential-store.js";
import { loginDeadline, sleepUnlessAborted } from "./login-deadline.js";
import { OAuthError } from "./oauth-error.js";
import { describeOAuthFailure, type OAuthResponse } from "./oauth-http.js";
import type { OAuthLoginInteraction } from "./oauth-types.js";

/** RFC 8628 §3.5: a `slow_down` answer adds 5 seconds to the polling interval. */
const SLOW_DOWN_STEP_MS = 5_000;
const DEFAULT_INTERVAL_S = 5;

/** What the vendor's device authorization endpoint answered. */
export interface DeviceAuthorization {
	deviceCode: string;
	userCode: string;
	verificationUri: string;
	/** Seconds between polls (RFC default 5). */
	intervalSeconds?: number;
	expiresInSeconds?: number;
}

/** A vendor's device authorization grant (RFC 8628). */
export interface DeviceFlowConfig {
	providerName: string;
	requestCode(signal: AbortSignal): Promise<DeviceAuthorization>;
	/** One poll of the token endpoint. */
	poll(device: DeviceAuthorization, signal: AbortSignal): Promise<OAuthResponse>;
	/** Turns the successful poll answer into the credential (a further exchange for some vendors). */
	finish(response: OAuthResponse, signal: AbortSignal): Promise<OAuthCredential>;
	/** Test seam: how a wait between polls happens (default a timer that stops on abort). */
	sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The phases of one device sign-in. */
type DeviceFlowState =
	| { phase: "requesting_code" }
	| { phase: "polling"; device: DeviceAuthorization; intervalMs: number }
	| { phase: "finishing"; response: OAuthResponse }
	| { phase: "done"; credential: OAuthCredential };

/** The vendor's `verification_uri` is shown and maybe opened: only http(s) is accepted. */
export function trustedUrl(value: unknown): string | undefined {
	if (typeof value !== "string") return undefined;
	try {
		const url = new URL(value);
		return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Shows the user code, then polls at the vendor's interval (slower after `slow_down`) until the
 * user approves (`done`), declines (`denied`), or the code expires (`expired_code`).
 */
export async function runDeviceFlow(
	config: DeviceFlowConfig,
	interaction: OAuthLoginInteraction,
	options: { timeoutMs?: number } = {},
): Promise<OAuthCredential> {
	const { providerName } = config;
	// The code's own lifetime bounds the flow once it is known; until then a generous default.
	let deadline = loginDeadline(providerName, options.timeoutMs ?? 15 * 60_000, interaction.signal);
	const sleep = config.sleep ?? ((ms: number, signal: AbortSignal) => sleepUnlessAborted(ms, signal, deadline.failure));
	let state: DeviceFlowState = { phase: "requesting_code" };
	try {
		for (;;) {
			switch (state.phase) {
				case "requesting_code": {
					const device = await config.requestCode(deadline.signal);
					const lifetimeS = device.expiresInSeconds ?? 15 * 60;
					if (options.timeoutMs === undefined) {
						deadline.dispose();
						deadline = loginDeadline(providerName, lifetimeS * 1000, interaction.signal);
					}
					interaction.notify({
						type: "device_code",
						userCode: device.userCode,
						verificationUri: device.verificationUri,
						expiresInSeconds: lifetimeS,
					});
					state = { phase: "polling", device, intervalMs: (device.intervalSeconds ?? DEFAULT_INTERVAL_S) * 1000 };
					break;
				}
				case "polling": {
					const polling: Extract<DeviceFlowState, { phase: "polling" }> = state;
					await sleep(polling.intervalMs, deadline.signal);
					if (deadline.signal.aborted) throw expiredOr(deadline.failure(), interaction, providerName);
					const response = await config.poll(polling.device, deadline.signal);
					const error = typeof response.body.error === "string" ? response.body.error : undefined;
					if (response.ok && !error) {
						state = { phase: "finishing", response };
						break;
					}
					switch (error) {
						case "authorization_pending":
							break;
						case "slow_down": {
							const asked = typeof response.body.interval === "number" ? response.body.interval * 1000 : 0;
							state = { ...polling, intervalMs: Math.max(polling.intervalMs + SLOW_DOWN_STEP_MS, asked) };
							break;
						}
						case "access_denied":
							throw new OAuthError("denied", `${providerName}: the sign-in was declined; nothing was stored`);
						case "expired_token":
							throw new OAuthError(
								"expired_code",
								`${providerName}: the device code expired before it was approved; run the sign-in again and enter the new code`,
							);
						default:
							throw new OAuthError(
								"bad_response",
								`${providerName}: device sign-in failed (${describeOAuthFailure(response)})`,
							);
					}
					break;
				}
				case "finishing": {
					interaction.notify({ type: "progress", message: `Approved; finishing the ${providerName} sign-in…` });
					state = { phase: "done", credential: await config.finish(state.response, deadline.signal) };
					break;
				}
				case "done":
					return state.credential;
			}
		}
	} catch (error) {
		// A request cut off by the deadline reports "cancelled": say what really ended it.
		if (deadline.signal.aborted) throw expiredOr(deadline.failure(), interaction, providerName);
		throw error;
	} finally {
		deadline.dispose();
	}
}

/** Running out of time while polling means the code expired, unless the host cancelled. */
function expiredOr(error: OAuthError, interaction: OAuthLoginInteraction, providerName: string): OAuthError {
	if (interaction.signal?.aborted || error.code !== "timeout") return error;
	return new OAuthError(
		"expired_code",
		`${providerName}: the device code expired before it was approved; run the sign-in again and enter the new code`,
	);
}
