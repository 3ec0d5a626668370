// The codemode tool result the model reads: status, wall time, the output in order, console
// lines, and for a failure the error and the tool calls that already ran.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImageContent, TextContent } from "@pi/ai";
import { formatSize } from "@pi/coding-agent";
import type { OutputItem } from "./sandbox/protocol.js";

/** One nested call as the result and `details` record it. */
export interface NestedCallRecord {
	id: string;
	name: string;
	/** The arguments as JSON text. */
	args: string;
	status: "running" | "ok" | "error" | "cancelled";
	durationMs?: number;
	error?: string;
}

/** `details` of a codemode result: the nested calls the script made, in order. */
export interface CodemodeDetails {
	calls: NestedCallRecord[];
}

/** Everything the result is made from. */
export interface ScriptReport {
	ok: boolean;
	wallTimeMs: number;
	output: readonly OutputItem[];
	error?: string;
	calls: readonly NestedCallRecord[];
	/** Estimated tokens (characters / 4) of text the model may see. */
	maxOutputTokens: number;
}

const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
	"image/png": "png",
	"image/jpeg": "jpg",
	"image/gif": "gif",
	"image/webp": "webp",
};

/** Where full outputs and images go: one folder per pi process under the OS temp folder. */
function tempFile(extension: string): string {
	const dir = join(tmpdir(), `pi-codemode-${process.pid}`);
	mkdirSync(dir, { recursive: true });
	return join(dir, `${randomUUID()}.${extension}`);
}

/** The text body (texts, image notes, console block) and the images, in order. */
function renderOutput(output: readonly OutputItem[]): { blocks: (TextContent | ImageContent)[] } {
	const texts = output.filter((item) => item.kind === "text");
	const consoleLines = output.flatMap((item) => (item.kind === "console" ? [item.text] : []));
	const blocks: (TextContent | ImageContent)[] = [];
	let pending: string[] = [];
	const flush = () => {
		if (pending.length > 0) blocks.push({ type: "text", text: pending.join("\n") });
		pending = [];
	};
	let textIndex = 0;
	for (const item of output) {
		if (item.kind === "text") {
			textIndex++;
			if (texts.length > 1) pending.push(`==> text ${textIndex}/${texts.length} <==`);
			pending.push(item.text);
		} else if (item.kind === "image") {
			const path = tempFile(IMAGE_EXTENSIONS[item.mimeType] ?? "img");
			const bytes = Buffer.from(item.data, "base64");
			writeFileSync(path, bytes);
			pending.push(`[Image saved to ${path} (${item.mimeType}, ${formatSize(bytes.length)})]`);
			flush();
			blocks.push({ type: "image", data: item.data, mimeType: item.mimeType });
		}
	}
	if (consoleLines.length > 0) pending.push(["<console_output>", ...consoleLines, "</console_output>"].join("\n"));
	flush();
	return { blocks };
}

/**
 * Keeps the start and end of text longer than the limit, with how much was cut between them; the
 * whole text goes to a temp file named at the end, so the model can read it in pieces.
 */
export function limitText(text: string, maxChars: number): string {
	if (text.length <= maxChars) return text;
	const path = tempFile("txt");
	writeFileSync(path, text);
	const half = Math.floor(maxChars / 2);
	const tokens = Math.ceil(text.length / 4);
	const omittedTokens = tokens - Math.ceil((2 * half) / 4);
	return [
		`Warning: truncated output (original token count: ${tokens})`,
		`Total output lines: ${text.split("\n").length}`,
		"",
		`${text.slice(0, half)}…${omittedTokens} tokens truncated…${text.slice(text.length - half)}`,
		"",
		`[Full output: ${path} (read with offset/limit)]`,
	].join("\n");
}

function callSummary(calls: readonly NestedCallRecord[]): string {
	if (calls.length === 0) return "No tool calls were made.";
	const list = calls.map((call) => `${call.name} (${call.status === "running" ? "cancelled" : call.status})`);
	return `Tool calls made before the failure (they are not undone): ${list.join(", ")}`;
}

/** The content of the codemode tool result. */
export function formatScriptResult(report: ScriptReport): (TextContent | ImageContent)[] {
	const header = `${report.ok ? "Script completed" : "Script failed"}\nWall time ${(report.wallTimeMs / 1000).toFixed(1)} seconds\nOutput:\n`;
	const { blocks } = renderOutput(report.output);
	if (!report.ok) {
		const failure = `Script error:\n${report.error ?? "unknown error"}\n\n${callSummary(report.calls)}`;
		const last = blocks.at(-1);
		if (last?.type === "text") last.text = `${last.text}\n${failure}`;
		else blocks.push({ type: "text", text: failure });
	}
	const maxChars = Math.max(1, report.maxOutputTokens) * 4;
	let used = 0;
	const limited = blocks.map((block) => {
		if (block.type !== "text") return block;
		const text = limitText(block.text, Math.max(1, maxChars - used));
		used += text.length;
		return { type: "text" as const, text };
	});
	return [{ type: "text", text: header }, ...limited];
}
