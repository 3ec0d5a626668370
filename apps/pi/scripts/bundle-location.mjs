// Bundled into dist/bundle by bundle.mjs: where a bundled module would live if it were not bundled.
// A module that reads files next to itself (its package.json, the installed docs) or resolves from
// its own place (createRequire, jiti) gets `__piModuleUrl(package, path)` instead of
// `import.meta.url`. Packages are found the way Node finds them, walking up node_modules: from
// @pi/cli first, then from @pi/coding-agent (whose dependencies pnpm keeps out of @pi/cli's reach).
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const roots = new Map();

function manifestName(dir) {
	try {
		return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;
	} catch {
		return undefined;
	}
}

let cliRootDir;

function cliRoot() {
	if (cliRootDir !== undefined) return cliRootDir || undefined;
	cliRootDir = "";
	for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
		if (existsSync(join(dir, "package.json")) && manifestName(dir) === "@pi/cli") {
			cliRootDir = dir;
			break;
		}
	}
	return cliRootDir || undefined;
}

function findFrom(base, name) {
	for (let dir = base; dir !== dirname(dir); dir = dirname(dir)) {
		const candidate = join(dir, "node_modules", ...name.split("/"));
		if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
	}
	return undefined;
}

function packageRoot(name) {
	if (roots.has(name)) return roots.get(name);
	const cli = cliRoot();
	let root;
	if (name === "@pi/cli") root = cli;
	else if (cli) {
		root = findFrom(cli, name);
		if (!root && name !== "@pi/coding-agent") {
			const agent = packageRoot("@pi/coding-agent");
			if (agent) root = findFrom(agent, name);
		}
	}
	roots.set(name, root);
	return root;
}

/** The file URL of `path` inside the installed package `name`. */
export function __piModuleUrl(name, path) {
	const root = packageRoot(name);
	if (!root) throw new Error(`pi: package ${name} not found next to the bundle`);
	return pathToFileURL(join(root, path)).href;
}
