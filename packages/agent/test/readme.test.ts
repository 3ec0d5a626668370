import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtinModels } from "@pi/ai";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(join(packageDir, "README.md"), "utf8");

/** The first ```ts block after the "## Quick start" heading. */
function quickStart(): string {
	const section = readme.slice(readme.indexOf("## Quick start"));
	const match = /```ts\n([\s\S]*?)```/.exec(section);
	if (!match?.[1]) throw new Error("README.md has no ```ts block under ## Quick start");
	return match[1];
}

/**
 * Type-checks in-memory modules with the repository's strict settings; `@pi/agent-core` resolves
 * to this package's sources, `@pi/ai` through its package exports. Returns `file:line: message`.
 */
function typeCheck(files: Map<string, string>): string[] {
	const options: ts.CompilerOptions = {
		target: ts.ScriptTarget.ES2023,
		lib: ["lib.es2023.d.ts"],
		module: ts.ModuleKind.NodeNext,
		moduleResolution: ts.ModuleResolutionKind.NodeNext,
		strict: true,
		noUncheckedIndexedAccess: true,
		noImplicitOverride: true,
		verbatimModuleSyntax: true,
		isolatedModules: true,
		skipLibCheck: true,
		noEmit: true,
		types: ["node"],
		paths: { "@pi/agent-core": [join(packageDir, "src", "index.ts")] },
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
	return [...files.keys()].flatMap((name) => {
		const source = program.getSourceFile(name);
		if (!source) return [`${name}: not compiled`];
		return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
			const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
			return `${name.slice(packageDir.length + 1)}:${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
		});
	});
}

describe("README quick start", () => {
	it("type-checks against the public API under strict settings", { timeout: 60_000 }, () => {
		const example = join(packageDir, "test", "readme-quick-start.mts");
		// A control in the same program: the check must reject a misuse of the API.
		const broken = join(packageDir, "test", "readme-broken.mts");
		const files = new Map([
			[example, quickStart()],
			[broken, 'import { Agent } from "@pi/agent-core";\nnew Agent({});\n'],
		]);
		expect(typeCheck(files)).toEqual([expect.stringMatching(/^test\/readme-broken\.mts:2: [\s\S]*streamFn/)]);
	});

	it("names models that exist in @pi/ai's catalogue", () => {
		const calls = [...readme.matchAll(/getModel\("([^"]+)", "([^"]+)"\)/g)];
		expect(calls.length).toBeGreaterThan(0);
		const models = builtinModels();
		for (const [, provider = "", modelId = ""] of calls) {
			expect(models.getModel(provider, modelId), `${provider}/${modelId}`).toBeDefined();
		}
	});
});
