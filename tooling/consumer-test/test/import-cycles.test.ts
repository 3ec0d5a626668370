import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles } from "./support/import-graph.js";
import { ROOT } from "./support/workspace.js";

// Issue 15: zero import cycles, type-only imports included (a type cycle still couples two files
// and becomes a runtime cycle the day one of them imports a value).
const SOURCE_DIRS = [
	"packages/ai/src",
	"packages/agent/src",
	"packages/tui/src",
	"packages/coding-agent/src",
	"packages/codemode/src",
	"packages/mcp/src",
	"apps/pi/src",
	"tooling/llm-mock/src",
	"tooling/bench/src",
];

describe("import graph", () => {
	for (const dir of SOURCE_DIRS) {
		it(`${dir} has no import cycles`, () => {
			expect(existsSync(join(ROOT, dir))).toBe(true);
			expect(importCycles(join(ROOT, dir), ROOT)).toEqual([]);
		});
	}

	it("finds a cycle, type-only included", async () => {
		const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
		const { tmpdir } = await import("node:os");
		const dir = mkdtempSync(join(tmpdir(), "pi-cycles-"));
		try {
			writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b.js";\nexport type A = { b?: B };\n');
			writeFileSync(join(dir, "b.ts"), 'import type { A } from "./a.js";\nexport type B = { a?: A };\n');
			writeFileSync(join(dir, "c.ts"), 'export const load = () => import("./a.js");\n');
			expect(importCycles(dir, dir)).toEqual([["a.ts", "b.ts"]]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
