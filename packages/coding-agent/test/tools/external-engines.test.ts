import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findExecutable } from "../../src/core/tools/external-commands.js";
import { fdArguments, findWithFd, isFdUsable } from "../../src/core/tools/find-fd.js";
import { findWithBuiltin } from "../../src/core/tools/find-operations.js";
import { searchWithBuiltin } from "../../src/core/tools/grep-builtin.js";
import type { GrepRequest } from "../../src/core/tools/grep-operations.js";
import { ripgrepArguments, searchWithRipgrep } from "../../src/core/tools/grep-ripgrep.js";
import { makeTempDir, removeTempDirs } from "./support/tool-test-kit.js";
import { writeTree } from "./support/tree-fixture.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

const ripgrep = findExecutable("rg");
const fdOnPath = findExecutable("fd");
const fd = fdOnPath && isFdUsable(fdOnPath) ? fdOnPath : undefined;
if (!ripgrep)
	console.info(
		"[tools] ripgrep (rg) not on PATH: skipping the ripgrep engine comparison; grep uses the built-in engine.",
	);
if (!fd) {
	console.info(
		`[tools] ${fdOnPath ? "fd on PATH lacks --no-require-git" : "fd not on PATH"}: skipping the fd engine comparison; find uses the built-in walker.`,
	);
}

const FIXTURE = {
	".gitignore": "ignored/\n",
	"ignored/a.ts": "token\n",
	".hidden.ts": "token hidden\n",
	"src/a.ts": "one\ntoken a\nthree\n",
	"src/b.md": "token b\n",
};

function request(searchPath: string, overrides: Partial<GrepRequest> = {}): GrepRequest {
	return {
		searchPath,
		isDirectory: true,
		pattern: "token",
		ignoreCase: false,
		literal: false,
		context: 0,
		limit: 100,
		...overrides,
	};
}

describe("external engine arguments", () => {
	it("builds the ripgrep command line the spec names", () => {
		const args = ripgrepArguments(request("/repo", { ignoreCase: true, literal: true, glob: "*.ts", context: 2 }));
		expect(args.slice(0, 4)).toEqual(["--json", "--line-number", "--color=never", "--hidden"]);
		expect(args).toEqual(expect.arrayContaining(["--ignore-case", "--fixed-strings", "--context", "2"]));
		expect(args.slice(-3)).toEqual(["--", "token", "/repo"]);
	});

	it("builds an fd command line that anchors slash patterns at the search directory", () => {
		expect(fdArguments({ searchPath: "/repo", pattern: "*.ts", limit: 10 }).slice(-2)).toEqual(["*.ts", "/repo"]);
		expect(fdArguments({ searchPath: "/re[po]", pattern: "src/**/*.ts", limit: 10 }).slice(-3)).toEqual([
			"--full-path",
			"/re\\[po\\]/src/**/*.ts",
			"/re[po]",
		]);
	});
});

describe.skipIf(!ripgrep)("ripgrep engine (only when rg is on PATH)", () => {
	it("finds the same lines as the built-in engine", async () => {
		const dir = makeTempDir(created);
		writeTree(dir, FIXTURE);
		const sort = (lines: { path: string; lineNumber: number }[]) =>
			lines.map((line) => `${line.path}:${line.lineNumber}`).sort();
		for (const overrides of [{}, { context: 1 }, { glob: "*.ts" }]) {
			const builtin = await searchWithBuiltin(request(dir, overrides));
			const external = await searchWithRipgrep(ripgrep ?? "rg", request(dir, overrides));
			expect(sort(external.lines)).toEqual(sort(builtin.lines));
		}
		const single = await searchWithRipgrep(ripgrep ?? "rg", request(join(dir, "src/a.ts"), { isDirectory: false }));
		expect(single.lines.map((line) => line.path)).toEqual(["a.ts"]);
	});
});

describe.skipIf(!fd)("fd engine (only when fd is on PATH)", () => {
	it("finds the same paths as the built-in walker", async () => {
		const dir = makeTempDir(created);
		writeTree(dir, FIXTURE);
		for (const pattern of ["*.ts", "src/*", "src"]) {
			const builtin = await findWithBuiltin({ searchPath: dir, pattern, limit: 100 });
			const external = await findWithFd(fd ?? "fd", { searchPath: dir, pattern, limit: 100 });
			expect([...external.paths].sort()).toEqual([...builtin.paths].sort());
		}
	});
});
