import type { ExtensionErrorReport } from "./extension-bindings.js";

/** The stderr line print and JSON mode write for an extension failure (rpc.md §10.13). */
export function formatExtensionErrorLine(report: ExtensionErrorReport): string {
	return `Extension error (${report.extensionPath}): ${report.error}`;
}
