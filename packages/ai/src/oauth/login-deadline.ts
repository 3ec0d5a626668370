import { OAuthError } from "./oauth-error.js";

/**
 * The signal a flow waits on: the host's cancel and the flow's own deadline. `failure()` says
 * which one ended the wait.
 */
export function loginDeadline(
	providerName: string,
	timeoutMs: number,
	hostSignal: AbortSignal | undefined,
): { signal: AbortSignal; failure(): OAuthError; dispose(): void } {
	const controller = new AbortController();
	const timer = setTimeout(() => controller.abort(), timeoutMs);
	const onHostAbort = () => controller.abort();
	hostSignal?.addEventListener("abort", onHostAbort, { once: true });
	if (hostSignal?.aborted) controller.abort();
	return {
		signal: controller.signal,
		failure: () =>
			hostSignal?.aborted
				? new OAuthError("cancelled", `${providerName} sign-in was cancelled`)
				: new OAuthError(
						"timeout",
						`${providerName} sign-in timed out after ${Math.round(timeoutMs / 60_000) || 1} minute(s) without an answer; run it again`,
					),
		dispose: () => {
			clearTimeout(timer);
			hostSignal?.removeEventListener("abort", onHostAbort);
		},
	};
}

/** Rejects when `signal` aborts (with `failure()`), never resolves otherwise. */
export function whenAborted(signal: AbortSignal, failure: () => OAuthError): Promise<never> {
	return new Promise((_, reject) => {
		if (signal.aborted) reject(failure());
		signal.addEventListener("abort", () => reject(failure()), { once: true });
	});
}

/** Waits `ms`, or rejects with `failure()` as soon as `signal` aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal, failure: () => OAuthError): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(failure());
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(failure());
		};
		signal.addEventListener("abort", onAbort, { once: true });
	});
}
