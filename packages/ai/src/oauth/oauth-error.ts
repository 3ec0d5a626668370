/** Why a sign-in or a token refresh failed; each has one message that says what to do. */
export type OAuthErrorCode =
	| "denied"
	| "expired_code"
	| "state_mismatch"
	| "port_in_use"
	| "clock_skew"
	| "revoked"
	| "offline"
	| "timeout"
	| "cancelled"
	| "bad_response"
	| "unsupported_method";

/** A failed sign-in or refresh. `code` is stable; `message` names the provider and the fix. */
export class OAuthError extends Error {
	override readonly name = "OAuthError";
	constructor(
		readonly code: OAuthErrorCode,
		message: string,
	) {
		super(message);
	}
}

export function isOAuthError(error: unknown): error is OAuthError {
	return error instanceof OAuthError;
}
