import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import * as publicApi from "../src/index.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const sourceIndex = fileURLToPath(new URL("../src/index.ts", import.meta.url));

/** The first ```ts block after the "## Quick start" heading. */
function quickStart(): string {
	const section = readme.slice(readme.indexOf("## Quick start"));
	const match = /```ts\n([\s\S]*?)```/.exec(section);
	if (!match?.[1]) throw new Error("README.md has no ```ts block under ## Quick start");
	return match[1];
}

let directory = "";

afterEach(() => {
	if (directory) rmSync(directory, { recursive: true, force: true });
	directory = "";
});

describe("README quick start", () => {
	it("is an app of at most 20 lines", () => {
		const lines = quickStart()
			.split("\n")
			.filter((line) => line.trim() !== "");
		expect(lines.length).toBeGreaterThan(5);
		expect(lines.length).toBeLessThanOrEqual(20);
	});

	it("type-checks against the public API under the repository's strict settings", () => {
		directory = mkdtempSync(join(tmpdir(), "pi-tui-readme-"));
		const example = join(directory, "quick-start.mts");
		writeFileSync(example, quickStart());
		// A control: the same check must reject a misuse of the API.
		const broken = join(directory, "broken.mts");
		writeFileSync(broken, 'import { TUI } from "@pi/tui";\nnew TUI().start(1);\n');
		const program = ts.createProgram([example, broken], {
			target: ts.ScriptTarget.ES2023,
			lib: ["lib.es2023.d.ts"],
			module: ts.ModuleKind.NodeNext,
			moduleResolution: ts.ModuleResolutionKind.NodeNext,
			strict: true,
			noUncheckedIndexedAccess: true,
			noImplicitOverride: true,
			verbatimModuleSyntax: true,
			skipLibCheck: true,
			noEmit: true,
			types: ["node"],
			typeRoots: [fileURLToPath(new URL("../../../node_modules/@types", import.meta.url))],
			// "@pi/tui" resolves to the sources, so the example is checked against the current API.
			paths: { "@pi/tui": [sourceIndex] },
		});
		const diagnosticsOf = (file: string): string[] => {
			const sourceFile = program.getSourceFile(file);
			if (!sourceFile) throw new Error(`not in the program: ${file}`);
			return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map(
				(diagnostic) => {
					const line =
						diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
					return `line ${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
				},
			);
		};
		expect(program.getOptionsDiagnostics()).toEqual([]);
		expect(diagnosticsOf(example)).toEqual([]);
		expect(diagnosticsOf(broken).length).toBeGreaterThan(0);
		// Building a TypeScript program (lib, @types/node, the sources) takes seconds.
	}, 60_000);

	it("runs: echoes what is typed and quits on ctrl+c", async () => {
		const source = quickStart();
		const importPattern = /^import \{([^}]*)\} from "@pi\/tui";\n/m;
		const names = (importPattern.exec(source)?.[1] ?? "").split(",").map((name) => name.trim());
		const body = ts.transpileModule(source.replace(importPattern, ""), {
			compilerOptions: { target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext },
		}).outputText;
		const terminal = new VirtualTerminal(40, 8);
		const exports: Record<string, unknown> = { ...publicApi };
		// The app constructs a ProcessTerminal; hand it the virtual one instead.
		exports.ProcessTerminal = function ProcessTerminal() {
			return terminal;
		};
		new Function(...names, body)(...names.map((name) => exports[name]));
		const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
		await tick();
		terminal.sendInput("hello");
		terminal.sendInput("\r");
		await tick();
		await terminal.flush();
		expect(terminal.getViewport().slice(0, 5)).toEqual([
			"Type something and press Enter. Ctrl+C",
			"quits.",
			"",
			"you said: hello",
			">",
		]);
		terminal.sendInput("\x03");
		await terminal.flush();
		expect(terminal.getCursor().visible).toBe(true);
		expect(() => terminal.sendInput("x")).toThrow("before start");
	});
});
