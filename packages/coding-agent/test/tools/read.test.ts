import { writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createReadTool, type ImageResizer } from "../../src/core/tools/read.js";
import { MAX_BYTES } from "../../src/core/tools/truncate.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

const numbered = (count: number): string => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");
const PNG_1X1 = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
	"base64",
);

function setup() {
	const dir = makeTempDir(created);
	const tool = createReadTool(dir);
	const read = (params: { path: string; offset?: number; limit?: number }) => tool.execute("call", params, undefined);
	return { dir, tool, read };
}

describe("read tool: text files", () => {
	it("returns a small file unchanged, with no details.truncation", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "a.txt"), "hello\nworld\n");
		const result = await read({ path: "a.txt" });
		expect(textOf(result)).toBe("hello\nworld\n");
		expect(result.details?.truncation).toBeUndefined();
	});

	it("ends with the file's final newline only when the text reaches the end of the file (as pi 1.4)", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "nl.txt"), "a\nb\nc\n");
		writeFileSync(join(dir, "no-nl.txt"), "a\nb\nc");
		writeFileSync(join(dir, "blank-last.txt"), "a\n\n");
		expect(textOf(await read({ path: "nl.txt" }))).toBe("a\nb\nc\n");
		expect(textOf(await read({ path: "no-nl.txt" }))).toBe("a\nb\nc");
		expect(textOf(await read({ path: "blank-last.txt" }))).toBe("a\n\n");
		expect(textOf(await read({ path: "nl.txt", offset: 3 }))).toBe("c\n");
		expect(textOf(await read({ path: "nl.txt", offset: 2, limit: 1 }))).toBe(
			"b\n\n[Showing lines 2-2 of 3. Use offset=3 to continue.]",
		);
		expect(textOf(await read({ path: "nl.txt", offset: 2, limit: 2 }))).toBe("b\nc\n");
	});

	it("selects lines with offset and limit and hints at the continuation", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "a.txt"), numbered(10));
		const result = await read({ path: "a.txt", offset: 3, limit: 2 });
		expect(textOf(result)).toBe("line 3\nline 4\n\n[Showing lines 3-4 of 10. Use offset=5 to continue.]");
		expect(textOf(await read({ path: "a.txt", offset: 9 }))).toBe("line 9\nline 10");
	});

	it("truncates at 2000 lines with a continuation hint and details", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "big.txt"), numbered(2500));
		const result = await read({ path: "big.txt" });
		const text = textOf(result);
		expect(text.endsWith("line 2000\n\n[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]")).toBe(true);
		expect(result.details?.truncation).toMatchObject({
			truncated: true,
			truncatedBy: "lines",
			totalLines: 2500,
			outputLines: 2000,
			maxLines: 2000,
			maxBytes: MAX_BYTES,
		});
	});

	it("truncates at 50 KiB and says so in the hint", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "wide.txt"), Array.from({ length: 100 }, () => "x".repeat(1000)).join("\n"));
		const text = textOf(await read({ path: "wide.txt" }));
		expect(text).toContain("[Showing lines 1-51 of 100 (50KB limit). Use offset=52 to continue.]");
	});

	it("tells the model to use bash when the first selected line alone exceeds 50 KiB", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "long.txt"), `short\n${"z".repeat(MAX_BYTES * 2)}\nafter\n`);
		const result = await read({ path: "long.txt", offset: 2 });
		expect(textOf(result)).toBe(
			"[Line 2 is 100KB, exceeds the 50KB limit. Use bash: sed -n '2p' long.txt | head -c 51200]",
		);
		expect(result.details?.truncation?.firstLineExceedsLimit).toBe(true);
	});

	it("reports an offset beyond the end of the file", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "a.txt"), numbered(3));
		expect(await errorMessageOf(read({ path: "a.txt", offset: 10 }))).toBe(
			"Offset 10 is beyond end of file (3 lines total)",
		);
	});

	it("marks an empty file instead of returning empty text", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "empty.txt"), "");
		expect(textOf(await read({ path: "empty.txt" }))).toBe("(empty file)");
	});

	it("replaces invalid UTF-8 bytes with U+FFFD instead of failing", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0xfe, 0x41]));
		expect(textOf(await read({ path: "latin1.txt" }))).toBe("caf\uFFFD\n\uFFFD\uFFFDA");
	});

	it("hides a UTF-8 BOM and keeps CRLF lines intact", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "bom.txt"), "\uFEFFone\r\ntwo\r\n");
		expect(textOf(await read({ path: "bom.txt" }))).toBe("one\r\ntwo\r\n");
	});

	it("accepts @-prefixed and absolute paths", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "a.txt"), "x");
		expect(textOf(await read({ path: "@a.txt" }))).toBe("x");
		expect(textOf(await read({ path: join(dir, "a.txt") }))).toBe("x");
	});
});

describe("read tool: hostile input", () => {
	it("fails clearly for a missing file and for a directory", async () => {
		const { dir, read } = setup();
		expect(await errorMessageOf(read({ path: "nope.txt" }))).toBe("File not found: nope.txt");
		expect(await errorMessageOf(read({ path: "." }))).toContain("Is a directory: .");
		expect(dir).toBeTruthy();
	});

	it("refuses binary files", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "blob.bin"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02]));
		expect(await errorMessageOf(read({ path: "blob.bin" }))).toMatch(/^Cannot read binary file: blob\.bin/);
	});

	it("reads the head of a 100 MB file without loading it, with the right totals in the hint", async () => {
		const { dir, read } = setup();
		const path = join(dir, "huge.txt");
		const lineText = `${"a".repeat(99)}\n`; // 100 bytes per line
		const block = Buffer.from(lineText.repeat(10_000)); // 1 MB
		const handle = await open(path, "w");
		for (let i = 0; i < 100; i++) await handle.write(block);
		await handle.close();
		const heapBefore = process.memoryUsage().heapUsed;
		const result = await read({ path: "huge.txt" });
		const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
		const text = textOf(result);
		expect(text.endsWith("[Showing lines 1-512 of 1000000 (50KB limit). Use offset=513 to continue.]")).toBe(true);
		expect(result.details?.truncation).toMatchObject({ truncatedBy: "bytes", totalLines: 1_000_000, outputLines: 512 });
		// A 100 MB file decoded into a string would take ≥100 MB of heap; streaming stays far below.
		expect(heapGrowth).toBeLessThan(50 * 1024 * 1024);
		const tail = await read({ path: "huge.txt", offset: 999_999 });
		expect(textOf(tail)).toBe(`${"a".repeat(99)}\n${"a".repeat(99)}\n`);
	});

	it("stops with Operation aborted when the signal is aborted", async () => {
		const { dir, tool } = setup();
		writeFileSync(join(dir, "a.txt"), "x");
		const controller = new AbortController();
		controller.abort();
		expect(await errorMessageOf(tool.execute("c", { path: "a.txt" }, controller.signal))).toBe("Operation aborted");
	});
});

describe("read tool: images", () => {
	it("detects images by content and returns an image block", async () => {
		const { dir, read } = setup();
		writeFileSync(join(dir, "picture.dat"), PNG_1X1);
		const result = await read({ path: "picture.dat" });
		expect(result.content[0]).toEqual({ type: "text", text: "Read image file [image/png]" });
		expect(result.content[1]).toEqual({ type: "image", mimeType: "image/png", data: PNG_1X1.toString("base64") });
	});

	it("resizes through the injected resizer when auto-resize is on, and not when off", async () => {
		const dir = makeTempDir(created);
		writeFileSync(join(dir, "p.png"), PNG_1X1);
		const resizer: ImageResizer = async () => ({
			data: Buffer.from("small"),
			mimeType: "image/jpeg",
			note: "[resized]",
		});
		const on = await createReadTool(dir, { resizeImage: resizer }).execute("c", { path: "p.png" }, undefined);
		expect(on.content[0]).toEqual({ type: "text", text: "Read image file [image/jpeg]\n[resized]" });
		expect(on.content[1]).toMatchObject({ mimeType: "image/jpeg", data: Buffer.from("small").toString("base64") });
		const off = await createReadTool(dir, { resizeImage: resizer, autoResizeImages: false }).execute(
			"c",
			{ path: "p.png" },
			undefined,
		);
		expect(off.content[1]).toMatchObject({ mimeType: "image/png" });
	});
});
