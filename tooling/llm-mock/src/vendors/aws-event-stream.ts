// AWS event-stream framing (application/vnd.amazon.eventstream), as Bedrock's ConverseStream sends
// it. Source: the AWS "Event stream encoding" reference (prelude: total length and headers length
// as big-endian uint32, then a CRC32 of those 8 bytes; headers: name length uint8, name, value type
// uint8 (7 = string), value length uint16, value; then the payload and a CRC32 of everything before
// it), and @smithy/eventstream-codec, which decodes it on the client side.

import { crc32 } from "node:zlib";

/** One event-stream message: string headers and a payload. */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Uint8Array): Uint8Array {
	const headerParts: Buffer[] = [];
	for (const [name, value] of Object.entries(headers)) {
		const nameBytes = Buffer.from(name, "utf8");
		const valueBytes = Buffer.from(value, "utf8");
		const part = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
		let offset = part.writeUInt8(nameBytes.length, 0);
		offset += nameBytes.copy(part, offset);
		offset = part.writeUInt8(7, offset);
		offset = part.writeUInt16BE(valueBytes.length, offset);
		valueBytes.copy(part, offset);
		headerParts.push(part);
	}
	const headerBytes = Buffer.concat(headerParts);
	const total = 12 + headerBytes.length + payload.length + 4;
	const message = Buffer.alloc(total);
	message.writeUInt32BE(total, 0);
	message.writeUInt32BE(headerBytes.length, 4);
	message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
	headerBytes.copy(message, 12);
	Buffer.from(payload).copy(message, 12 + headerBytes.length);
	message.writeUInt32BE(crc32(message.subarray(0, total - 4)), total - 4);
	return message;
}

/** A Bedrock stream event: `:event-type` names it, the payload is its JSON. */
export function eventMessage(eventType: string, body: Record<string, unknown>): Uint8Array {
	return encodeEventStreamMessage(
		{ ":event-type": eventType, ":content-type": "application/json", ":message-type": "event" },
		Buffer.from(JSON.stringify(body), "utf8"),
	);
}

/** A modelled exception inside the stream (`throttlingException`, `internalServerException`…). */
export function exceptionMessage(exceptionType: string, message: string): Uint8Array {
	return encodeEventStreamMessage(
		{ ":exception-type": exceptionType, ":content-type": "application/json", ":message-type": "exception" },
		Buffer.from(JSON.stringify({ message }), "utf8"),
	);
}
