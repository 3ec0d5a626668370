import type { SessionEntry } from "@pi/coding-agent";
import { describe, expect, it } from "vitest";
import { STORE_ENTRY_TYPE, storeAlongBranch } from "../src/store.js";

let id = 0;
function storeEntry(data: unknown, parentId: string | null): SessionEntry {
	return {
		type: "custom",
		customType: STORE_ENTRY_TYPE,
		data,
		id: `e${++id}`,
		parentId,
		timestamp: "2026-01-01T00:00:00.000Z",
	};
}

describe("the codemode store along a branch", () => {
	it("folds set and delete entries in order; other entries and bad data are skipped", () => {
		const a = storeEntry({ set: { cursor: 1, name: "x" }, delete: [] }, null);
		const b = storeEntry({ set: { cursor: 2 }, delete: ["name"] }, a.id);
		const junk = storeEntry({ set: "nope" }, b.id);
		expect(storeAlongBranch([a, b, junk])).toEqual({ cursor: 2 });
	});

	it("each branch sees only what its own path wrote", () => {
		const root = storeEntry({ set: { shared: true }, delete: [] }, null);
		const left = storeEntry({ set: { side: "left" }, delete: [] }, root.id);
		const right = storeEntry({ set: { side: "right" }, delete: ["shared"] }, root.id);
		expect(storeAlongBranch([root, left])).toEqual({ shared: true, side: "left" });
		expect(storeAlongBranch([root, right])).toEqual({ side: "right" });
	});
});
