import { readFileSync } from "node:fs";

/** One ```ts block of a README. */
export interface ReadmeBlock {
	code: string;
	/** The first ```ts block after the "## Quick start" heading: the one that must run as written. */
	quickStart: boolean;
}

export function readmeBlocks(readmePath: string): ReadmeBlock[] {
	const readme = readFileSync(readmePath, "utf8");
	const quickStartAt = readme.search(/^## Quick start/m);
	let quickStartSeen = false;
	return [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => {
		const quickStart = quickStartAt >= 0 && !quickStartSeen && (match.index ?? 0) > quickStartAt;
		if (quickStart) quickStartSeen = true;
		return { code: match[1] ?? "", quickStart };
	});
}
