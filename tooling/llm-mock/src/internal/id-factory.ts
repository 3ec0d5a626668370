/**
 * Makes ids that look like the vendors' (prefix, length, alphabet) but are deterministic: a counter
 * per server, so two runs of the same test see the same ids.
 */
export interface IdFactory {
	/** `prefix` followed by `length` characters: the counter in base 36 (alphanumeric). */
	alphanumeric(prefix: string, length: number): string;
	/** `prefix` followed by `length` lower-case hex digits. */
	hex(prefix: string, length: number): string;
	/** A base64-looking opaque token of `length` characters (signatures, encrypted reasoning). */
	opaque(prefix: string, length: number): string;
}

const OPAQUE_FILLER = "TW9ja0xsbU9wYXF1ZVRva2VuRm9yVGVzdHNPbmx5";

/** Creates an id factory whose counter starts at 1. */
export function createIdFactory(): IdFactory {
	let counter = 0;
	const next = (): number => {
		counter += 1;
		return counter;
	};
	return {
		alphanumeric: (prefix, length) => prefix + next().toString(36).padStart(length, "0"),
		hex: (prefix, length) => prefix + next().toString(16).padStart(length, "0"),
		opaque: (prefix, length) => {
			const serial = next().toString(36);
			const body = OPAQUE_FILLER.repeat(Math.ceil(length / OPAQUE_FILLER.length)).slice(0, length - serial.length);
			return prefix + body + serial;
		},
	};
}
