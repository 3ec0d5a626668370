import type { Readable } from "node:stream";

/**
 * stdin as a byte stream for the SDK, after its first line was read here (the `initialize`
 * request an editor sends at once). `firstLine` is undefined when stdin ended without one; the
 * bytes after it — and, when `keepFirstLine`, the line itself — come first on `stream`.
 */
export interface SplitInput {
	firstLine: string | undefined;
	stream(keepFirstLine: boolean): ReadableStream<Uint8Array>;
}

export function readFirstLine(input: Readable): Promise<SplitInput> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let ended = false;
		const later: Buffer[] = [];
		let sink: ((chunk: Buffer) => void) | undefined;
		let closeSink: (() => void) | undefined;
		let found = false;
		const onData = (chunk: Buffer): void => {
			if (found) {
				if (sink) sink(chunk);
				else later.push(chunk);
				return;
			}
			chunks.push(chunk);
			if (chunk.includes(10)) finish();
		};
		const onEnd = (): void => {
			ended = true;
			if (!found) finish();
			closeSink?.();
		};
		const finish = (): void => {
			found = true;
			const all = Buffer.concat(chunks);
			const newline = all.indexOf(10);
			const firstLine = newline >= 0 ? all.subarray(0, newline).toString("utf8") : undefined;
			resolve({
				firstLine,
				stream: (keepFirstLine) =>
					new ReadableStream<Uint8Array>({
						start(controller) {
							const head = keepFirstLine || newline < 0 ? all : all.subarray(newline + 1);
							if (head.length > 0) controller.enqueue(head);
							for (const chunk of later.splice(0)) controller.enqueue(chunk);
							if (ended) {
								controller.close();
								return;
							}
							sink = (chunk) => controller.enqueue(chunk);
							closeSink = () => controller.close();
						},
					}),
			});
		};
		input.on("data", onData);
		input.on("end", onEnd);
	});
}
