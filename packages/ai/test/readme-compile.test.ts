import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The ```ts blocks of the README, in order. */
function readmeExamples(): string[] {
	const readme = readFileSync(join(packageDir, "README.md"), "utf8");
	return [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "");
}

/**
 * Type-checks each example as its own ES module (so top-level `await` is allowed) with the
 * package's strict settings, `@pi/ai` resolving to `src/index.ts`. Returns the diagnostics of the
 * examples only, formatted `README example N (line L): message`.
 */
function typeCheck(examples: readonly string[]): string[] {
	const files = new Map(
		examples.map((code, index) => [join(packageDir, "test", `readme-example-${index + 1}.mts`), code]),
	);
	const options: ts.CompilerOptions = {
		target: ts.ScriptTarget.ES2023,
		lib: ["lib.es2023.d.ts"],
		module: ts.ModuleKind.NodeNext,
		moduleResolution: ts.ModuleResolutionKind.NodeNext,
		strict: true,
		noUncheckedIndexedAccess: true,
		verbatimModuleSyntax: true,
		isolatedModules: true,
		skipLibCheck: true,
		noEmit: true,
		types: ["node"],
		paths: { "@pi/ai": [join(packageDir, "src", "index.ts")] },
	};
	const host = ts.createCompilerHost(options);
	const { getSourceFile, fileExists, readFile } = host;
	host.getCurrentDirectory = () => packageDir;
	host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
	host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
	host.getSourceFile = (name, languageVersion, ...rest) => {
		const code = files.get(name);
		return code === undefined
			? getSourceFile.call(host, name, languageVersion, ...rest)
			: ts.createSourceFile(name, code, languageVersion, true);
	};
	const program = ts.createProgram([...files.keys()], options, host);
	return [...files.keys()].flatMap((name, index) => {
		const source = program.getSourceFile(name);
		if (!source) return [`README example ${index + 1}: not compiled`];
		return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
			const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
			return `README example ${index + 1} (line ${line}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
		});
	});
}

/** A deliberately broken example, compiled with the real ones to prove the check reports errors. */
const BROKEN_EXAMPLE =
	'import { getModel } from "@pi/ai";\nconst id: number = getModel("anthropic", "claude-sonnet-4-5").id;\n';

describe("README", () => {
	// 180 s: the generated catalogue (42 providers, ~1,600 model-id literals) makes the program larger.
	it("has examples that compile against the public API under strict settings", { timeout: 180_000 }, () => {
		const examples = readmeExamples();
		expect(examples.length).toBeGreaterThanOrEqual(5);
		// One program for all examples (building it dominates the cost); only the broken one may fail.
		expect(typeCheck([...examples, BROKEN_EXAMPLE])).toEqual([
			expect.stringMatching(
				new RegExp(
					`^README example ${examples.length + 1} \\(line 2\\): Type 'string' is not assignable to type 'number'`,
				),
			),
		]);
	});
});
