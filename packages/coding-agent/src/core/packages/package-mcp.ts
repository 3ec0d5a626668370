// Package-provided MCP servers (`"pi": { "mcp": "./mcp.json" }`): which installed packages name an
// mcp.json-format file, and the servers in it. Loading registers them like `pi.registerMcpServer`
// does, so the MCP extension starts them; scope and trust rules are every package resource's.
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { PackageLocations } from "./package-locations.js";
import { type ResolvedPackage, readPackageLists, resolveConfiguredPackages } from "./package-resolver.js";

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

/** An `mcpServers` entry a package contributes, ready for the session's MCP server registry. */
export interface PackageMcpServer {
	name: string;
	config: Record<string, unknown>;
	/** The package source, shown where the server is listed or fails. */
	source: string;
}

/**
 * The servers of the loaded packages' mcp files (same format as mcp.json). A local command runs
 * in the package's folder unless the entry sets `cwd` (relative ones resolve against that folder
 * too), so `"args": ["./server.js"]` finds the package's file. Unreadable files become problems.
 */
export function readPackageMcpServers(packages: readonly ResolvedPackage[]): {
	servers: PackageMcpServer[];
	problems: string[];
} {
	const servers: PackageMcpServer[] = [];
	const problems: string[] = [];
	for (const pkg of packages) {
		if (!pkg.root || pkg.problem || !pkg.manifest?.mcp) continue;
		const root = statSync(pkg.root).isDirectory() ? pkg.root : dirname(pkg.root);
		const path = resolve(root, pkg.manifest.mcp);
		let parsed: unknown;
		try {
			parsed = JSON.parse(readFileSync(path, "utf8"));
		} catch (error) {
			problems.push(`Package ${pkg.source}: cannot read MCP servers from ${path}: ${(error as Error).message}`);
			continue;
		}
		const entries = (parsed as { mcpServers?: unknown } | null)?.mcpServers;
		if (entries === null || typeof entries !== "object" || Array.isArray(entries)) {
			problems.push(`Package ${pkg.source}: ${path}: expected a JSON object with "mcpServers"`);
			continue;
		}
		for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
			if (value === null || typeof value !== "object" || Array.isArray(value)) {
				problems.push(`Package ${pkg.source}: MCP server "${name}": config must be an object`);
				continue;
			}
			const config = { ...(value as Record<string, unknown>) };
			if (typeof config.command === "string")
				config.cwd = typeof config.cwd === "string" ? resolve(root, config.cwd) : root;
			servers.push({ name, config, source: pkg.source });
		}
	}
	return { servers, problems };
}
