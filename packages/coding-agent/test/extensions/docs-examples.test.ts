import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const PACKAGE = join(import.meta.dirname, "..", "..");
const EXAMPLES = join(PACKAGE, "examples", "extensions");
// Inside the package, so its dependencies (TypeBox, the host packages) resolve as for an example;
// one per run, since two runs of the suite in one checkout would otherwise delete each other's files.
const SCRATCH = mkdtempSync(join(PACKAGE, "test", "extensions", ".docs-check-"));

function codeBlocks(markdown: string): string[] {
	return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

function typeCheck(files: string[]): string[] {
	const program = ts.createProgram(files, {
		strict: true,
		noUncheckedIndexedAccess: true,
		target: ts.ScriptTarget.ES2023,
		lib: ["lib.es2023.d.ts"],
		module: ts.ModuleKind.NodeNext,
		moduleResolution: ts.ModuleResolutionKind.NodeNext,
		verbatimModuleSyntax: true,
		skipLibCheck: true,
		noEmit: true,
		types: ["node"],
		// The package's own source, not a possibly stale dist/.
		paths: { "@pi/coding-agent": [join(PACKAGE, "src", "index.ts")] },
	});
	return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
		const where = diagnostic.file
			? `${diagnostic.file.fileName}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
			: "";
		return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
	});
}

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe("docs/extensions.md and examples/extensions type-check", () => {
	it("every ts block of the authoring guide and every shipped example compiles", () => {
		const blocks = codeBlocks(readFileSync(join(PACKAGE, "docs", "extensions.md"), "utf8"));
		expect(blocks.length).toBeGreaterThanOrEqual(9);
		const files = blocks.map((block, index) => {
			const file = join(SCRATCH, `block-${index}.ts`);
			writeFileSync(file, block);
			return file;
		});
		const examples = readdirSync(EXAMPLES)
			.map((name) => (name.endsWith(".ts") ? join(EXAMPLES, name) : join(EXAMPLES, name, "index.ts")))
			.filter((path) => path.endsWith(".ts"));
		expect(examples.length).toBe(12);
		expect(typeCheck([...files, ...examples])).toEqual([]);
		// Type-checks the whole package source: ~20 s of CPU alone, 45 s in a loaded run of the suite
		// here; CI runs every package's suite at once on 2 cores.
	}, 180_000);
});
