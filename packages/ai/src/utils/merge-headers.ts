/**
 * Merges header maps left to right. Names compare case-insensitively; a later source replaces an
 * earlier value and its spelling. Undefined sources are skipped. Returns undefined when every
 * source is empty or missing.
 */
export function mergeHeaders(
	...sources: (Readonly<Record<string, string>> | undefined)[]
): Record<string, string> | undefined {
	const byLowerName = new Map<string, [string, string]>();
	for (const source of sources) {
		if (!source) continue;
		for (const [name, value] of Object.entries(source)) byLowerName.set(name.toLowerCase(), [name, value]);
	}
	if (byLowerName.size === 0) return undefined;
	return Object.fromEntries(byLowerName.values());
}
