/**
 * A focused component puts CURSOR_MARKER in its rendered line right before the cell where the
 * terminal's real cursor should sit (for IME candidate windows and screen readers). It is an
 * APC string, which terminals ignore; the TUI strips it and moves the hardware cursor there.
 * Emit it only while focused, at most once per frame.
 */
export const CURSOR_MARKER = "\x1b_pi:c\x07";
