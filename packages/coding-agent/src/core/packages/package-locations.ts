// Where installed packages live: pi 1.4's layout, so packages a 1.4 user installed load as they are.
//   personal npm   <agentDir>/npm/node_modules/<name>        (an npm project: <agentDir>/npm/package.json)
//   project npm    <cwd>/.pi/npm/node_modules/<name>
//   personal git   <agentDir>/git/<host>/<owner>/<repo>
//   project git    <cwd>/.pi/git/<host>/<owner>/<repo>
//   one run (-e)   <agentDir>/tmp/extensions/…
import { createHash } from "node:crypto";
import { join, resolve, sep } from "node:path";
import { CONFIG_DIR_NAME } from "../session/session-paths.js";
import type { PackageScope } from "./package-entries.js";
import type { GitPackageSource, NpmPackageSource } from "./package-source.js";

/** A settings scope, or `temporary` for `-e` sources loaded for one run. */
export type InstallScope = PackageScope | "temporary";

/** The directories one install works in. */
export interface PackageLocations {
	agentDir: string;
	cwd: string;
	/** `npmCommand` from settings: asked for its global root when a personal npm package is not in `<agentDir>/npm`. */
	npmCommand?: unknown;
}

function inside(root: string, ...parts: string[]): string {
	const base = resolve(root);
	const path = resolve(base, ...parts);
	if (path !== base && !path.startsWith(`${base}${sep}`)) {
		throw new Error(`Refusing a package path outside ${base}: ${path}`);
	}
	return path;
}

/** The folder of one-run (`-e`) installs. */
export function temporaryRoot(locations: PackageLocations): string {
	return join(locations.agentDir, "tmp", "extensions");
}

function hash(text: string): string {
	return createHash("sha256").update(text).digest("hex").slice(0, 8);
}

/** The npm project packages of a scope are installed into. */
export function npmRoot(locations: PackageLocations, scope: InstallScope): string {
	if (scope === "temporary") return inside(temporaryRoot(locations), "npm", hash("npm-"));
	if (scope === "project") return join(resolve(locations.cwd), CONFIG_DIR_NAME, "npm");
	return join(locations.agentDir, "npm");
}

/** Where an npm package is (or will be) installed. */
export function npmPackagePath(locations: PackageLocations, source: NpmPackageSource, scope: InstallScope): string {
	return inside(npmRoot(locations, scope), "node_modules", source.name);
}

/** The root of a scope's git checkouts (undefined for one-run installs, which use a hashed folder). */
export function gitRoot(locations: PackageLocations, scope: InstallScope): string | undefined {
	if (scope === "temporary") return undefined;
	if (scope === "project") return join(resolve(locations.cwd), CONFIG_DIR_NAME, "git");
	return join(locations.agentDir, "git");
}

/** Where a git package is (or will be) checked out. One-run checkouts get one folder per ref. */
export function gitPackagePath(locations: PackageLocations, source: GitPackageSource, scope: InstallScope): string {
	const root = gitRoot(locations, scope);
	if (root) return inside(root, source.host, source.path);
	const ref = source.ref ? `@${source.ref}` : "";
	return inside(
		temporaryRoot(locations),
		`git-${source.host}`,
		hash(`git-${source.host}-${source.path}${ref}`),
		source.path,
	);
}
