import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getImageDimensions } from "@pi/tui";
import photon from "@silvia-odwyer/photon-node";
import { afterEach, describe, expect, it } from "vitest";
import { fitWithin, resizeImageToFit } from "../../src/core/tools/image-resize.js";
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
