import { inflateSync } from "node:zlib";

/** Decoded 8-bit RGB(A) PNG: width, height and `rgb(x, y)` as `#rrggbb`. */
export interface PngPixels {
	width: number;
	height: number;
	/** Counts of each colour, `#rrggbb` → pixels. */
	histogram: Map<string, number>;
}

function paeth(left: number, up: number, upLeft: number): number {
	const estimate = left + up - upLeft;
	const toLeft = Math.abs(estimate - left);
	const toUp = Math.abs(estimate - up);
	const toUpLeft = Math.abs(estimate - upLeft);
	if (toLeft <= toUp && toLeft <= toUpLeft) return left;
	return toUp <= toUpLeft ? up : upLeft;
}

/** Decodes the PNGs Chromium writes for screenshots (8-bit RGB or RGBA, not interlaced). */
export function decodePng(png: Buffer): PngPixels {
	if (png.toString("latin1", 1, 4) !== "PNG") throw new Error("not a PNG");
	let offset = 8;
	let width = 0;
	let height = 0;
	let channels = 0;
	const data: Buffer[] = [];
	while (offset < png.length) {
		const length = png.readUInt32BE(offset);
		const type = png.toString("latin1", offset + 4, offset + 8);
		const body = png.subarray(offset + 8, offset + 8 + length);
		if (type === "IHDR") {
			width = body.readUInt32BE(0);
			height = body.readUInt32BE(4);
			const [bitDepth, colorType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
			if (bitDepth !== 8 || interlace !== 0 || (colorType !== 2 && colorType !== 6)) {
				throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`);
			}
			channels = colorType === 6 ? 4 : 3;
		} else if (type === "IDAT") data.push(body);
		offset += 12 + length;
	}
	const raw = inflateSync(Buffer.concat(data));
	const stride = width * channels;
	const previous = new Uint8Array(stride);
	const row = new Uint8Array(stride);
	const histogram = new Map<string, number>();
	for (let y = 0; y < height; y++) {
		const start = y * (stride + 1);
		const filter = raw[start];
		for (let x = 0; x < stride; x++) {
			const value = raw[start + 1 + x] ?? 0;
			const left = x >= channels ? (row[x - channels] ?? 0) : 0;
			const up = previous[x] ?? 0;
			const upLeft = x >= channels ? (previous[x - channels] ?? 0) : 0;
			const predicted =
				filter === 1
					? left
					: filter === 2
						? up
						: filter === 3
							? (left + up) >> 1
							: filter === 4
								? paeth(left, up, upLeft)
								: 0;
			row[x] = (value + predicted) & 0xff;
		}
		for (let x = 0; x < stride; x += channels) {
			const colour = `#${[row[x], row[x + 1], row[x + 2]].map((byte) => (byte ?? 0).toString(16).padStart(2, "0")).join("")}`;
			histogram.set(colour, (histogram.get(colour) ?? 0) + 1);
		}
		previous.set(row);
	}
	return { width, height, histogram };
}
