import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/** The GUID RFC 6455 appends to `Sec-WebSocket-Key` for the accept hash. */
const HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** A minimal RFC 6455 server connection: text messages in and out, close. */
export interface MockWebSocket {
	/** Resolves with the next text message, or undefined once the client closed. */
	nextMessage(): Promise<string | undefined>;
	send(text: string): void;
	close(): void;
	/** Drops the TCP connection without a close frame. */
	destroy(): void;
}

/** Completes the upgrade handshake on `socket` (101 Switching Protocols) and returns the connection. */
export function acceptWebSocket(request: IncomingMessage, socket: Duplex, head: Buffer): MockWebSocket {
	const key = String(request.headers["sec-websocket-key"] ?? "");
	const accept = createHash("sha1")
		.update(key + HANDSHAKE_GUID)
		.digest("base64");
	socket.write(
		`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
	);
	let buffer = head.length > 0 ? Buffer.from(head) : Buffer.alloc(0);
	const messages: string[] = [];
	let closed = false;
	let waiter: (() => void) | undefined;
	const wake = (): void => {
		waiter?.();
		waiter = undefined;
	};
	const parse = (): void => {
		while (buffer.length >= 2) {
			const opcode = (buffer[0] ?? 0) & 0x0f;
			const masked = ((buffer[1] ?? 0) & 0x80) !== 0;
			let length = (buffer[1] ?? 0) & 0x7f;
			let offset = 2;
			if (length === 126) {
				if (buffer.length < 4) return;
				length = buffer.readUInt16BE(2);
				offset = 4;
			} else if (length === 127) {
				if (buffer.length < 10) return;
				length = Number(buffer.readBigUInt64BE(2));
				offset = 10;
			}
			const maskOffset = offset;
			if (masked) offset += 4;
			if (buffer.length < offset + length) return;
			const payload = Buffer.from(buffer.subarray(offset, offset + length));
			if (masked) for (let i = 0; i < payload.length; i++) payload[i]! ^= buffer[maskOffset + (i % 4)]!;
			buffer = buffer.subarray(offset + length);
			if (opcode === 0x1) messages.push(payload.toString("utf8"));
			else if (opcode === 0x8) closed = true;
			else if (opcode === 0x9) writeFrame(0xa, payload);
		}
	};
	const writeFrame = (opcode: number, payload: Buffer): void => {
		if (socket.destroyed) return;
		const header =
			payload.length < 126
				? Buffer.from([0x80 | opcode, payload.length])
				: payload.length < 65536
					? Buffer.from([0x80 | opcode, 126, payload.length >> 8, payload.length & 0xff])
					: (() => {
							const long = Buffer.alloc(10);
							long[0] = 0x80 | opcode;
							long[1] = 127;
							long.writeBigUInt64BE(BigInt(payload.length), 2);
							return long;
						})();
		socket.write(Buffer.concat([header, payload]));
	};
	socket.on("data", (chunk: Buffer) => {
		buffer = Buffer.concat([buffer, chunk]);
		parse();
		wake();
	});
	socket.on("close", () => {
		closed = true;
		wake();
	});
	socket.on("error", () => {
		closed = true;
		wake();
	});
	parse();
	return {
		async nextMessage() {
			while (messages.length === 0 && !closed) {
				await new Promise<void>((resolve) => {
					waiter = resolve;
				});
			}
			return messages.shift();
		},
		send: (text) => writeFrame(0x1, Buffer.from(text, "utf8")),
		close: () => {
			writeFrame(0x8, Buffer.from([0x03, 0xe8]));
			socket.end();
		},
		destroy: () => socket.destroy(),
	};
}
