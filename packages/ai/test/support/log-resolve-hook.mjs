// Module hook that reports every resolved URL on stderr, so a test can see which modules a
// child process loaded. Runs on the loader thread; fs.writeSync is safe there.
import { writeSync } from "node:fs";

export async function resolve(specifier, context, nextResolve) {
	const result = await nextResolve(specifier, context);
	writeSync(2, `[resolved] ${result.url}\n`);
	return result;
}
