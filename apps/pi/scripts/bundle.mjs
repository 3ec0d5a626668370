// Bundles the built `pi` (dist/main.js and everything it imports) into dist/bundle/: a module per
// lazily imported part (splitting), so a mode parses only what it runs, run by dist/bundle/pi.js,
// the `bin` of @pi/cli (bundle-loader.cjs). Node spends most of a plain start-up resolving and
// reading ~700 module files (typebox alone is ~250); the bundle reads a few dozen. esbuild writes
// the split bundle as ES modules; each is then converted to a CommonJS function the loader runs
// through vm.Script, because Node 20 can cache V8's compiled code only for scripts (see
// bundle-loader.cjs). Run by `build` after `tsc -b`; a failed bundle fails the build (it is what
// `pi` runs). dist/cli.js stays as the unbundled program (PI_E2E_CLI=dist/cli.js runs the e2e
// tests against it).
//
// Two rules keep the bundle behaving like the files it came from, wherever it is installed:
// - `import.meta.url` in each module is replaced by that module's URL in its installed package,
//   found at run time (bundle-location.mjs), so paths computed from it (package.json reads, the
//   installed docs, createRequire) stay what they were, in this repository and in an npm install;
// - the few packages that cannot be bundled (wasm, CommonJS with __dirname, a loader of its own) stay
//   external as bare specifiers; they are dependencies of @pi/cli so they resolve from the bundle.

import { createHash } from "node:crypto";
import { existsSync, readFileSync as readFileSyncSync } from "node:fs";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { init as initModuleLexer, parse as parseModule } from "es-module-lexer";
import { build, transform } from "esbuild";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** dist/bundle, or the directory given as the first argument (to try a change beside the built one). */
const outdir = process.argv[2] ? join(process.cwd(), process.argv[2]) : join(root, "dist", "bundle");
const locationModule = join(root, "scripts", "bundle-location.mjs");
const fetchTypesModule = join(root, "scripts", "bundle-fetch-types.mjs");

/** Imported from where they are installed (each is imported lazily, and listed in dependencies). */
const EXTERNAL_PACKAGES = ["jiti", "@silvia-odwyer/photon-node", "@google/genai"];

function packageName(specifier) {
	const parts = specifier.split("/");
	return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The nearest package.json above `file`: its name and the file's path inside the package. */
function owningPackage(file) {
	for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
		const manifest = join(dir, "package.json");
		if (!existsSync(manifest)) continue;
		const name = JSON.parse(readFileSyncSync(manifest, "utf8")).name;
		if (typeof name === "string") return { name, path: relative(dir, file).split(sep).join("/") };
	}
	return undefined;
}

const keepOriginalLocation = {
	name: "keep-original-location",
	setup(pluginBuild) {
		pluginBuild.onResolve({ filter: /^[^./#]/ }, (args) => {
			if (args.path.startsWith("node:")) return undefined;
			if (EXTERNAL_PACKAGES.includes(packageName(args.path))) return { path: args.path, external: true };
			return undefined;
		});
		pluginBuild.onLoad({ filter: /\.(m?js)$/ }, async (args) => {
			if (args.path === locationModule || args.path === fetchTypesModule) return undefined;
			const source = await readFile(args.path, "utf8");
			const prefix = [];
			let contents = source;
			if (source.includes("import.meta.url")) {
				const owner = owningPackage(args.path);
				if (!owner) throw new Error(`${args.path} uses import.meta.url outside a package`);
				const call = `__piModuleUrl(${JSON.stringify(owner.name)}, ${JSON.stringify(owner.path)})`;
				prefix.push(`import { __piModuleUrl } from ${JSON.stringify(locationModule)};`);
				contents = contents.replaceAll("import.meta.url", call);
			}
			const fetchTypes = fetchTypesFor(args.path, source);
			if (fetchTypes) prefix.push(`import { ${fetchTypes} } from ${JSON.stringify(fetchTypesModule)};`);
			if (prefix.length === 0) return undefined;
			return { contents: `${prefix.join("\n")}\n${contents}`, loader: "js", resolveDir: dirname(args.path) };
		});
	},
};

/**
 * Which of bundle-fetch-types.mjs's classes stand in for the globals of the file at `path`, as an
 * import list: the `openai` SDK's ES modules and @pi/ai's nodeHttpFetch (see that file for why).
 */
function fetchTypesFor(path, source) {
	const file = path.split(sep).join("/");
	let names;
	if (file.endsWith("/dist/providers/shared/node-http-fetch.js") && owningPackage(path)?.name === "@pi/ai") {
		names = { Headers: "Headers", Response: "Response" };
		linkedToFetchTypes.nodeHttpFetch = true;
	} else if (file.endsWith(".mjs") && /\/node_modules\/openai\//.test(file) && owningPackage(path)?.name === "openai") {
		names = { Headers: "Headers", Response: "SdkResponse as Response", FormData: "SdkFormData as FormData" };
	} else return undefined;
	const used = Object.keys(names).filter((name) => new RegExp(`\\b${name}\\b`).test(source));
	if (used.length === 0) return undefined;
	for (const name of used) {
		if (new RegExp(`\\b(class|function|const|let|var|as)\\s+${name}\\b|import\\s+${name}\\b`).test(source)) {
			throw new Error(`${path} declares ${name} itself: bundle.mjs cannot link it to bundle-fetch-types.mjs`);
		}
	}
	if (names.FormData) linkedToFetchTypes.openai = true;
	return used.map((name) => names[name]).join(", ");
}
const linkedToFetchTypes = { openai: false, nodeHttpFetch: false };

/** es-module-lexer's kind for `import(…)`. */
const DYNAMIC_IMPORT = 2;

/**
 * Every `import(…)` of an ES module of the split bundle, rewritten to a call of a function the loader
 * passes in: `__piImport` for another bundle module, `__piImportExternal` for anything else (jiti,
 * the extension files it brings in, lazily loaded packages). No `import()` may stay in the converted
 * code: V8 loses a script's dynamic-import callback when the script comes from cached data (on
 * Node 20 `import()` then throws "A dynamic import callback was not specified"), and Node's own
 * callback for vm scripts is experimental and warns on stderr. The loader's functions are ordinary
 * `import()`s of a file Node compiled itself. The lexer finds the calls exactly, so an `import(`
 * inside a string or a comment is left alone.
 */
async function rewriteDynamicImports(file, code, localDynamicImports) {
	await initModuleLexer;
	const [imports] = parseModule(code);
	const seen = new Set();
	let rewritten = "";
	let copiedUpTo = 0;
	for (const { t: kind, n: specifier, ss: keywordStart, d: openParen } of imports) {
		if (kind !== DYNAMIC_IMPORT) continue;
		const local = specifier !== undefined && localDynamicImports.includes(specifier);
		if (local) seen.add(specifier);
		rewritten += code.slice(copiedUpTo, keywordStart) + (local ? "__piImport" : "__piImportExternal");
		copiedUpTo = openParen;
	}
	rewritten += code.slice(copiedUpTo);
	for (const specifier of localDynamicImports) {
		if (!seen.has(specifier)) throw new Error(`${file}: import("${specifier}") not found to rewrite`);
	}
	return rewritten;
}

/**
 * One ES module of the split bundle as the function body the loader runs: CommonJS (esbuild's
 * transform), `import.meta.url` the module's own URL, and every import() through the loader.
 */
async function toLoaderModule(file, code, localDynamicImports) {
	const rewritten = await rewriteDynamicImports(file, code, localDynamicImports);
	const { code: commonJs } = await transform(rewritten, {
		format: "cjs",
		platform: "node",
		target: "node20",
		define: { "import.meta.url": "__piChunkUrl" },
		logLevel: "error",
	});
	if (/\bimport\.meta\b/.test(commonJs)) throw new Error(`${file}: import.meta left after the transform`);
	const [left] = parseModule(commonJs);
	if (left.some((entry) => entry.t === DYNAMIC_IMPORT)) throw new Error(`${file}: import() left after the transform`);
	return `(function (exports, require, module, __filename, __dirname, __piImport, __piChunkUrl, __piImportExternal) {"use strict";\n${commonJs}\n})`;
}

// Written beside the old bundle, then swapped in: a run starting meanwhile finds one or the other.
const staging = `${outdir}.staging-${process.pid}`;
try {
	const result = await build({
		entryPoints: { "pi-main": join(root, "dist", "main.js") },
		outdir: staging,
		bundle: true,
		splitting: true,
		format: "esm",
		platform: "node",
		target: "node20",
		chunkNames: "chunks/[name]-[hash]",
		plugins: [keepOriginalLocation],
		metafile: true,
		write: false,
		logLevel: "error",
	});
	// For start-up work: which source files each chunk carries (`PI_BUNDLE_METAFILE=/tmp/meta.json`).
	if (process.env.PI_BUNDLE_METAFILE) await writeFile(process.env.PI_BUNDLE_METAFILE, JSON.stringify(result.metafile));
	// Only start-up time depends on it: say so, but a moved file must not fail everyone's build.
	for (const [what, linked] of Object.entries(linkedToFetchTypes)) {
		if (!linked)
			console.warn(`bundle.mjs: ${what} not linked to bundle-fetch-types.mjs (undici loads at the first request)`);
	}
	await mkdir(join(staging, "chunks"), { recursive: true });
	const modules = await Promise.all(
		result.outputFiles.map(async (output) => {
			const relativePath = relative(staging, output.path).split(sep).join("/");
			const meta = result.metafile.outputs[relative(process.cwd(), output.path).split(sep).join("/")];
			if (!meta) throw new Error(`no metafile entry for ${relativePath}`);
			const localDynamicImports = meta.imports
				.filter((entry) => entry.kind === "dynamic-import" && !entry.external)
				.map((entry) => {
					const target = relative(dirname(output.path), join(process.cwd(), entry.path)).split(sep).join("/");
					return target.startsWith(".") ? target : `./${target}`;
				});
			const contents = await toLoaderModule(relativePath, output.text, localDynamicImports);
			await writeFile(output.path, contents);
			return { relativePath, contents };
		}),
	);
	const hash = createHash("sha256");
	modules.sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1));
	for (const { relativePath, contents } of modules)
		hash.update(relativePath).update("\0").update(contents).update("\0");
	const loader = await readFile(join(root, "scripts", "bundle-loader.cjs"), "utf8");
	const buildId = hash.digest("hex").slice(0, 16);
	await writeFile(join(staging, "pi.js"), loader.replace("__PI_BUILD_ID__", buildId));
	await chmod(join(staging, "pi.js"), 0o755);
	// pi.js is CommonJS (no name: bundle-location.mjs looks further up for @pi/cli's package.json).
	await writeFile(join(staging, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
	await rm(outdir, { recursive: true, force: true });
	await rename(staging, outdir);
} catch (error) {
	await rm(staging, { recursive: true, force: true });
	await rm(outdir, { recursive: true, force: true });
	throw error;
}
