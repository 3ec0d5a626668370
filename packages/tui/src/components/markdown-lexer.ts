/**
 * Lexes Markdown into top-level block tokens with marked, incrementally for streaming: when
 * the new text extends the previous one, the blocks before the last are kept and only the
 * tail (from the start of the last block) is lexed again.
 */
import { Lexer, type Token } from "marked";

/** A reference definition (`[id]: url`) can change how earlier text parses; such text is lexed whole. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/** Lexer that reuses the stable prefix of the previous result. */
export class IncrementalMarkdownLexer {
	private text = "";
	private tokens: Token[] = [];
	/** Start offset (in the text) of each token; valid when the raws tile the text. */
	private offsets: number[] = [];
	private tiles = false;

	/** Top-level tokens for `text`. */
	lex(text: string): Token[] {
		if (text === this.text) return this.tokens;
		const canExtend =
			this.tiles && this.tokens.length > 0 && text.startsWith(this.text) && !REFERENCE_DEFINITION.test(text);
		if (canExtend) this.extend(text);
		else this.lexAll(text);
		return this.tokens;
	}

	private lexAll(text: string): void {
		this.text = text;
		this.tokens = Lexer.lex(text);
		this.offsets = [];
		let offset = 0;
		for (const token of this.tokens) {
			this.offsets.push(offset);
			offset += token.raw.length;
		}
		// Incremental lexing relies on the tokens' raw text covering the input exactly.
		this.tiles = offset === text.length;
	}

	private extend(text: string): void {
		let keep = this.tokens.length;
		while (keep > 0 && this.tokens[keep - 1]?.type === "space") keep--;
		keep = Math.max(0, keep - 1);
		const offset = this.offsets[keep] ?? 0;
		const tail = Lexer.lex(text.slice(offset));
		let tailLength = 0;
		const tailOffsets = tail.map((token) => {
			const start = offset + tailLength;
			tailLength += token.raw.length;
			return start;
		});
		if (offset + tailLength !== text.length) {
			this.lexAll(text);
			return;
		}
		this.text = text;
		this.tokens = this.tokens.slice(0, keep).concat(tail);
		this.offsets = this.offsets.slice(0, keep).concat(tailOffsets);
	}
}
