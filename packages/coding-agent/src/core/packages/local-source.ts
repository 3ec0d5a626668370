// Whether a source names something remote: a check start-up makes for every `-e` path and
// settings entry, kept apart from the parser (package-source.ts), which loads with package work.
const REMOTE_PREFIXES = ["npm:", "git:", "github:", "http:", "https:", "ssh:", "builtin:"];

/** True for anything that is not a remote source: bare names and relative paths are local (as in 1.4). */
export function isLocalSource(source: string): boolean {
	const trimmed = source.trim();
	return !REMOTE_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
}
