// The host-module map: every name under which published extensions import pi's own packages
// (extensions.md §1.3). An extension written for the released pi imports
// `@earendil-works/pi-coding-agent`, the 0.x `@mariozechner/pi-*` names, `typebox` 1.x or
// `@sinclair/typebox` 0.x; each of those names resolves to the module object the host itself
// uses, so every extension shares one copy even when none is installed next to it, and a copy
// installed next to it (or bundled in a package) is never the one that runs.
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The host packages an extension may import. */
export type HostPackage = "coding-agent" | "ai" | "agent-core" | "tui" | "typebox";

/** Scopes under which the host has been published: ours, the released one, and the 0.x one. */
const HOST_SCOPES: Readonly<Record<Exclude<HostPackage, "typebox">, readonly string[]>> = {
	"coding-agent": ["@pi/coding-agent", "@earendil-works/pi-coding-agent", "@mariozechner/pi-coding-agent"],
	ai: ["@pi/ai", "@earendil-works/pi-ai", "@mariozechner/pi-ai"],
	"agent-core": ["@pi/agent-core", "@earendil-works/pi-agent-core", "@mariozechner/pi-agent-core"],
	tui: ["@pi/tui", "@earendil-works/pi-tui", "@mariozechner/pi-tui"],
};

/**
 * Subpaths of the ai package the released pi publishes; each one is served by our `@pi/ai`,
 * which carries their exports (the compat stream registry, the model catalogue, OAuth helpers).
 */
const AI_SUBPATHS = ["compat", "models", "oauth", "bedrock-provider", "bun-oauth"] as const;

/** Package names of TypeBox (1.x `typebox`, 0.x `@sinclair/typebox`). */
const TYPEBOX_PACKAGES = ["typebox", "@sinclair/typebox"] as const;

/** Every package name (without subpath) that is a host package, and which one it is. */
export const HOST_PACKAGE_NAMES: ReadonlyMap<string, HostPackage> = new Map<string, HostPackage>([
	...Object.entries(HOST_SCOPES).flatMap(([pkg, names]) => names.map((name) => [name, pkg as HostPackage] as const)),
	...TYPEBOX_PACKAGES.map((name) => [name, "typebox"] as const),
]);

/** Every specifier the map serves, as a list (for documentation and tests). */
export function hostModuleSpecifiers(): string[] {
	const specifiers: string[] = [];
	for (const [pkg, names] of Object.entries(HOST_SCOPES)) {
		for (const name of names) {
			specifiers.push(name);
			if (pkg === "ai") specifiers.push(...AI_SUBPATHS.map((subpath) => `${name}/${subpath}`));
		}
	}
	for (const name of TYPEBOX_PACKAGES) specifiers.push(name, `${name}/value`, `${name}/compiler`, `${name}/compile`);
	return specifiers;
}

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
export function packageNameOf(specifier: string): string {
	const parts = specifier.split("/");
	return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Which host package a specifier names, or undefined for anything else. */
export function hostPackageOf(specifier: string): HostPackage | undefined {
	return HOST_PACKAGE_NAMES.get(packageNameOf(specifier));
}

/**
 * The module objects of every host specifier, keyed by specifier (jiti's `virtualModules`).
 * Loaded on first use: a run without file extensions never pays for them.
 */
export async function loadHostModules(): Promise<Record<string, unknown>> {
	const [codingAgent, ai, agentCore, tui, typebox] = await Promise.all([
		import("../../index.js"),
		import("@pi/ai"),
		import("@pi/agent-core"),
		import("@pi/tui"),
		import("./typebox-compat.js"),
	]);
	const modules: Record<string, unknown> = {};
	const objects: Record<Exclude<HostPackage, "typebox">, unknown> = {
		"coding-agent": codingAgent,
		ai,
		"agent-core": agentCore,
		tui,
	};
	for (const [pkg, names] of Object.entries(HOST_SCOPES) as [Exclude<HostPackage, "typebox">, readonly string[]][]) {
		for (const name of names) {
			modules[name] = objects[pkg];
			if (pkg === "ai") for (const subpath of AI_SUBPATHS) modules[`${name}/${subpath}`] = ai;
		}
	}
	for (const name of TYPEBOX_PACKAGES) {
		modules[name] = typebox.typeboxModule;
		modules[`${name}/value`] = typebox.typeboxValueModule;
		modules[`${name}/compiler`] = typebox.typeboxCompilerModule;
		modules[`${name}/compile`] = typebox.typeboxCompileModule;
	}
	return modules;
}

/**
 * Host packages a package carries in its own `node_modules` (bundledDependencies, or installed as
 * its dependencies). They are never used — the map serves the host's copy — so an author who
 * expects their copy to run (a different version, a patched one) is told, once per package.
 */
export function findBundledHostPackages(packageDir: string): string[] {
	const nodeModules = join(packageDir, "node_modules");
	if (!existsSync(nodeModules)) return [];
	const found: string[] = [];
	for (const name of HOST_PACKAGE_NAMES.keys()) {
		if (existsSync(join(nodeModules, ...name.split("/"), "package.json"))) found.push(name);
	}
	return found.sort();
}

/** The warning for `findBundledHostPackages`' result (empty list: no warning). */
export function bundledHostPackagesWarning(packageDir: string, names: readonly string[]): string | undefined {
	if (names.length === 0) return undefined;
	return `${packageDir} bundles its own copy of ${names.join(", ")}; pi uses its own instead (list them as peerDependencies, not dependencies)`;
}
