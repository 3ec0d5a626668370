// How a failed extension load is reported: one line with the file and, where known, the line.
const LOCATION = /\((\d+):(\d+)\)/;

/** One line naming the file and, when the error knows it, the line: `<path>:<line>:<col>: <message>`. */
export function formatLoadError(error: unknown, path: string): string {
	const raw = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
	const message = raw.startsWith(`${path}: `) ? raw.slice(path.length + 2) : raw;
	const loc = error instanceof Error ? (error as Error & { loc?: { line: number; column: number } }).loc : undefined;
	const found = LOCATION.exec(message);
	const line = loc?.line ?? (found ? Number(found[1]) : undefined);
	const column = loc ? loc.column + 1 : found ? Number(found[2]) + 1 : undefined;
	if (line !== undefined) return `${path}:${line}:${column ?? 1}: ${message.replace(LOCATION, "").trim()}`;
	const frame = error instanceof Error ? frameIn(error.stack, path) : undefined;
	return frame ? `${path}:${frame}: ${message}` : `${path}: ${message}`;
}

// The first stack frame inside the extension file, as "line:col".
function frameIn(stack: string | undefined, path: string): string | undefined {
	if (!stack) return undefined;
	for (const line of stack.split("\n")) {
		const index = line.indexOf(path);
		if (index < 0) continue;
		const match = /:(\d+):(\d+)\)?\s*$/.exec(line.slice(index + path.length - 1));
		if (match) return `${match[1]}:${match[2]}`;
	}
	return undefined;
}
