import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { ImageContent } from "@pi/ai";

// An ACP prompt (content blocks) becomes pi's input: one text plus images. Files the editor
// attaches (embedded resources, resource links) are inlined the way `pi @file` inlines them.

/** The largest linked file inlined into the prompt; bigger ones are referenced by path. */
const MAX_LINKED_FILE_BYTES = 512 * 1024;

/** pi's input built from an ACP prompt. */
export interface PiPromptInput {
	text: string;
	images: ImageContent[];
}

/** Reads a linked file as text, or undefined when it cannot (binary, too big, unreadable). */
export type LinkedFileReader = (absolutePath: string) => Promise<string | undefined>;

function pathOfUri(uri: string): string {
	if (!uri.startsWith("file:")) return uri;
	try {
		return fileURLToPath(uri);
	} catch {
		// A malformed file URI is still a useful name for the model.
		return uri;
	}
}

function fileBlock(name: string, text: string): string {
	return `<file name="${name}">\n${text}${text.endsWith("\n") ? "" : "\n"}</file>`;
}

/** The local reader: UTF-8 text files up to 512 KiB. */
export const readLinkedFileLocally: LinkedFileReader = async (absolutePath) => {
	try {
		const bytes = await readFile(absolutePath);
		if (bytes.length > MAX_LINKED_FILE_BYTES || bytes.includes(0)) return undefined;
		return bytes.toString("utf8");
	} catch {
		// An unreadable link is passed on as a reference the model may try to read itself.
		return undefined;
	}
};

/** Converts the prompt's blocks in order: text as is, files inlined, images attached. */
export async function toPiPrompt(
	blocks: readonly ContentBlock[],
	readLinkedFile: LinkedFileReader = readLinkedFileLocally,
): Promise<PiPromptInput> {
	const parts: string[] = [];
	const images: ImageContent[] = [];
	for (const block of blocks) {
		switch (block.type) {
			case "text":
				parts.push(block.text);
				break;
			case "image":
				images.push({ type: "image", data: block.data, mimeType: block.mimeType });
				break;
			case "resource_link": {
				const path = pathOfUri(block.uri);
				const text = block.uri.startsWith("file:") ? await readLinkedFile(path) : undefined;
				parts.push(text === undefined ? `@${path}` : fileBlock(path, text));
				break;
			}
			case "resource": {
				const resource = block.resource;
				const path = pathOfUri(resource.uri);
				if ("text" in resource) parts.push(fileBlock(path, resource.text));
				else if (resource.mimeType?.startsWith("image/"))
					images.push({ type: "image", data: resource.blob, mimeType: resource.mimeType });
				else parts.push(`@${path}`);
				break;
			}
			case "audio":
				// Not advertised in promptCapabilities; a client that sends it anyway loses only the audio.
				break;
			default:
				break;
		}
	}
	return { text: parts.join("\n\n"), images };
}
