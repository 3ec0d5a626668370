import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { stripAnsi } from "../../src/ansi.js";
import { Image } from "../../src/components/image.js";
import { detectImageMimeType, getImageDimensions } from "../../src/image-dimensions.js";
import { detectImageProtocol, encodeKittyImage, KITTY_CHUNK_SIZE } from "../../src/terminal-image.js";
import { createHarness, StaticLines } from "../support/harness.js";

beforeAll(() => {
	chalk.level = 3;
});

function png(width: number, height: number, extra = 0): Uint8Array {
	const bytes = new Uint8Array(33 + extra);
	bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
	new DataView(bytes.buffer).setUint32(16, width);
	new DataView(bytes.buffer).setUint32(20, height);
	for (let index = 33; index < bytes.length; index++) bytes[index] = index % 251;
	return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
	const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
	const sof = [
		0xff,
		0xc0,
		0x00,
		0x11,
		0x08,
		height >> 8,
		height & 0xff,
		width >> 8,
		width & 0xff,
		3,
		...new Array(9).fill(0),
	];
	return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

function gif(width: number, height: number): Uint8Array {
	return new Uint8Array([...Buffer.from("GIF89a"), width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0]);
}

function webp(chunk: "VP8X" | "VP8L" | "VP8 ", width: number, height: number): Uint8Array {
	const bytes = new Uint8Array(40);
	bytes.set(Buffer.from("RIFF"), 0);
	bytes.set(Buffer.from("WEBP"), 8);
	bytes.set(Buffer.from(chunk), 12);
	const view = new DataView(bytes.buffer);
	if (chunk === "VP8X") {
		view.setUint16(24, (width - 1) & 0xffff, true);
		bytes[26] = (width - 1) >> 16;
		view.setUint16(27, (height - 1) & 0xffff, true);
		bytes[29] = (height - 1) >> 16;
	} else if (chunk === "VP8L") {
		bytes[20] = 0x2f;
		const bits = (width - 1) | ((height - 1) << 14);
		view.setUint32(21, bits, true);
	} else {
		view.setUint16(26, width, true);
		view.setUint16(28, height, true);
	}
	return bytes;
}

describe("getImageDimensions", () => {
	it.each([
		["png", png(640, 480), { width: 640, height: 480 }, "image/png"],
		["jpeg", jpeg(1920, 1080), { width: 1920, height: 1080 }, "image/jpeg"],
		["gif", gif(320, 200), { width: 320, height: 200 }, "image/gif"],
		["webp VP8X", webp("VP8X", 70000, 300), { width: 70000, height: 300 }, "image/webp"],
		["webp VP8L", webp("VP8L", 1000, 2000), { width: 1000, height: 2000 }, "image/webp"],
		["webp VP8", webp("VP8 ", 800, 600), { width: 800, height: 600 }, "image/webp"],
	])("reads %s headers", (_name, bytes, dimensions, mime) => {
		expect(getImageDimensions(bytes)).toEqual(dimensions);
		expect(detectImageMimeType(bytes)).toBe(mime);
	});

	it("returns undefined for other or truncated data", () => {
		expect(getImageDimensions(new Uint8Array([1, 2, 3]))).toBeUndefined();
		expect(getImageDimensions(png(10, 10).slice(0, 20))).toBeUndefined();
	});
});

describe("detectImageProtocol", () => {
	it.each([
		[{ TERM: "xterm-kitty" }, "kitty"],
		[{ KITTY_WINDOW_ID: "1" }, "kitty"],
		[{ TERM_PROGRAM: "ghostty" }, "kitty"],
		[{ TERM_PROGRAM: "iTerm.app" }, "iterm2"],
		[{ TERM_PROGRAM: "WezTerm" }, "iterm2"],
		[{ TERM: "xterm-256color" }, undefined],
		[{ TERM: "xterm-kitty", TMUX: "/tmp/tmux" }, undefined],
	])("%j → %s", (env, protocol) => {
		expect(detectImageProtocol(env)).toBe(protocol);
	});
});

describe("encodeKittyImage", () => {
	it("splits the base64 payload into 4096-byte chunks with m=1 until the last", () => {
		const payload = "A".repeat(KITTY_CHUNK_SIZE * 2 + 10);
		const sequence = encodeKittyImage(payload, { columns: 10, rows: 4 });
		const chunks = sequence.split("\x1b\\").filter(Boolean);
		expect(chunks).toHaveLength(3);
		expect(chunks[0]).toBe(`\x1b_Ga=T,f=100,q=2,C=1,c=10,r=4,m=1;${"A".repeat(KITTY_CHUNK_SIZE)}`);
		expect(chunks[1]).toBe(`\x1b_Gm=1;${"A".repeat(KITTY_CHUNK_SIZE)}`);
		expect(chunks[2]).toBe(`\x1b_Gm=0;${"A".repeat(10)}`);
	});
});

describe("Image", () => {
	it("renders a placeholder with type and size when the terminal has no image protocol", async () => {
		const { tui, settle, terminal } = createHarness(40, 4);
		tui.addChild(new Image(png(640, 480), "image/png", { protocol: "none" }));
		tui.requestRender();
		await settle();
		expect(terminal.getViewport()[0]).toBe("[image: image/png 640x480]");
		expect(terminal.getCell(0, 0)).toMatchObject({ char: "[", dim: true });
		expect(terminal.getCell(0, 25)).toMatchObject({ char: "]", dim: true });
	});

	it("reserves rows and emits a kitty sequence on the last one", async () => {
		const bytes = png(200, 100, 5000);
		const image = new Image(bytes, "image/png", { protocol: "kitty", cellSize: { width: 10, height: 20 } });
		const lines = image.render(80);
		// 200px = 20 columns; 20 columns * 10px * (100/200) / 20px = 5 rows.
		expect(lines).toHaveLength(5);
		expect(lines.slice(0, 4)).toEqual(["", "", "", ""]);
		const base64 = Buffer.from(bytes).toString("base64");
		expect(lines[4]).toBe(`\x1b[4A${encodeKittyImage(base64, { columns: 20, rows: 5 })}\x1b[4B`);
		const { tui, settle, terminal } = createHarness(40, 10);
		tui.addChild(image);
		tui.addChild(new StaticLines(["after"]));
		tui.requestRender();
		await settle();
		expect(terminal.getViewport().slice(0, 6)).toEqual(["", "", "", "", "", "after"]);
	});

	it("falls back to the placeholder for non-PNG images on kitty", () => {
		const image = new Image(jpeg(100, 100), "image/jpeg", { protocol: "kitty" });
		expect(image.render(40).map((line) => stripAnsi(line))).toEqual(["[image: image/jpeg 100x100]"]);
	});

	it("emits an iTerm2 inline image, limited by maxHeight keeping the aspect ratio", () => {
		const bytes = jpeg(100, 1000);
		const image = new Image(bytes, "image/jpeg", { protocol: "iterm2", maxHeight: 10, name: "a.jpg" });
		const lines = image.render(80);
		expect(lines).toHaveLength(10);
		const base64 = Buffer.from(bytes).toString("base64");
		expect(lines[9]).toBe(
			`\x1b[9A\x1b]1337;File=inline=1;name=${Buffer.from("a.jpg").toString("base64")};size=${bytes.length};width=2;height=10;preserveAspectRatio=1:${base64}\x07`,
		);
	});

	it("accepts base64 input", () => {
		const bytes = png(30, 30);
		const image = new Image(Buffer.from(bytes).toString("base64"), "image/png", { protocol: "none" });
		expect(image.getDimensions()).toEqual({ width: 30, height: 30 });
	});
});
