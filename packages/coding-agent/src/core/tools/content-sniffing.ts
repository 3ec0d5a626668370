/**
 * Recognises file kinds from their first bytes, never from the extension (configuration.md §8:
 * images are "detected by content").
 */

/** Bytes to read from the start of a file before calling the functions below. */
export const SNIFF_BYTES = 8192;

/** Image types the `read` tool returns as image content. */
export type SupportedImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image MIME type whose signature `header` starts with, or `undefined`. */
export function detectImageMimeType(header: Uint8Array): SupportedImageMimeType | undefined {
	if (startsWith(header, PNG_SIGNATURE)) return "image/png";
	if (startsWith(header, [0xff, 0xd8, 0xff])) return "image/jpeg";
	if (startsWithAscii(header, 0, "GIF87a") || startsWithAscii(header, 0, "GIF89a")) return "image/gif";
	if (startsWithAscii(header, 0, "RIFF") && startsWithAscii(header, 8, "WEBP")) return "image/webp";
	return undefined;
}

/**
 * True when `sample` looks like binary data: it contains a NUL byte (the heuristic git and
 * ripgrep use). Text in any ASCII-compatible encoding, valid or not, is not binary.
 */
export function isBinarySample(sample: Uint8Array): boolean {
	return sample.includes(0);
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
	return signature.every((value, index) => bytes[index] === value);
}

function startsWithAscii(bytes: Uint8Array, offset: number, text: string): boolean {
	for (let index = 0; index < text.length; index++) {
		if (bytes[offset + index] !== text.charCodeAt(index)) return false;
	}
	return true;
}
