// randomFillSync, not getRandomValues: on Node 20 the latter is a getter that loads WebCrypto.
import { randomFillSync } from "node:crypto";

/**
 * A time-ordered UUID (RFC 9562 version 7): 48 bits of Unix milliseconds, then random bits.
 * Ids made later sort later, which keeps appended records in creation order.
 */
export function uuidv7(timestampMs: number = Date.now()): string {
	const bytes = randomFillSync(new Uint8Array(16));
	const time = Math.max(0, Math.floor(timestampMs));
	for (let index = 0; index < 6; index++) bytes[index] = Math.floor(time / 2 ** (8 * (5 - index))) & 0xff;
	bytes[6] = (bytes[6]! & 0x0f) | 0x70;
	bytes[8] = (bytes[8]! & 0x3f) | 0x80;
	const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
