import { existsSync, fstatSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { isatty } from "node:tty";
import type { ImageContent } from "@pi/ai";
import { expandHome } from "../core/session/session-paths.js";
import { detectImageMimeType, isBinarySample, SNIFF_BYTES } from "../core/tools/content-sniffing.js";
import { PiUserError } from "../core/user-error.js";

/**
 * Standard input when it is a file or a character device that is not a terminal (`pi -p < notes.txt`,
 * `</dev/null` in a script): read at once, without building `process.stdin` (a stream costs a
 * one-shot run ~3 ms). Undefined for a terminal, a pipe or a socket, which are read as streams.
 */
function readStdinFile(): string | undefined {
	try {
		if (isatty(0)) return undefined;
		const stat = fstatSync(0);
		if (!stat.isFile() && !stat.isCharacterDevice()) return undefined;
		return readFileSync(0, "utf8");
	} catch {
		return undefined;
	}
}

/** The first prompt and the rest, as the modes receive them (run-modes.md §5.2). */
export interface InitialPrompts {
	initialMessage?: string;
	initialImages: ImageContent[];
	/** The positional messages after the first, one prompt each. */
	messages: string[];
}

/** Text of the `@file` arguments (one block per file) and their images, in argument order. */
export function readFileArguments(paths: readonly string[], cwd: string): { text: string; images: ImageContent[] } {
	let text = "";
	const images: ImageContent[] = [];
	for (const path of paths) {
		const absolute = resolve(cwd, expandHome(path));
		if (!existsSync(absolute)) throw new PiUserError("file_not_found", `File not found: ${path} (from @${path})`);
		if (statSync(absolute).isDirectory())
			throw new PiUserError("file_is_directory", `@${path} is a directory, not a file`);
		const bytes = readFileSync(absolute);
		const mimeType = detectImageMimeType(bytes.subarray(0, SNIFF_BYTES));
		if (mimeType) {
			images.push({ type: "image", data: bytes.toString("base64"), mimeType });
			text += `<file name="${absolute}"></file>\n`;
			continue;
		}
		if (isBinarySample(bytes.subarray(0, SNIFF_BYTES))) {
			throw new PiUserError("file_is_binary", `@${path} is a binary file; only text and images can be attached`);
		}
		const content = bytes.toString("utf8");
		text += `<file name="${absolute}">\n${content}${content.endsWith("\n") ? "" : "\n"}</file>\n`;
	}
	return { text, images };
}

/**
 * Stdin content, then the `@file` contents, then the first positional message form the first
 * prompt; images of `@file` arguments ride along; the other messages follow one by one.
 */
export function assembleInitialPrompts(input: {
	stdin?: string;
	files: { text: string; images: ImageContent[] };
	messages: readonly string[];
}): InitialPrompts {
	const [first, ...rest] = input.messages;
	const parts = [input.stdin, input.files.text, first].filter(
		(part): part is string => part !== undefined && part.length > 0,
	);
	const initialMessage = parts.length > 0 ? parts.join(parts.length > 1 ? "\n" : "") : undefined;
	return { initialMessage, initialImages: input.files.images, messages: rest };
}

/** Reads all of a non-TTY stdin (run-modes.md §5.4); empty or whitespace-only content counts as none. */
export async function readPipedStdin(stream?: NodeJS.ReadStream): Promise<string | undefined> {
	if (stream === undefined) {
		const text = readStdinFile();
		if (text !== undefined) return text.trim().length > 0 ? text : undefined;
		stream = process.stdin;
	}
	if (stream.isTTY) return undefined;
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
	const text = Buffer.concat(chunks).toString("utf8");
	return text.trim().length > 0 ? text : undefined;
}
