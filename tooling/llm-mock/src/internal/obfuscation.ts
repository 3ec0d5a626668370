const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * OpenAI's `obfuscation` field: random characters that pad each delta event so payload sizes do
 * not reveal the tokens (stream_options.include_obfuscation, on by default). Recorded streams show
 * 0–15 characters, shorter for longer deltas. Here the padding is deterministic: it tops the delta
 * up to the next multiple of 16 characters.
 */
export function obfuscationFor(delta: string, seed: number): string {
	const length = (16 - (delta.length % 16)) % 16;
	let padding = "";
	for (let index = 0; index < length; index++) {
		padding += ALPHABET[(seed * 7 + index * 13) % ALPHABET.length];
	}
	return padding;
}
