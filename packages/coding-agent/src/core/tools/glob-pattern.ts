/**
 * Glob matching for `find` patterns and `grep`'s `glob` filter, with gitignore-style anchoring
 * (the rules ripgrep and fd apply): a pattern without `/` matches the entry's name at any depth;
 * a pattern with `/` matches the whole path relative to the search directory. A trailing `/`
 * restricts the pattern to directories.
 *
 * Syntax: `*` (within one path segment), `**` (across segments; `**` plus a slash also matches
 * no segment at all), `?`, `[abc]`, `[a-z]`, `[!x]` / `[^x]`, `{a,b}` (nestable) and `\` to escape. Case-sensitive.
 */

/** Tests relative paths (`/`-separated, no leading `./`) against one glob. */
export type GlobMatcher = (relativePath: string, isDirectory: boolean) => boolean;

/** Compiles `pattern` into a {@link GlobMatcher}. Never throws: odd syntax matches literally. */
export function createGlobMatcher(pattern: string): GlobMatcher {
	let body = pattern.trim().replace(/^\.\//, "");
	const directoryOnly = body.endsWith("/") && body.length > 1;
	if (directoryOnly) body = body.replace(/\/+$/, "");
	const anchored = body.includes("/");
	body = body.replace(/^\/+/, "");
	const regex = new RegExp(`^${globToRegexSource(body)}$`);
	return (relativePath, isDirectory) => {
		if (directoryOnly && !isDirectory) return false;
		const subject = anchored ? relativePath : relativePath.slice(relativePath.lastIndexOf("/") + 1);
		return regex.test(subject);
	};
}

/** The regular-expression source for `glob` (unanchored). */
export function globToRegexSource(glob: string): string {
	let source = "";
	let braceDepth = 0;
	for (let index = 0; index < glob.length; index++) {
		const char = glob[index] ?? "";
		if (char === "\\" && index + 1 < glob.length) {
			source += escapeRegex(glob[++index] ?? "");
		} else if (char === "*") {
			const starRun = glob.slice(index).match(/^\*+/)?.[0].length ?? 1;
			const atSegmentStart = index === 0 || glob[index - 1] === "/";
			const followedBySlash = glob[index + starRun] === "/";
			index += starRun - 1;
			if (starRun >= 2 && atSegmentStart && followedBySlash) {
				source += "(?:.*/)?";
				index++;
			} else if (starRun >= 2) {
				source += ".*";
			} else {
				source += "[^/]*";
			}
		} else if (char === "?") {
			source += "[^/]";
		} else if (char === "[") {
			const closing = characterClassEnd(glob, index);
			if (closing === -1) source += "\\[";
			else {
				source += characterClass(glob.slice(index + 1, closing));
				index = closing;
			}
		} else if (char === "{") {
			braceDepth++;
			source += "(?:";
		} else if (char === "}" && braceDepth > 0) {
			braceDepth--;
			source += ")";
		} else if (char === "," && braceDepth > 0) {
			source += "|";
		} else {
			source += escapeRegex(char);
		}
	}
	return source + ")".repeat(braceDepth);
}

function characterClassEnd(glob: string, open: number): number {
	let index = open + 1;
	if (glob[index] === "!" || glob[index] === "^") index++;
	if (glob[index] === "]") index++;
	return glob.indexOf("]", index);
}

function characterClass(inner: string): string {
	const negated = inner.startsWith("!") || inner.startsWith("^");
	const members = (negated ? inner.slice(1) : inner).replace(/[\\\]^]/g, (match) => `\\${match}`);
	return negated ? `[^/${members}]` : `[${members}]`;
}

function escapeRegex(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
