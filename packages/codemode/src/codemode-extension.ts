import type { ExtensionFactory } from "@pi/coding-agent";
import { type CodemodeToolOptions, createCodemodeTool } from "./codemode-tool.js";

/**
 * The codemode extension: registers the `codemode` tool inactive. Turn it on with
 * `--tools +codemode` or `"defaultTools": ["+codemode"]`. The sandbox (a worker thread with
 * QuickJS) starts only when a script runs.
 */
export function createCodemodeExtension(options: CodemodeToolOptions = {}): ExtensionFactory {
	return (pi) => {
		pi.registerTool(createCodemodeTool(pi, options));
	};
}
