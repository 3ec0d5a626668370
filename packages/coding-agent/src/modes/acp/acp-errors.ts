// Errors as the client sees them: model failures carry the vendor's text with secrets masked.

const SECRET_ENV_NAME = /(API_KEY|TOKEN|SECRET|PASSWORD)$/i;
const KEY_SHAPES: readonly RegExp[] = [
	/\b(?:sk|pk|rk)-[A-Za-z0-9_-]{12,}/g,
	/\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
	/\bAIza[A-Za-z0-9_-]{20,}/g,
];
const KEYED_VALUE = /\b(x-api-key|api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',}]{8,}/gi;

/** Masks credentials in an error text: values of secret environment variables and key shapes. */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
	let result = text;
	for (const [name, value] of Object.entries(env)) {
		if (value && value.length >= 8 && SECRET_ENV_NAME.test(name)) result = result.split(value).join("[redacted]");
	}
	for (const shape of KEY_SHAPES) result = result.replace(shape, "[redacted]");
	return result.replace(KEYED_VALUE, (_match, key: string, separator: string) => `${key}${separator}[redacted]`);
}
