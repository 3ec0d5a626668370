import type { Jiti } from "jiti";
import type { ExtensionFactory } from "./extension-api.js";
import { loadHostModules } from "./host-modules.js";

let jitiInstance: Promise<Jiti> | undefined;

function getJiti(): Promise<Jiti> {
	// jiti itself (~500 KB) is imported here too, so runs without file extensions never parse it.
	jitiInstance ??= Promise.all([loadHostModules(), import("jiti")]).then(([virtualModules, { createJiti }]) =>
		// moduleCache off: every load (startup, /reload, a new session) gets fresh module instances.
		createJiti(import.meta.url, { moduleCache: false, virtualModules, interopDefault: false }),
	);
	return jitiInstance;
}

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

/** Imports one extension file (TypeScript or JavaScript) and returns its factory, or why not. */
export async function importExtensionModule(path: string): Promise<{ factory: ExtensionFactory } | { error: string }> {
	let module: unknown;
	try {
		module = await (await getJiti()).import(path);
	} catch (error) {
		return { error: formatLoadError(error, path) };
	}
	const factory = (module as { default?: unknown } | undefined)?.default;
	if (typeof factory !== "function") {
		return {
			error: `${path}: no default export factory (expected \`export default function (pi: ExtensionAPI) { … }\`)`,
		};
	}
	return { factory: factory as ExtensionFactory };
}
