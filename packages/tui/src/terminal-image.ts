/**
 * Inline image protocols: which one the terminal speaks (from its environment) and how to
 * encode an image for it.
 */

/** An inline image protocol. */
export type ImageProtocol = "kitty" | "iterm2";

/** Base64 bytes per kitty graphics chunk (the protocol's limit). */
export const KITTY_CHUNK_SIZE = 4096;

/**
 * Detects the image protocol from environment variables: kitty (`TERM=xterm-kitty` or
 * `KITTY_WINDOW_ID`) and Ghostty speak the kitty graphics protocol; iTerm2 and WezTerm the
 * iTerm2 one. Inside tmux or screen (which need passthrough) and anywhere else: undefined.
 */
export function detectImageProtocol(
	env: Readonly<Record<string, string | undefined>> = process.env,
): ImageProtocol | undefined {
	const term = env.TERM ?? "";
	const program = env.TERM_PROGRAM ?? "";
	if (env.TMUX || term.startsWith("screen") || term.startsWith("tmux")) return undefined;
	if (term === "xterm-kitty" || env.KITTY_WINDOW_ID) return "kitty";
	if (program === "ghostty" || term === "xterm-ghostty" || env.GHOSTTY_RESOURCES_DIR) return "kitty";
	if (program === "iTerm.app" || env.LC_TERMINAL === "iTerm2") return "iterm2";
	if (program === "WezTerm") return "iterm2";
	return undefined;
}

/** Size of the placed image in terminal cells. */
export interface CellBox {
	columns: number;
	rows: number;
}

/**
 * Encodes a PNG for the kitty graphics protocol: transmit-and-display (`a=T`, `f=100`),
 * scaled to `columns`×`rows` cells, cursor not moved (`C=1`), replies suppressed (`q=2`, so
 * no answer arrives on stdin), base64 split into chunks of {@link KITTY_CHUNK_SIZE} bytes.
 */
export function encodeKittyImage(base64Png: string, box: CellBox): string {
	const chunks: string[] = [];
	for (let offset = 0; offset < base64Png.length; offset += KITTY_CHUNK_SIZE) {
		chunks.push(base64Png.slice(offset, offset + KITTY_CHUNK_SIZE));
	}
	if (chunks.length === 0) chunks.push("");
	return chunks
		.map((chunk, index) => {
			const more = index < chunks.length - 1 ? 1 : 0;
			const control = index === 0 ? `a=T,f=100,q=2,C=1,c=${box.columns},r=${box.rows},m=${more}` : `m=${more}`;
			return `\x1b_G${control};${chunk}\x1b\\`;
		})
		.join("");
}

/** Encodes an image (any format the terminal decodes) for the iTerm2 inline image protocol (OSC 1337). */
export function encodeITerm2Image(base64: string, byteLength: number, box: CellBox, name?: string): string {
	const nameField = name ? `name=${Buffer.from(name).toString("base64")};` : "";
	return `\x1b]1337;File=inline=1;${nameField}size=${byteLength};width=${box.columns};height=${box.rows};preserveAspectRatio=1:${base64}\x07`;
}
