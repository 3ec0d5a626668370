import { createHash, randomBytes } from "node:crypto";

/** A PKCE pair (RFC 7636, S256): the verifier stays here, the challenge goes in the authorize URL. */
export interface Pkce {
	verifier: string;
	challenge: string;
}

export function createPkce(): Pkce {
	const verifier = randomBytes(32).toString("base64url");
	return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
	return createHash("sha256").update(verifier).digest("base64url");
}

/** An unguessable `state` value (checked on the callback against cross-site request forgery). */
export function createState(): string {
	return randomBytes(16).toString("base64url");
}
