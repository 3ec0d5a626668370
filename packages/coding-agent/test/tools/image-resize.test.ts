import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getImageDimensions } from "@pi/tui";
import photon from "@silvia-odwyer/photon-node";
import { afterEach, describe, expect, it } from "vitest";
import { fitWithin, resizeImageContents, resizeImageToFit } from "../../src/core/tools/image-resize.js";
import { createReadTool } from "../../src/core/tools/read.js";
import { makeTempDir, removeTempDirs } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

function png(width: number, height: number): Uint8Array {
	const pixels = new Uint8Array(width * height * 4).fill(200);
	const image = new photon.PhotonImage(pixels, width, height);
	try {
		return image.get_bytes();
	} finally {
		image.free();
	}
}

function imageOf(result: Awaited<ReturnType<ReturnType<typeof createReadTool>["execute"]>>) {
	const block = result.content.find((item) => item.type === "image");
	if (block?.type !== "image") throw new Error("no image block");
	return { bytes: new Uint8Array(Buffer.from(block.data, "base64")), mimeType: block.mimeType };
}

describe("image auto-resize (images.autoResize)", () => {
	it("fits sizes inside the box keeping the aspect ratio", () => {
		expect(fitWithin(3000, 1000, 2000)).toEqual({ width: 2000, height: 667 });
		expect(fitWithin(100, 50, 2000)).toEqual({ width: 100, height: 50 });
	});

	it("downscales a read image larger than 2000×2000 and says so", async () => {
		const dir = makeTempDir(created);
		writeFileSync(join(dir, "wide.png"), png(3000, 1000));
		const result = await createReadTool(dir).execute("1", { path: "wide.png" }, undefined);
		const image = imageOf(result);
		expect(getImageDimensions(image.bytes)).toMatchObject({ width: 2000, height: 667 });
		expect(image.mimeType).toBe("image/png");
		expect(result.content[0]).toEqual({
			type: "text",
			text: "Read image file [image/png]\n[Image resized from 3000x1000 to 2000x667 to fit 2000x2000]",
		});
	});

	it("leaves small images and disabled auto-resize alone", async () => {
		const dir = makeTempDir(created);
		const small = png(40, 30);
		writeFileSync(join(dir, "small.png"), small);
		expect(await resizeImageToFit({ data: small, mimeType: "image/png" }, 2000)).toBeUndefined();
		const big = png(2500, 2500);
		writeFileSync(join(dir, "big.png"), big);
		const result = await createReadTool(dir, { autoResizeImages: false }).execute("1", { path: "big.png" }, undefined);
		expect(getImageDimensions(imageOf(result).bytes)).toMatchObject({ width: 2500, height: 2500 });
	});
});

/** A PNG of random pixels: it does not compress, so its size is what a byte budget acts on. */
function noisyPng(width: number, height: number): Uint8Array {
	const pixels = new Uint8Array(width * height * 4);
	for (let index = 0; index < pixels.length; index++) pixels[index] = index % 4 === 3 ? 255 : (index * 7919) % 251;
	const image = new photon.PhotonImage(pixels, width, height);
	try {
		return image.get_bytes();
	} finally {
		image.free();
	}
}

describe("the model's inputLimits.images.resize (pi 1.4)", () => {
	it("fits a separate width and height", () => {
		expect(fitWithin(300, 200, 100, 50)).toEqual({ width: 75, height: 50 });
	});

	it("the read tool encodes for the model of the moment: its pixel box and byte budget", async () => {
		const dir = makeTempDir(created);
		writeFileSync(join(dir, "photo.png"), png(300, 200));
		let limits: { maxWidth?: number; maxHeight?: number; maxBytes?: number } | undefined = {
			maxWidth: 100,
			maxHeight: 100,
		};
		const read = createReadTool(dir, { imageLimits: () => limits });
		let result = await read.execute("1", { path: "photo.png" }, undefined);
		expect(getImageDimensions(imageOf(result).bytes)).toMatchObject({ width: 100, height: 67 });
		expect(result.content[0]).toMatchObject({ text: expect.stringContaining("to 100x67 to fit 100x100") });
		// Another model without limits: the defaults (2000×2000) leave it alone.
		limits = undefined;
		result = await read.execute("2", { path: "photo.png" }, undefined);
		expect(getImageDimensions(imageOf(result).bytes)).toMatchObject({ width: 300, height: 200 });
		// A byte budget alone: the image is re-encoded (and shrunk) until its base64 fits.
		writeFileSync(join(dir, "noise.png"), noisyPng(400, 400));
		limits = { maxBytes: 20_000 };
		result = await read.execute("3", { path: "noise.png" }, undefined);
		const image = imageOf(result);
		expect(Buffer.from(image.bytes).toString("base64").length).toBeLessThan(20_000);
		expect(image.mimeType).toBe("image/jpeg");
	});

	it("prompt images are resized too; images that fit come back as they were", async () => {
		const small = { type: "image" as const, data: Buffer.from(png(40, 30)).toString("base64"), mimeType: "image/png" };
		const images = [small];
		expect(await resizeImageContents(images, { maxWidth: 64, maxHeight: 64 })).toBe(images);
		const big = { type: "image" as const, data: Buffer.from(png(640, 320)).toString("base64"), mimeType: "image/png" };
		const [resized] = await resizeImageContents([big], { maxWidth: 64, maxHeight: 64 });
		expect(getImageDimensions(new Uint8Array(Buffer.from(resized?.data ?? "", "base64")))).toMatchObject({
			width: 64,
			height: 32,
		});
	});
});
