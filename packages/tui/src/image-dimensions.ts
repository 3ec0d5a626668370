/** Pixel size of an image. */
export interface ImageDimensions {
	width: number;
	height: number;
}

function readUint16BE(bytes: Uint8Array, offset: number): number {
	return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

function readUint16LE(bytes: Uint8Array, offset: number): number {
	return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function readUint24LE(bytes: Uint8Array, offset: number): number {
	return readUint16LE(bytes, offset) | ((bytes[offset + 2] ?? 0) << 16);
}

function readUint32BE(bytes: Uint8Array, offset: number): number {
	return readUint16BE(bytes, offset) * 0x10000 + readUint16BE(bytes, offset + 2);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
	return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function pngDimensions(bytes: Uint8Array): ImageDimensions | undefined {
	if (bytes.length < 24 || ascii(bytes, 1, 3) !== "PNG" || ascii(bytes, 12, 4) !== "IHDR") return undefined;
	return { width: readUint32BE(bytes, 16), height: readUint32BE(bytes, 20) };
}

function gifDimensions(bytes: Uint8Array): ImageDimensions | undefined {
	if (bytes.length < 10 || !ascii(bytes, 0, 4).startsWith("GIF8")) return undefined;
	return { width: readUint16LE(bytes, 6), height: readUint16LE(bytes, 8) };
}

const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegDimensions(bytes: Uint8Array): ImageDimensions | undefined {
	if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
	let offset = 2;
	while (offset + 9 < bytes.length) {
		if (bytes[offset] !== 0xff) return undefined;
		const marker = bytes[offset + 1] ?? 0;
		if (marker === 0xff) {
			offset++;
			continue;
		}
		if (JPEG_FRAME_MARKERS.has(marker)) {
			return { width: readUint16BE(bytes, offset + 7), height: readUint16BE(bytes, offset + 5) };
		}
		offset += 2 + readUint16BE(bytes, offset + 2);
	}
	return undefined;
}

function webpDimensions(bytes: Uint8Array): ImageDimensions | undefined {
	if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return undefined;
	const chunk = ascii(bytes, 12, 4);
	if (chunk === "VP8 ") {
		return { width: readUint16LE(bytes, 26) & 0x3fff, height: readUint16LE(bytes, 28) & 0x3fff };
	}
	if (chunk === "VP8L") {
		const b0 = bytes[21] ?? 0;
		const b1 = bytes[22] ?? 0;
		const b2 = bytes[23] ?? 0;
		const b3 = bytes[24] ?? 0;
		return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
	}
	if (chunk === "VP8X") return { width: 1 + readUint24LE(bytes, 24), height: 1 + readUint24LE(bytes, 27) };
	return undefined;
}

/** Reads the pixel size from PNG, JPEG, GIF or WebP bytes; undefined for other or truncated data. */
export function getImageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
	return pngDimensions(bytes) ?? jpegDimensions(bytes) ?? gifDimensions(bytes) ?? webpDimensions(bytes);
}

/** Guesses the MIME type from the magic bytes. */
export function detectImageMimeType(bytes: Uint8Array): string | undefined {
	if (pngDimensions(bytes)) return "image/png";
	if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg";
	if (gifDimensions(bytes)) return "image/gif";
	if (webpDimensions(bytes)) return "image/webp";
	return undefined;
}
