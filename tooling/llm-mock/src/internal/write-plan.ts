import type { ServerResponse } from "node:http";
import type { MockFaults } from "../types.js";
import type { WirePlan } from "./wire-plan.js";

/**
 * Writes a plan to the socket one frame at a time (each frame flushed on its own, as the vendors
 * do), applying the faults: a delay between frames, byte-sized pieces, a dropped socket, a stall
 * (resumed by `resumeWhen`). Resolves when the body is complete, the socket was dropped, or (stall)
 * the client went away.
 */
export async function writePlan(response: ServerResponse, plan: WirePlan, faults: MockFaults): Promise<void> {
	const closed = new Promise<void>((resolve) => response.once("close", () => resolve()));
	const headers = { ...plan.headers };
	if (!plan.stream) {
		headers["content-length"] = String(
			plan.frames.reduce(
				(sum, frame) => sum + (typeof frame === "string" ? Buffer.byteLength(frame) : frame.length),
				0,
			),
		);
	}
	response.writeHead(plan.status, statusMessage(plan.status), headers);
	response.flushHeaders();
	const writer = createPieceWriter(response, faults.splitEveryBytes, closed);
	for (let index = 0; index <= plan.frames.length; index++) {
		if (response.destroyed) return;
		if (index === faults.dropAfterEvents) {
			await writer.flush();
			response.destroy();
			return;
		}
		if (index === faults.stallAfterEvents) {
			await writer.flush();
			if (!faults.resumeWhen) {
				await closed;
				return;
			}
			// A rejection resumes too: the stall must not outlive the test that set it up.
			const resumed = Promise.resolve(faults.resumeWhen).then(
				() => undefined,
				() => undefined,
			);
			await Promise.race([resumed, closed]);
			if (response.destroyed) return;
		}
		const frame = plan.frames[index];
		if (frame === undefined) break;
		if (index > 0 && faults.chunkDelayMs) await waitOrClose(faults.chunkDelayMs, closed);
		await writer.write(typeof frame === "string" ? Buffer.from(frame, "utf8") : Buffer.from(frame));
	}
	await writer.flush();
	if (!response.destroyed) response.end();
}

/** Node has no reason phrase for 529; Anthropic's is "Overloaded" in spirit (HTTP/2 sends none). */
function statusMessage(status: number): string | undefined {
	return status === 529 ? "Overloaded" : undefined;
}

interface PieceWriter {
	write(bytes: Buffer): Promise<void>;
	flush(): Promise<void>;
}

/** Without a piece size every frame is one write; with one, bytes are cut across frame boundaries. */
function createPieceWriter(
	response: ServerResponse,
	pieceSize: number | undefined,
	closed: Promise<void>,
): PieceWriter {
	if (!pieceSize || pieceSize < 1) {
		return { write: (bytes) => writeChunk(response, bytes, closed), flush: async () => {} };
	}
	let pending = Buffer.alloc(0);
	return {
		async write(bytes) {
			pending = Buffer.concat([pending, bytes]);
			while (pending.length >= pieceSize && !response.destroyed) {
				await writeChunk(response, pending.subarray(0, pieceSize), closed);
				pending = pending.subarray(pieceSize);
			}
		},
		async flush() {
			if (pending.length > 0 && !response.destroyed) await writeChunk(response, pending, closed);
			pending = Buffer.alloc(0);
		},
	};
}

/** Writes one chunk, waits until Node handed it to the socket, then yields a turn so writes are not coalesced. */
async function writeChunk(response: ServerResponse, bytes: Buffer, closed: Promise<void>): Promise<void> {
	if (response.destroyed || bytes.length === 0) return;
	const written = new Promise<void>((resolve) => {
		// The callback gets an error when the client has gone; the caller's loop then sees `destroyed`.
		response.write(bytes, () => resolve());
	});
	await Promise.race([written, closed]);
	await new Promise<void>((resolve) => setImmediate(resolve));
}

function waitOrClose(milliseconds: number, closed: Promise<void>): Promise<void> {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, milliseconds);
		void closed.then(() => {
			clearTimeout(timer);
			resolve();
		});
	});
}
