// Tool selection lists (`--tools`, `--exclude-tools`, `defaultTools`): plain entries are names or
// `*` patterns that form a selection; a list of only `+name`/`-name` entries changes an inherited
// selection instead of replacing it (settings.md "Tools", cli.md "Tools").

/** Whether an entry is a change (`+name` or `-name`) rather than a plain name or pattern. */
export function isToolChange(entry: string): boolean {
	return entry.startsWith("+") || entry.startsWith("-");
}

/** Whether every entry of a non-empty list is a `+name`/`-name` change. */
export function isChangeList(entries: readonly string[]): boolean {
	return entries.length > 0 && entries.every(isToolChange);
}

/** Whether a list mixes plain names with changes (`--tools` rejects it). */
export function mixesPlainAndChanges(entries: readonly string[]): boolean {
	return entries.some(isToolChange) && !entries.every(isToolChange);
}

/**
 * Applies a list to an inherited selection: a list of only changes edits `base` in order; any
 * other list starts from its plain entries, and its changes then apply in order. Patterns stay
 * unexpanded (see `expandToolPatterns`).
 */
export function applyToolList(base: readonly string[], list: readonly string[] | undefined): string[] {
	if (list === undefined) return [...base];
	const selection = isChangeList(list) ? [...base] : list.filter((entry) => !isToolChange(entry));
	for (const entry of list) {
		if (!isToolChange(entry)) continue;
		const name = entry.slice(1);
		const index = selection.indexOf(name);
		if (entry.startsWith("+")) {
			if (index < 0) selection.push(name);
		} else if (index >= 0) selection.splice(index, 1);
	}
	return selection;
}

function patternRegExp(pattern: string): RegExp {
	const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
	return new RegExp(`^${escaped.join(".*")}$`);
}

/** Whether a name matches an entry: exact, or a pattern where `*` matches any characters. */
export function matchesToolEntry(name: string, entry: string): boolean {
	return entry.includes("*") ? patternRegExp(entry).test(name) : name === entry;
}

/**
 * Expands `*` patterns against the known tool names, in list order, without duplicates. Plain
 * names are kept even when unknown (a tool may register later).
 */
export function expandToolPatterns(entries: readonly string[], known: readonly string[]): string[] {
	const out: string[] = [];
	for (const entry of entries) {
		const names = entry.includes("*") ? known.filter((name) => matchesToolEntry(name, entry)) : [entry];
		for (const name of names) if (!out.includes(name)) out.push(name);
	}
	return out;
}
