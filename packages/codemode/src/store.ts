// `store()`/`load()` values persist as `codemode-store` custom entries: one per successful script
// that wrote something. The store a script sees is those entries folded along the current branch,
// so a resumed session keeps its values and each branch sees only what its own path wrote.
import type { SessionEntry } from "@pi/coding-agent";
import type { StoreChanges } from "./sandbox/protocol.js";

/** The custom entry type of store writes. */
export const STORE_ENTRY_TYPE = "codemode-store";

function isStoreChanges(data: unknown): data is StoreChanges {
	if (typeof data !== "object" || data === null) return false;
	const candidate = data as Partial<StoreChanges>;
	return (
		typeof candidate.set === "object" &&
		candidate.set !== null &&
		Array.isArray(candidate.delete) &&
		candidate.delete.every((key) => typeof key === "string")
	);
}

/** The store at the end of `branch` (root first); entries of another shape are skipped. */
export function storeAlongBranch(branch: readonly SessionEntry[]): Record<string, unknown> {
	const store: Record<string, unknown> = {};
	for (const entry of branch) {
		if (entry.type !== "custom" || entry.customType !== STORE_ENTRY_TYPE || !isStoreChanges(entry.data)) continue;
		for (const key of entry.data.delete) delete store[key];
		Object.assign(store, entry.data.set);
	}
	return store;
}

/** Whether a script changed the store (only then is an entry written). */
export function hasStoreChanges(changes: StoreChanges): boolean {
	return Object.keys(changes.set).length > 0 || changes.delete.length > 0;
}
