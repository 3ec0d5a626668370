import type { Jiti } from "jiti";
import type { ExtensionFactory } from "./extension-api.js";
import { loadHostModules } from "./host-modules.js";
import { formatLoadError } from "./load-error.js";

let jitiInstance: Promise<Jiti> | undefined;

function getJiti(): Promise<Jiti> {
	// jiti itself (~500 KB) is imported here too, so runs without file extensions never parse it.
	jitiInstance ??= Promise.all([loadHostModules(), import("jiti")]).then(([virtualModules, { createJiti }]) =>
		// moduleCache off: every load (startup, /reload, a new session) gets fresh module instances.
		createJiti(import.meta.url, { moduleCache: false, virtualModules, interopDefault: false }),
	);
	return jitiInstance;
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
