const NAMES: Record<string, string> = {
	pageup: "PageUp",
	pagedown: "PageDown",
	escape: "Esc",
	esc: "Esc",
	backspace: "Backspace",
	up: "Up",
	down: "Down",
	left: "Left",
	right: "Right",
};

/** How a key id is shown in hints: `ctrl+shift+f` → `Ctrl+Shift+F`, `pageup` → `PageUp`. */
export function keyLabel(keyId: string): string {
	return keyId
		.split("+")
		.map(
			(part) =>
				NAMES[part.toLowerCase()] ?? (part.length === 1 ? part.toUpperCase() : part[0]!.toUpperCase() + part.slice(1)),
		)
		.join("+");
}
