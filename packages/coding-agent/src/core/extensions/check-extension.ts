// A static look at one extension file for `pi list`: does it compile, and does every module it
// imports resolve (a host module, a Node built-in, a file next to it, a package in node_modules)?
// Nothing of the extension runs: importing it would execute its top-level code, which listing
// packages must never do (pi 1.4's `pi list` does not load extensions either).
import { existsSync, readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, parse, resolve } from "node:path";
import { hostModuleSpecifiers, hostPackageOf, packageNameOf } from "./host-modules.js";

// Static imports and re-exports (`import x from "m"`, `export * from "m"`, `import "m"`): the
// ones that fail a load. Dynamic `import()` and `require()` run later, often guarded (optional
// dependencies, code for a browser page inside a template string), so they are not checked.
// Type-only imports are erased at load and skipped.
const IMPORT_PATTERNS = [
	/(?:^|[;\n}])\s*(import|export)\s+(type\s+)?[^;'"]*?\bfrom\s*["']([^"']+)["']/g,
	/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g,
];

const RELATIVE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"];
const BUILTINS = new Set(builtinModules);

/** The module specifiers a source file imports at run time (type-only imports left out). */
export function importedSpecifiers(source: string): string[] {
	const found = new Set<string>();
	for (const pattern of IMPORT_PATTERNS) {
		for (const match of source.matchAll(pattern)) {
			if (match.length === 4) {
				if (match[2]) continue;
				found.add(match[3]!);
			} else found.add(match[1]!);
		}
	}
	return [...found];
}

function relativeResolves(fromDir: string, specifier: string): boolean {
	const base = resolve(fromDir, specifier);
	// TypeScript sources import their siblings as `./x.js`.
	const candidates = [base, base.replace(/\.(m|c)?js$/, "")];
	for (const candidate of candidates) {
		for (const suffix of RELATIVE_SUFFIXES) if (existsSync(candidate + suffix)) return true;
		for (const suffix of RELATIVE_SUFFIXES.slice(1)) if (existsSync(join(candidate, `index${suffix}`))) return true;
	}
	return false;
}

// A package folder in some node_modules above the file (covers ESM-only packages that
// require.resolve cannot see).
function packageInstalled(fromDir: string, name: string): boolean {
	let dir = fromDir;
	for (;;) {
		if (existsSync(join(dir, "node_modules", name, "package.json"))) return true;
		const parent = dirname(dir);
		if (parent === dir || dir === parse(dir).root) return false;
		dir = parent;
	}
}

function specifierResolves(path: string, specifier: string, hostSpecifiers: ReadonlySet<string>): boolean {
	if (specifier.startsWith("node:") || BUILTINS.has(specifier) || BUILTINS.has(specifier.split("/")[0]!)) return true;
	if (hostSpecifiers.has(specifier) || hostPackageOf(specifier) !== undefined) return true;
	const fromDir = dirname(path);
	if (specifier.startsWith(".") || specifier.startsWith("/")) return relativeResolves(fromDir, specifier);
	try {
		createRequire(path).resolve(specifier);
		return true;
	} catch {
		return packageInstalled(fromDir, packageNameOf(specifier));
	}
}

/**
 * Checks an extension file without running it: "loads" when it compiles and its imports resolve,
 * else why not (`cannot resolve "x"`, the syntax error).
 */
export async function checkExtensionModule(path: string): Promise<{ ok: true } | { error: string }> {
	let source: string;
	try {
		source = readFileSync(path, "utf8");
	} catch (error) {
		return { error: `${path}: ${(error as Error).message}` };
	}
	try {
		const { createJiti } = await import("jiti");
		const code = createJiti(path).transform({ source, filename: path, ts: /\.[mc]?tsx?$/.test(path) });
		// jiti reports a parse error as a module that throws it, not by throwing.
		const parseError = /__JITI_ERROR__ = (\{.*\})/.exec(code);
		if (parseError) {
			const info = JSON.parse(parseError[1]!) as { line?: number; column?: number; message?: string };
			return {
				error: `${path}:${info.line ?? 1}:${(info.column ?? 0) + 1}: ${info.message?.trim() ?? "syntax error"}`,
			};
		}
	} catch (error) {
		return { error: `${path}: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}` };
	}
	const hostSpecifiers = new Set(hostModuleSpecifiers());
	const missing = importedSpecifiers(source).filter((spec) => !specifierResolves(path, spec, hostSpecifiers));
	if (missing.length > 0) return { error: `${path}: cannot resolve ${missing.map((m) => `"${m}"`).join(", ")}` };
	return { ok: true };
}
