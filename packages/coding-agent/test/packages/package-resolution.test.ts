import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyFilterPatterns } from "../../src/core/packages/package-filters.js";
import { collectPackageResources } from "../../src/core/packages/package-manifest.js";
import { enabledFiles, resolveConfiguredPackages } from "../../src/core/packages/package-resolver.js";

let root: string;

function write(path: string, content = ""): void {
	mkdirSync(dirname(join(root, path)), { recursive: true });
	writeFileSync(join(root, path), content);
}

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-pkg-"));
});

afterEach(() => {
	rmSync(root, { recursive: true, force: true });
});

describe("applyFilterPatterns", () => {
	const files = ["/p/extensions/a.ts", "/p/extensions/legacy.ts", "/p/skills/s1/SKILL.md"];

	it("plain entries include, ! excludes, + adds back exact paths, - removes exact paths", () => {
		expect([...applyFilterPatterns(files, ["extensions/*.ts", "!extensions/legacy.ts"], "/p")]).toEqual([
			"/p/extensions/a.ts",
		]);
		expect([...applyFilterPatterns(files, ["!**/*.ts", "+extensions/legacy.ts"], "/p")]).toEqual([
			"/p/extensions/legacy.ts",
			"/p/skills/s1/SKILL.md",
		]);
		expect([...applyFilterPatterns(files, ["-extensions/a.ts"], "/p")]).toEqual([
			"/p/extensions/legacy.ts",
			"/p/skills/s1/SKILL.md",
		]);
	});

	it("names a skill by its folder", () => {
		expect([...applyFilterPatterns(files, ["!s1"], "/p")]).toEqual(["/p/extensions/a.ts", "/p/extensions/legacy.ts"]);
	});
});

describe("collectPackageResources", () => {
	it("uses conventional folders when package.json has no pi key", () => {
		write("package.json", JSON.stringify({ name: "x" }));
		write("extensions/a.ts");
		write("extensions/sub/index.ts");
		write("skills/s1/SKILL.md");
		write("prompts/p.md");
		write("themes/t.json");
		const resources = collectPackageResources(root);
		expect(resources.extensions.map((file) => file.path)).toEqual([
			join(root, "extensions/a.ts"),
			join(root, "extensions/sub/index.ts"),
		]);
		expect(resources.skills.map((file) => file.path)).toEqual([join(root, "skills/s1/SKILL.md")]);
		expect(resources.prompts).toHaveLength(1);
		expect(resources.themes).toHaveLength(1);
	});

	it("follows the pi manifest (globs and ! exclusions) and ignores folders it does not name", () => {
		write("package.json", JSON.stringify({ pi: { extensions: ["./src/*.ts", "!src/old.ts"], mcp: "./mcp.json" } }));
		write("src/new.ts");
		write("src/old.ts");
		write("skills/s1/SKILL.md");
		const resources = collectPackageResources(root);
		expect(resources.extensions.map((file) => file.path)).toEqual([join(root, "src/new.ts")]);
		expect(resources.skills).toEqual([]);
	});

	it("settings filters only narrow: [] disables a type, absent keeps all", () => {
		write("extensions/a.ts");
		write("prompts/p.md");
		const resources = collectPackageResources(root, { prompts: [] });
		expect(resources.extensions.every((file) => file.enabled)).toBe(true);
		expect(resources.prompts.map((file) => file.enabled)).toEqual([false]);
	});
});

describe("resolveConfiguredPackages (scope rules)", () => {
	const locations = () => ({ cwd: join(root, "project"), agentDir: join(root, "agent") });

	beforeEach(() => {
		write("shared/extensions/a.ts");
		write("shared/prompts/p.md");
		write("project/.pi/settings.json", "{}");
	});

	it("one package per identity, and the project entry replaces the personal one", () => {
		const lists = {
			user: ["../shared", join(root, "shared")],
			project: [{ source: "../../shared", prompts: [] }],
		};
		const trusted = resolveConfiguredPackages(locations(), lists, true);
		expect(trusted).toHaveLength(1);
		expect(trusted[0]!.scope).toBe("project");
		expect(enabledFiles(trusted, "prompts")).toEqual([]);
		const untrusted = resolveConfiguredPackages(locations(), lists, false);
		expect(untrusted.map((pkg) => pkg.scope)).toEqual(["user"]);
		expect(enabledFiles(untrusted, "prompts")).toEqual([join(root, "shared/prompts/p.md")]);
	});

	it("a project entry with autoload false adjusts the personal selection", () => {
		const lists = {
			user: [{ source: "../shared", prompts: [] }],
			project: [{ source: "../../shared", autoload: false, prompts: ["+prompts/p.md"] }],
		};
		const resolved = resolveConfiguredPackages(locations(), lists, true);
		expect(resolved).toHaveLength(1);
		expect(enabledFiles(resolved, "prompts")).toEqual([join(root, "shared/prompts/p.md")]);
	});

	it("reports npm packages that are not installed instead of loading anything", () => {
		const resolved = resolveConfiguredPackages(locations(), { user: ["npm:not-here"], project: undefined }, false);
		expect(resolved[0]!.problem).toBe("not installed");
		expect(resolved[0]!.resources).toBeUndefined();
	});
});

describe("findPackageMcpConfigs (seam for package-provided MCP servers)", () => {
	it("names the mcp file of installed packages, project ones only when trusted", async () => {
		const { findPackageMcpConfigs } = await import("../../src/core/packages/package-mcp.js");
		write("with-mcp/package.json", JSON.stringify({ name: "m", pi: { mcp: "./mcp.json" } }));
		write("project/.pi/settings.json", JSON.stringify({ packages: ["../../with-mcp"] }));
		const locations = { cwd: join(root, "project"), agentDir: join(root, "agent") };
		expect(findPackageMcpConfigs(locations, false)).toEqual([]);
		expect(findPackageMcpConfigs(locations, true)).toEqual([
			{
				source: "../../with-mcp",
				scope: "project",
				packageRoot: join(root, "with-mcp"),
				configPath: join(root, "with-mcp", "mcp.json"),
			},
		]);
	});
});

describe("readPackageMcpServers", () => {
	it("reads a package's mcp file; a local command runs in the package folder unless cwd says otherwise", async () => {
		const { readPackageMcpServers } = await import("../../src/core/packages/package-mcp.js");
		write("with-mcp/package.json", JSON.stringify({ name: "m", pi: { mcp: "./mcp.json" } }));
		write(
			"with-mcp/mcp.json",
			JSON.stringify({
				mcpServers: {
					local: { command: "node", args: ["./server.js"] },
					elsewhere: { command: "node", cwd: "bin" },
					remote: { url: "http://127.0.0.1:1/mcp" },
				},
			}),
		);
		write("broken/package.json", JSON.stringify({ name: "b", pi: { mcp: "./mcp.json" } }));
		write("broken/mcp.json", "{ not json");
		write("project/.pi/settings.json", JSON.stringify({ packages: ["../../with-mcp", "../../broken"] }));
		const packages = resolveConfiguredPackages(
			{ cwd: join(root, "project"), agentDir: join(root, "agent") },
			{ user: [], project: ["../../with-mcp", "../../broken"] },
			true,
		);
		const { servers, problems } = readPackageMcpServers(packages);
		expect(servers).toEqual([
			{
				name: "local",
				config: { command: "node", args: ["./server.js"], cwd: join(root, "with-mcp") },
				source: "../../with-mcp",
			},
			{ name: "elsewhere", config: { command: "node", cwd: join(root, "with-mcp", "bin") }, source: "../../with-mcp" },
			{ name: "remote", config: { url: "http://127.0.0.1:1/mcp" }, source: "../../with-mcp" },
		]);
		expect(problems).toEqual([
			expect.stringMatching(/^Package \.\.\/\.\.\/broken: cannot read MCP servers from .*mcp\.json: /),
		]);
	});
});

describe("hostDependencyWarning", () => {
	it("words a host package in dependencies as 1.4 does, naming the package.json", async () => {
		const { hostDependencyWarning } = await import("../../src/core/packages/package-resolver.js");
		write("package.json", JSON.stringify({ name: "p", dependencies: { typebox: "*", other: "1" } }));
		expect(hostDependencyWarning(root)).toBe(
			`Extension package "${join(root, "package.json")}": Host-provided extension packages must be declared in peerDependencies with a "*" range, not dependencies: typebox. Installed copies can bypass the extension loader and create duplicate runtime modules.`,
		);
	});
});
