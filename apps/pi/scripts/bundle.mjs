// Bundles the built `pi` (dist/cli.js and everything it imports from the workspace) into
// dist/bundle/: one entry file plus a chunk per lazily imported part. Node spends most of a plain
// start-up resolving and reading ~700 module files (typebox alone is ~250); the bundle reads a few
// dozen. Run by `build` after `tsc -b`; tests keep spawning the unbundled dist/cli.js
// (PI_E2E_CLI=dist/bundle/pi.js runs them against the bundle). `bin` still points at dist/cli.js:
// the bundle is measured by `pnpm bench cli` beside it. A failed bundle never fails the build
// (dist/cli.js is complete without it): it is removed and a warning printed.
//
// Two rules keep the bundle behaving like the files it came from:
// - `import.meta.url` in each module is replaced by that module's original URL, so paths computed
//   from it (package.json reads, the installed docs, createRequire) stay what they were;
// - packages that are not plain ESM JavaScript (CommonJS with __dirname, wasm, generated code) stay
//   external and are imported from their installed location.
import { readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outdir = join(root, "dist", "bundle");

/** Bare-specifier packages bundled; every other package is imported from where it is installed. */
const BUNDLED_PACKAGES = new Set([
	"@pi/ai",
	"@pi/agent-core",
	"@pi/coding-agent",
	"@pi/tui",
	"@sinclair/typebox",
	"openai",
	"@anthropic-ai/sdk",
	"diff",
	"yaml",
	"ignore",
	"chalk",
	"marked",
	"get-east-asian-width",
]);

function packageName(specifier) {
	const parts = specifier.split("/");
	return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

const keepOriginalLocation = {
	name: "keep-original-location",
	setup(pluginBuild) {
		pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
			if (args.pluginData?.external || args.path.startsWith("node:")) return undefined;
			if (BUNDLED_PACKAGES.has(packageName(args.path))) return undefined;
			const resolved = await pluginBuild.resolve(args.path, {
				kind: args.kind,
				resolveDir: args.resolveDir,
				importer: args.importer,
				pluginData: { external: true },
			});
			if (resolved.errors.length > 0 || !resolved.path || resolved.external) return undefined;
			return { path: pathToFileURL(resolved.path).href, external: true };
		});
		pluginBuild.onLoad({ filter: /\.(m?js)$/ }, async (args) => {
			const source = await readFile(args.path, "utf8");
			if (!source.includes("import.meta.url")) return undefined;
			const url = JSON.stringify(pathToFileURL(args.path).href);
			return { contents: source.replaceAll("import.meta.url", url), loader: "js", resolveDir: dirname(args.path) };
		});
	},
};

await rm(outdir, { recursive: true, force: true });
try {
	await build({
		entryPoints: { pi: join(root, "dist", "cli.js") },
		outdir,
		bundle: true,
		splitting: true,
		format: "esm",
		platform: "node",
		target: "node20",
		chunkNames: "chunks/[name]-[hash]",
		plugins: [keepOriginalLocation],
		// Bundled CommonJS (ignore, parts of the SDKs) calls require() for Node built-ins.
		banner: {
			js: 'import { createRequire as __piCreateRequire } from "node:module"; const require = __piCreateRequire(import.meta.url);',
		},
		logLevel: "error",
	});
} catch (error) {
	await rm(outdir, { recursive: true, force: true });
	console.warn(
		`apps/pi: no bundle (dist/cli.js is unaffected): ${error instanceof Error ? error.message : String(error)}`,
	);
}
