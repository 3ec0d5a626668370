// The seam for package-provided MCP servers (`"pi": { "mcp": "./mcp.json" }`): which installed
// packages name an mcp.json-format file. The MCP extension reads and starts those servers; this
// module only finds them, with the same scope and trust rules as every other package resource.
import { resolve } from "node:path";
import type { PackageLocations } from "./package-locations.js";
import { readPackageLists, resolveConfiguredPackages } from "./package-resolver.js";

/** One package's MCP server file. */
export interface PackageMcpConfig {
	/** The package source as written in settings. */
	source: string;
	scope: "user" | "project";
	/** The package's folder. */
	packageRoot: string;
	/** Absolute path of the file in mcp.json format. */
	configPath: string;
}

/**
 * The MCP server files of the configured, installed packages (project ones only when
 * `projectTrusted`), in load order. Packages not installed yet are left out.
 */
export function findPackageMcpConfigs(locations: PackageLocations, projectTrusted: boolean): PackageMcpConfig[] {
	const packages = resolveConfiguredPackages(locations, readPackageLists(locations), projectTrusted);
	const configs: PackageMcpConfig[] = [];
	for (const pkg of packages) {
		if (!pkg.root || !pkg.manifest?.mcp || pkg.scope === "temporary") continue;
		configs.push({
			source: pkg.source,
			scope: pkg.scope,
			packageRoot: pkg.root,
			configPath: resolve(pkg.root, pkg.manifest.mcp),
		});
	}
	return configs;
}
