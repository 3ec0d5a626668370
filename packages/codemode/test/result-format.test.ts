import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatScriptResult, limitText } from "../src/result-format.js";

function joined(content: ReturnType<typeof formatScriptResult>): string {
	return content.map((block) => (block.type === "text" ? block.text : `<image ${block.mimeType}>`)).join("\n");
}

describe("the codemode result", () => {
	it("status, wall time, text items numbered, console block last", () => {
		const text = joined(
			formatScriptResult({
				ok: true,
				wallTimeMs: 1234,
				output: [
					{ kind: "console", text: "log" },
					{ kind: "text", text: "a" },
					{ kind: "text", text: "b" },
				],
				calls: [],
				maxOutputTokens: 10_000,
			}),
		);
		expect(text).toBe(
			"Script completed\nWall time 1.2 seconds\nOutput:\n\n==> text 1/2 <==\na\n==> text 2/2 <==\nb\n<console_output>\nlog\n</console_output>",
		);
	});

	it("a failure keeps the partial output, then the error and the calls that ran", () => {
		const text = joined(
			formatScriptResult({
				ok: false,
				wallTimeMs: 0,
				output: [{ kind: "text", text: "partial" }],
				error: "Error: boom",
				calls: [
					{ id: "c/1", name: "read", args: "{}", status: "ok" },
					{ id: "c/2", name: "bash", args: "{}", status: "running" },
				],
				maxOutputTokens: 10_000,
			}),
		);
		expect(text).toBe(
			"Script failed\nWall time 0.0 seconds\nOutput:\n\npartial\nScript error:\nError: boom\n\nTool calls made before the failure (they are not undone): read (ok), bash (cancelled)",
		);
	});

	it("an image is saved to a temp file named with its type and size, before the image", () => {
		const content = formatScriptResult({
			ok: true,
			wallTimeMs: 0,
			output: [{ kind: "image", data: Buffer.from("0123456789").toString("base64"), mimeType: "image/png" }],
			calls: [],
			maxOutputTokens: 10_000,
		});
		const note = content[1]?.type === "text" ? content[1].text : "";
		const match = /^\[Image saved to (\S+\.png) \(image\/png, 10B\)\]$/.exec(note);
		expect(match).not.toBeNull();
		expect(readFileSync(match?.[1] ?? "", "utf8")).toBe("0123456789");
		expect(content[2]).toMatchObject({ type: "image", mimeType: "image/png" });
	});

	it("long output keeps its start and end with the token counts; the full text is in a file", () => {
		const text = `${"a".repeat(50)}\n${"b".repeat(49)}`;
		const limited = limitText(text, 40);
		const match =
			/^Warning: truncated output \(original token count: 25\)\nTotal output lines: 2\n\na{20}…15 tokens truncated…b{20}\n\n\[Full output: (\S+) \(read with offset\/limit\)\]$/.exec(
				limited,
			);
		expect(match).not.toBeNull();
		expect(existsSync(match?.[1] ?? "") && readFileSync(match?.[1] ?? "", "utf8")).toBe(text);
		expect(limitText("short", 40)).toBe("short");
	});
});
