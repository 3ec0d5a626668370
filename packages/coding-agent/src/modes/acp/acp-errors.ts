import { redactSecrets as redactKnownSecrets } from "@pi/ai";

// Errors as the client sees them: model failures carry the vendor's text with secrets masked.

const SECRET_ENV_NAME = /(API_KEY|TOKEN|SECRET|PASSWORD)$/i;

/**
 * Masks credentials in an error text: pi's key shapes, bearer tokens and key fields (ai's
 * `redactSecrets`), plus the values of secret-looking environment variables of this process.
 */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
	const known = Object.entries(env).flatMap(([name, value]) => (SECRET_ENV_NAME.test(name) && value ? [value] : []));
	return redactKnownSecrets(text, known);
}
