import type { ExtensionFactory } from "../../src/core/extensions/extension-api.js";

/**
 * An inline extension that logs `start:<reason>:<instance>` / `shutdown:<reason>:<instance>` and
 * registers `/reload-me`, whose handler calls `ctx.reload()`; `reloaded` resolves once that call
 * returned. A fresh module instance counts up, so the log shows whether reload made one.
 */
export function reloadProbe(): { factory: ExtensionFactory; log: string[]; reloaded: Promise<void> } {
	const log: string[] = [];
	let instances = 0;
	let markReloaded: () => void = () => undefined;
	const reloaded = new Promise<void>((resolve) => {
		markReloaded = resolve;
	});
	const factory: ExtensionFactory = (pi) => {
		const instance = ++instances;
		pi.on("session_start", (event) => void log.push(`start:${event.reason}:${instance}`));
		pi.on("session_shutdown", (event) => void log.push(`shutdown:${event.reason}:${instance}`));
		pi.registerCommand("reload-me", {
			handler: async (_args, ctx) => {
				await ctx.reload();
				markReloaded();
			},
		});
	};
	return { factory, log, reloaded };
}
