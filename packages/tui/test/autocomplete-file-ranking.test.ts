import { describe, expect, it } from "vitest";
import { EXACT_RANKING_POOL, searchFiles } from "../src/autocomplete-file-ranking.js";
import type { WalkedEntry } from "../src/autocomplete-file-search.js";

const file = (path: string): WalkedEntry => ({ path, isDirectory: false });

/** Many paths that match `query` only loosely, scattered through the tree. */
function decoys(count: number): WalkedEntry[] {
	return Array.from({ length: count }, (_, index) =>
		file(`pkg${index % 7}/fixtures/case-${index}/generated-abc-${index}.ts`),
	);
}

describe("searchFiles on a big tree", () => {
	it("finds the best matches among far more candidates than the exact-scoring pool", () => {
		const entries = [...decoys(EXACT_RANKING_POOL * 20), file("src/deep/er/foo-bar.ts"), file("docs/gen.md")];
		expect(searchFiles(entries, "foo-bar", 3)[0]?.value).toBe("@src/deep/er/foo-bar.ts");
		// Word starts of the file name ("f"oo-"b"ar) beat letters scattered over the path.
		expect(searchFiles(entries, "fb", 3)[0]?.value).toBe("@src/deep/er/foo-bar.ts");
		expect(searchFiles(entries, "gen", 3)[0]?.value).toBe("@docs/gen.md");
	});

	it("prefers the file name, then shallow paths, for a one-letter query", () => {
		const entries = [file("a/b/c/readme.md"), file("readme.md"), file("src/x/r.ts"), ...decoys(2000)];
		const values = searchFiles(entries, "r", 3).map((item) => item.value);
		expect(values[0]).toBe("@readme.md");
		expect(values).toContain("@src/x/r.ts");
	});
});
