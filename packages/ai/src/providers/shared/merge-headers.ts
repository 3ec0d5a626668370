/**
 * Merges header maps left to right (ai.md §5.4: later wins, case-insensitive). The surviving entry
 * keeps the spelling of the source that set it last.
 */
export function mergeHeaderMaps(...sources: (Record<string, string> | undefined)[]): Record<string, string> {
	const merged = new Map<string, [string, string]>();
	for (const source of sources) {
		if (!source) continue;
		for (const [name, value] of Object.entries(source)) merged.set(name.toLowerCase(), [name, value]);
	}
	return Object.fromEntries(merged.values());
}
