// Bundles the built `pi` (dist/cli.js and everything it imports) into dist/bundle/: one entry
// file, the `bin` of @pi/cli, plus a chunk per lazily imported part (splitting), so a mode parses
// only what it runs. Node spends most of a plain start-up resolving and reading ~700 module files
// (typebox alone is ~250); the bundle reads a few dozen. Run by `build` after `tsc -b`; a failed
// bundle fails the build (it is what `pi` runs). dist/cli.js stays as the unbundled program
// (PI_E2E_CLI=dist/cli.js runs the e2e tests against it).
//
// Two rules keep the bundle behaving like the files it came from, wherever it is installed:
// - `import.meta.url` in each module is replaced by that module's URL in its installed package,
//   found at run time (bundle-location.mjs), so paths computed from it (package.json reads, the
//   installed docs, createRequire) stay what they were, in this repository and in an npm install;
// - the few packages that cannot be bundled (wasm, CommonJS with __dirname, a loader of its own) stay
//   external as bare specifiers; they are dependencies of @pi/cli so they resolve from the bundle.
import { existsSync, readFileSync as readFileSyncSync } from "node:fs";
import { chmod, readFile, rm } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outdir = join(root, "dist", "bundle");
const locationModule = join(root, "scripts", "bundle-location.mjs");

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
			if (args.path === locationModule) return undefined;
			const source = await readFile(args.path, "utf8");
			if (!source.includes("import.meta.url")) return undefined;
			const owner = owningPackage(args.path);
			if (!owner) throw new Error(`${args.path} uses import.meta.url outside a package`);
			const call = `__piModuleUrl(${JSON.stringify(owner.name)}, ${JSON.stringify(owner.path)})`;
			return {
				contents: `import { __piModuleUrl } from ${JSON.stringify(locationModule)};\n${source.replaceAll("import.meta.url", call)}`,
				loader: "js",
				resolveDir: dirname(args.path),
			};
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
	await chmod(join(outdir, "pi.js"), 0o755);
} catch (error) {
	await rm(outdir, { recursive: true, force: true });
	throw error;
}
