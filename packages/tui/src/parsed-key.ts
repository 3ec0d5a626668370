/** The decoded form of one key event, shared by the legacy and CSI decoders. */

/** Kitty event types; legacy encodings are always `"press"`. */
export type KeyEventType = "press" | "repeat" | "release";

/** A decoded key press. */
export interface ParsedKey {
	/** The key name: a named key ("enter", "f5") or the character (letters lowercase, e.g. "a", "1", "/"). */
	key: string;
	/** Ctrl was held. */
	ctrl: boolean;
	/** Alt (Option/Meta) was held. */
	alt: boolean;
	/** Shift was held (for letters also implied by an uppercase character). */
	shift: boolean;
	/** Super (Cmd/Win) was held; only reported by the kitty protocol. */
	super: boolean;
	/** Press, repeat or release (kitty with event reporting); legacy input is always press. */
	eventType: KeyEventType;
	/** The text the key would insert, when it is printable without ctrl/alt/super. */
	text?: string;
}

/** Builds a {@link ParsedKey}; unspecified modifiers are false and the event type is press. */
export function makeKey(key: string, modifiers: Partial<Omit<ParsedKey, "key">> = {}): ParsedKey {
	return {
		key,
		ctrl: modifiers.ctrl ?? false,
		alt: modifiers.alt ?? false,
		shift: modifiers.shift ?? false,
		super: modifiers.super ?? false,
		eventType: modifiers.eventType ?? "press",
		...(modifiers.text !== undefined ? { text: modifiers.text } : {}),
	};
}
