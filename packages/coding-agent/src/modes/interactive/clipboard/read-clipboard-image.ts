import { runClipboardTool } from "./run-clipboard-tool.js";

/** An image read from the clipboard. */
export interface ClipboardImage {
	bytes: Buffer;
	mimeType: string;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

function preferredImageType(types: readonly string[]): string | undefined {
	for (const wanted of IMAGE_TYPES) if (types.includes(wanted)) return wanted;
	return types.find((type) => type.startsWith("image/"));
}

function lines(bytes: Buffer): string[] {
	return bytes
		.toString("utf8")
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean);
}

/** The clipboard tools that can read images here, in the order they are tried. */
export function imagePasteTools(
	platform: NodeJS.Platform,
	env: NodeJS.ProcessEnv,
): ("wl-paste" | "xclip" | "pngpaste")[] {
	if (platform === "darwin") return ["pngpaste"];
	if (platform !== "linux") return [];
	const tools: ("wl-paste" | "xclip")[] = [];
	if (env.WAYLAND_DISPLAY) tools.push("wl-paste");
	if (env.DISPLAY) tools.push("xclip");
	return tools;
}

/**
 * Reads an image from the clipboard with `wl-paste` (Wayland), `xclip` (X11) or `pngpaste`
 * (macOS). Resolves undefined when the clipboard holds no image; throws a message naming what to
 * install (or set) when no tool could be asked.
 */
export async function readClipboardImage(
	options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {},
): Promise<ClipboardImage | undefined> {
	const platform = options.platform ?? process.platform;
	const env = options.env ?? process.env;
	const tools = imagePasteTools(platform, env);
	let asked = false;
	for (const tool of tools) {
		if (tool === "pngpaste") {
			const bytes = await runClipboardTool("pngpaste", ["-"], { env, timeoutMs: 5000 });
			if (bytes === undefined) continue;
			asked = true;
			if (bytes.length > 0) return { bytes, mimeType: "image/png" };
			continue;
		}
		const listArgs = tool === "wl-paste" ? ["--list-types"] : ["-selection", "clipboard", "-t", "TARGETS", "-o"];
		const list = await runClipboardTool(tool, listArgs, { env });
		if (list === undefined) continue;
		asked = true;
		const type = preferredImageType(lines(list));
		if (!type) continue;
		const readArgs =
			tool === "wl-paste" ? ["--type", type, "--no-newline"] : ["-selection", "clipboard", "-t", type, "-o"];
		const bytes = await runClipboardTool(tool, readArgs, { env, timeoutMs: 5000 });
		if (bytes && bytes.length > 0) return { bytes, mimeType: type };
	}
	if (asked) return undefined;
	throw new Error(noImageToolMessage(platform, env));
}

function noImageToolMessage(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
	if (platform === "darwin") return "Cannot paste images: install pngpaste (brew install pngpaste)";
	if (platform !== "linux") return "Cannot paste images from the clipboard on this platform";
	if (env.WAYLAND_DISPLAY) return "Cannot paste images: install wl-clipboard (wl-paste)";
	if (env.DISPLAY) return "Cannot paste images: install xclip";
	return "Cannot paste images: no clipboard here (no DISPLAY or WAYLAND_DISPLAY); wl-paste or xclip needs one";
}

/** The file extension for an image type (png when unknown). */
export function imageExtension(mimeType: string): string {
	const subtype = mimeType.split("/")[1] ?? "png";
	return subtype === "jpeg" ? "jpg" : subtype.replace(/[^a-z0-9]/g, "") || "png";
}
