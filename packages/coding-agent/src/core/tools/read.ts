import type { AgentTool, AgentToolResult } from "@pi/agent-core";
import { type ImageContent, type Static, type TextContent, Type } from "@pi/ai";
import { detectImageMimeType, isBinarySample, SNIFF_BYTES } from "./content-sniffing.js";
import { fileAccessError, notRegularFile } from "./file-errors.js";
import { resizeImageToFit } from "./image-resize.js";
import type { ImageResizeLimits, ImageResizer, ResizedImage } from "./image-resizer.js";
import { readLineWindow } from "./line-window-reader.js";
import { createLocalReadOperations, type ReadOperations, readPrefix } from "./read-operations.js";
import { startToolCall } from "./tool-target.js";
import { formatSize, MAX_BYTES, MAX_LINES, type TruncationInfo } from "./truncate.js";

/** Parameters of the `read` tool. */
export const readToolSchema = Type.Object({
	path: Type.String({ description: "Path to the file to read (relative to the working directory, or absolute)" }),
	offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
	limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});
export type ReadToolInput = Static<typeof readToolSchema>;

/** `details` of a `read` result: present only when the output was truncated. */
export interface ReadToolDetails {
	truncation?: TruncationInfo;
}

/** Largest image the read tool loads (before any resizing), in bytes. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Images are downscaled to fit this many pixels per side when auto-resize is on (configuration.md §3.5). */
export const MAX_IMAGE_DIMENSION = 2000;

export type { ImageResizeLimits, ImageResizer, ResizedImage } from "./image-resizer.js";

/** Options of {@link createReadTool}. */
export interface ReadToolOptions {
	/** File access. Default: the local file system. */
	operations?: ReadOperations;
	/** Setting `images.autoResize`. Default: true. */
	autoResizeImages?: boolean;
	/** Image downscaler. Default: {@link resizeImageToFit} (photon, loaded on first use). */
	resizeImage?: ImageResizer;
	/**
	 * The current model's `inputLimits.images.resize` (pi 1.4), asked at each image read so a model
	 * switch applies at once. Default: 2000×2000 pixels, 4.5 MiB of base64.
	 */
	imageLimits?: () => ImageResizeLimits | undefined;
}

/**
 * The `read` tool (configuration.md §8): a window of a text file's lines, head-truncated to
 * 2000 lines / 50 KiB with a continuation hint, or an image as image content. Big files are
 * streamed, never loaded whole. Throws for missing, unreadable and binary files.
 */
export function createReadTool(
	cwd: string,
	options: ReadToolOptions = {},
): AgentTool<typeof readToolSchema, ReadToolDetails> {
	const operations = options.operations ?? createLocalReadOperations();
	return {
		name: "read",
		label: "read",
		description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp); images are returned as attachments. Text output is truncated to ${MAX_LINES} lines or ${formatSize(MAX_BYTES)} (whichever is hit first); use offset/limit for large files and continue with the offset given in the note until you have what you need.`,
		parameters: readToolSchema,
		execute: async (_toolCallId, params, signal) => {
			const { displayPath, absolutePath } = startToolCall(params.path, cwd, signal, "existing");
			const info = await operations.stat(absolutePath).catch((error: unknown) => {
				throw fileAccessError(error, displayPath);
			});
			if (info.isDirectory) throw new Error(`Is a directory: ${displayPath}. Use ls to list its contents.`);
			if (info.isFile === false) throw notRegularFile(displayPath);
			const header = await readPrefix(operations.readStream(absolutePath), SNIFF_BYTES).catch((error: unknown) => {
				throw fileAccessError(error, displayPath);
			});
			const imageMimeType = detectImageMimeType(header);
			if (imageMimeType) return readImage(absolutePath, displayPath, imageMimeType, info.size, operations, options);
			if (isBinarySample(header)) {
				throw new Error(
					`Cannot read binary file: ${displayPath} (${formatSize(info.size)}). Use bash (e.g. file, xxd or strings) to inspect it.`,
				);
			}
			return readText(absolutePath, displayPath, params, operations, signal);
		},
	};
}

async function readText(
	absolutePath: string,
	displayPath: string,
	params: ReadToolInput,
	operations: ReadOperations,
	signal: AbortSignal | undefined,
): Promise<AgentToolResult<ReadToolDetails>> {
	const offset = params.offset === undefined ? undefined : Math.max(1, Math.floor(params.offset));
	const limit = params.limit === undefined ? undefined : Math.max(1, Math.floor(params.limit));
	const startLine = (offset ?? 1) - 1;
	const window = await readLineWindow(operations.readStream(absolutePath), {
		startLine,
		lineCount: limit,
		maxLines: MAX_LINES,
		maxBytes: MAX_BYTES,
		signal,
	}).catch((error: unknown) => {
		throw error instanceof Error && error.message === "Operation aborted" ? error : fileAccessError(error, displayPath);
	});
	const total = window.totalFileLines;
	if (offset !== undefined && startLine >= total && !(total === 0 && startLine === 0)) {
		throw new Error(`Offset ${offset} is beyond end of file (${total} lines total)`);
	}
	const first = startLine + 1;
	const { truncation } = window;
	if (truncation.firstLineExceedsLimit) {
		const text = `[Line ${first} is ${formatSize(window.firstSelectedLineBytes)}, exceeds the ${formatSize(MAX_BYTES)} limit. Use bash: sed -n '${first}p' ${displayPath} | head -c ${MAX_BYTES}]`;
		return textResult(text, { truncation });
	}
	const last = startLine + window.lines.length;
	// Read to the end of a file that ends with a newline: the text ends with it too, as the file
	// (and pi 1.4's read) does, so an extension splitting the text on "\n" counts what 1.4 counts.
	const finalNewline = window.endsWithNewline && last === total && !truncation.truncated ? "\n" : "";
	const body = total === 0 ? "(empty file)" : window.lines.join("\n") + finalNewline;
	if (truncation.truncated) {
		const byBytes = truncation.truncatedBy === "bytes" ? ` (${formatSize(MAX_BYTES)} limit)` : "";
		return textResult(
			`${body}\n\n[Showing lines ${first}-${last} of ${total}${byBytes}. Use offset=${last + 1} to continue.]`,
			{ truncation },
		);
	}
	if (last < total && limit !== undefined) {
		return textResult(`${body}\n\n[Showing lines ${first}-${last} of ${total}. Use offset=${last + 1} to continue.]`);
	}
	return textResult(body);
}

async function readImage(
	absolutePath: string,
	displayPath: string,
	mimeType: string,
	size: number,
	operations: ReadOperations,
	options: ReadToolOptions,
): Promise<AgentToolResult<ReadToolDetails>> {
	if (size > MAX_IMAGE_BYTES) {
		throw new Error(`Image file too large: ${displayPath} (${formatSize(size)}, limit ${formatSize(MAX_IMAGE_BYTES)})`);
	}
	const data = await readPrefix(operations.readStream(absolutePath), size).catch((error: unknown) => {
		throw fileAccessError(error, displayPath);
	});
	let image: ResizedImage = { data, mimeType };
	if (options.autoResizeImages ?? true) {
		const resize = options.resizeImage ?? resizeImageToFit;
		image = (await resize({ data, mimeType }, MAX_IMAGE_DIMENSION, options.imageLimits?.())) ?? image;
	}
	const label = `Read image file [${image.mimeType}]${image.note ? `\n${image.note}` : ""}`;
	const imageBlock: ImageContent = {
		type: "image",
		data: Buffer.from(image.data).toString("base64"),
		mimeType: image.mimeType,
	};
	return { content: [{ type: "text", text: label }, imageBlock], details: {} };
}

function textResult(text: string, details: ReadToolDetails = {}): AgentToolResult<ReadToolDetails> {
	const content: TextContent = { type: "text", text };
	return { content: [content], details };
}
