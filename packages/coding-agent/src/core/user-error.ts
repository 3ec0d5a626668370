/**
 * Base class of every mistake a user or host can make and fix (a bad flag, an unknown model, no
 * credentials, a malformed file): hosts catch `PiUserError` to show `message` as is, and treat any
 * other thrown error as a bug. `code` is stable across releases; `message` may be reworded.
 */
export class PiUserError extends Error {
	readonly code: string;

	constructor(code: string, message: string, options?: { cause?: unknown }) {
		super(message, options);
		this.name = "PiUserError";
		this.code = code;
	}
}

/** True for errors a user can fix (see `PiUserError`). */
export function isPiUserError(error: unknown): error is PiUserError {
	return error instanceof PiUserError;
}
