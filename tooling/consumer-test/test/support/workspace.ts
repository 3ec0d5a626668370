import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** A workspace package that is published (no `"private": true`). */
export interface PublishablePackage {
	name: string;
	dir: string;
	version: string;
}

/** Every publishable package under packages/, apps/ and tooling/, so a new one is covered without an edit here. */
export function publishablePackages(): PublishablePackage[] {
	const found: PublishablePackage[] = [];
	for (const group of ["packages", "apps", "tooling"]) {
		for (const entry of readdirSync(join(ROOT, group))) {
			const dir = join(ROOT, group, entry);
			const manifestPath = join(dir, "package.json");
			if (!existsSync(manifestPath)) continue;
			const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
				name: string;
				version: string;
				private?: boolean;
			};
			if (manifest.private) continue;
			found.push({ name: manifest.name, dir, version: manifest.version });
		}
	}
	return found;
}

/** Runs pnpm: the one running this script when there is one, else the pinned version through npx. */
function pnpm(args: string[], cwd: string): string {
	const execPath = process.env.npm_execpath ?? "";
	if (/pnpm(\.c?js)?$/.test(execPath))
		return execFileSync(process.execPath, [execPath, ...args], { cwd, encoding: "utf8" });
	const rootManifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { packageManager: string };
	return execFileSync("npx", ["--yes", rootManifest.packageManager, ...args], { cwd, encoding: "utf8" });
}

/**
 * `pnpm pack` of the packages into `destination`, in one recursive pnpm run (pnpm rewrites
 * `workspace:*` to the real version, as `pnpm publish` does). Returns each package's tarball path.
 */
export function packAll(packages: readonly PublishablePackage[], destination: string): Map<string, string> {
	const filters = packages.flatMap((pkg) => ["--filter", `./${relative(ROOT, pkg.dir)}`]);
	pnpm(["-r", ...filters, "pack", "--pack-destination", destination], ROOT);
	const tarballs = new Map<string, string>();
	for (const pkg of packages) {
		const file = `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`;
		const path = join(destination, file);
		if (!existsSync(path)) throw new Error(`pnpm pack of ${pkg.name} did not write ${file}`);
		tarballs.set(pkg.name, path);
	}
	return tarballs;
}
