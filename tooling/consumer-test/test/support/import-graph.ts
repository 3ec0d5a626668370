import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** Every .ts file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
	});
}

/**
 * The relative modules `file` imports or re-exports statically: import and export declarations
 * (`import type` included) and `import("…")` type references. A dynamic `import()` call is a lazy
 * load by design (the CLI's modes, extensions' view of the package) and is not an edge.
 */
function relativeImports(file: string): string[] {
	const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
	const specifiers: string[] = [];
	const visit = (node: ts.Node): void => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
			if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
		} else if (ts.isImportTypeNode(node)) {
			const argument = node.argument;
			if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal))
				specifiers.push(argument.literal.text);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return specifiers
		.filter((specifier) => specifier.startsWith("."))
		.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, ".ts")))
		.filter((path) => existsSync(path));
}

/**
 * The import cycles among the sources under `srcDir`: each strongly connected component of the
 * import graph with more than one file (or a file importing itself), as paths relative to `root`.
 */
export function importCycles(srcDir: string, root: string): string[][] {
	const graph = new Map(sourceFiles(srcDir).map((file) => [file, relativeImports(file)]));
	// Tarjan's algorithm, iterative enough for source trees of a few hundred files.
	let index = 0;
	const indexOf = new Map<string, number>();
	const lowLink = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const components: string[][] = [];
	const visit = (file: string): void => {
		indexOf.set(file, index);
		lowLink.set(file, index);
		index++;
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!indexOf.has(next)) {
				visit(next);
				lowLink.set(file, Math.min(lowLink.get(file) ?? 0, lowLink.get(next) ?? 0));
			} else if (onStack.has(next)) {
				lowLink.set(file, Math.min(lowLink.get(file) ?? 0, indexOf.get(next) ?? 0));
			}
		}
		if (lowLink.get(file) !== indexOf.get(file)) return;
		const component: string[] = [];
		let member: string | undefined;
		do {
			member = stack.pop();
			if (member === undefined) break;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || (graph.get(file) ?? []).includes(file)) {
			components.push(component.map((path) => relative(root, path)).sort());
		}
	};
	for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
	return components;
}
