import { runClipboardTool } from "./run-clipboard-tool.js";

/** OSC 52 payloads larger than this are refused by most terminals (and tmux). */
const MAX_OSC52_BASE64 = 100_000;

/** Where a copy went. */
export interface CopyResult {
	/** The native tool that took the text, if one did. */
	tool?: string;
	/** Whether the OSC 52 sequence was written to the terminal. */
	osc52: boolean;
}

/** The native copy commands for this platform and session, most specific first. */
export function nativeCopyCommands(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): [string, string[]][] {
	if (platform === "darwin") return [["pbcopy", []]];
	if (platform === "win32") return [["clip", []]];
	const commands: [string, string[]][] = [];
	if (env.TERMUX_VERSION) commands.push(["termux-clipboard-set", []]);
	if (env.WAYLAND_DISPLAY) commands.push(["wl-copy", []]);
	if (env.DISPLAY) commands.push(["xclip", ["-selection", "clipboard"]], ["xsel", ["--clipboard", "--input"]]);
	return commands;
}

/** The OSC 52 "set clipboard" sequence for `text`, or undefined when it is too large for terminals. */
export function osc52Sequence(text: string): string | undefined {
	const encoded = Buffer.from(text, "utf8").toString("base64");
	return encoded.length > MAX_OSC52_BASE64 ? undefined : `\x1b]52;c;${encoded}\x07`;
}

/**
 * Copies `text`: through the native tool of the session (pbcopy, wl-copy, xclip, xsel) when one
 * works, and through OSC 52 (the terminal's clipboard, which also reaches the local machine over
 * SSH and tmux) when none did, in remote sessions, or without a display. Throws a message naming
 * what to install when neither route was possible.
 */
export async function copyToClipboard(
	text: string,
	writeToTerminal: (data: string) => void,
	options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {},
): Promise<CopyResult> {
	const platform = options.platform ?? process.platform;
	const env = options.env ?? process.env;
	let tool: string | undefined;
	for (const [command, args] of nativeCopyCommands(platform, env)) {
		if ((await runClipboardTool(command, args, { input: text, env })) !== undefined) {
			tool = command;
			break;
		}
	}
	const remote = Boolean(env.SSH_CONNECTION || env.SSH_CLIENT || env.MOSH_CONNECTION || env.PI_CLIPBOARD_OSC52 === "1");
	const headless = platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY;
	let osc52 = false;
	if (tool === undefined || remote || headless) {
		const sequence = osc52Sequence(text);
		if (sequence !== undefined) {
			writeToTerminal(sequence);
			osc52 = true;
		}
	}
	if (tool === undefined && !osc52) {
		if (env.WAYLAND_DISPLAY) throw new Error("Clipboard unavailable: install wl-clipboard (wl-copy)");
		if (env.DISPLAY) throw new Error("Clipboard unavailable: install xclip or xsel");
		throw new Error("Clipboard unavailable: the text is too large for the terminal's clipboard (OSC 52)");
	}
	return { ...(tool ? { tool } : {}), osc52 };
}
