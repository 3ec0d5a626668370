import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenCitations } from "./support/citations.js";
import { ROOT } from "./support/workspace.js";

// Issue 15: every citation of a document (`rpc.md §9.1`, `docs/spec/ai.md`) names a file in the
// repository, so a contributor can check an invariant against its source.
const SCANNED = ["README.md", "docs", "packages", "apps", "tooling"];

describe("citations of .md files", () => {
	it("all name a file in the repository", () => {
		const broken = brokenCitations(ROOT, SCANNED).map(({ where, cited }) => `${where}: ${cited}`);
		expect(broken).toEqual([]);
	});

	it("are checked in comments and README prose, not in strings or code blocks", () => {
		const dir = mkdtempSync(join(tmpdir(), "pi-citations-"));
		try {
			mkdirSync(join(dir, "src"));
			mkdirSync(join(dir, "docs"));
			writeFileSync(join(dir, "docs", "real.md"), "# real\n");
			writeFileSync(
				join(dir, "src", "a.ts"),
				'// real.md §1 and docs/real.md exist; gone.md does not, nor spec/real.md\nconst name = "data.md";\n/* see ../docs/real.md */\n',
			);
			writeFileSync(join(dir, "src", "README.md"), "See missing.md and AGENTS.md.\n\n```\nexample.md\n```\n");
			expect(brokenCitations(dir, ["src"])).toEqual([
				{ where: "src/README.md:1", cited: "missing.md" },
				{ where: "src/a.ts:1", cited: "gone.md" },
				{ where: "src/a.ts:1", cited: "spec/real.md" },
			]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
