import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandConfigValue } from "../src/config/expand-values.js";
import { loadMcpConfig } from "../src/config/load-mcp-config.js";
import { parseServerEntry } from "../src/config/parse-server-entry.js";
import { mcpToolNames, toolExposureOf } from "../src/tools/tool-names.js";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-mcp-config-"));
	mkdirSync(join(root, "agent"));
	mkdirSync(join(root, "project", ".pi"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, servers: unknown): void {
	writeFileSync(path, JSON.stringify({ mcpServers: servers }));
}

describe("parseServerEntry", () => {
	it("picks the transport from command or url and checks every field", () => {
		expect(parseServerEntry("a", { command: "x", args: ["1"] }, false)).toMatchObject({
			kind: "server",
			config: { transport: "stdio", command: "x", args: ["1"], exposure: "codemode", timeoutMs: 60_000 },
		});
		expect(parseServerEntry("a", { url: "http://h/mcp", timeout: 2 }, false)).toMatchObject({
			kind: "server",
			config: { transport: "http", timeoutMs: 2000 },
		});
		expect(parseServerEntry("a", { type: "sse", url: "http://h/sse" }, false)).toEqual({
			kind: "error",
			message: 'server "a": legacy SSE transport is not supported; use the streamable HTTP URL',
		});
		expect(parseServerEntry("a b", { command: "x" }, false)).toMatchObject({ kind: "error" });
		expect(parseServerEntry("a", { command: "x", exposure: "nope" }, false)).toMatchObject({
			message: 'server "a": exposure must be one of "codemode", "deferred", "direct", "hidden"',
		});
		expect(parseServerEntry("a", { url: "ftp://x" }, false)).toMatchObject({
			message: 'server "a": url must be an http or https URL',
		});
		expect(parseServerEntry("a", { command: "x", exposure: "codemode-deferred" }, false)).toMatchObject({
			config: { exposure: "codemode" },
		});
		expect(parseServerEntry("a", { enabled: false }, true)).toEqual({ kind: "toggle", toggle: { enabled: false } });
	});
});

describe("loadMcpConfig", () => {
	it("reads the project file only when trusted; project entries replace or toggle user ones", () => {
		write(join(root, "agent", "mcp.json"), { one: { command: "a", env: { K: "v" } }, two: { command: "b" } });
		write(join(root, "project", ".pi", "mcp.json"), { one: { enabled: false }, two: { url: "http://x/mcp" } });
		const untrusted = loadMcpConfig({
			agentDir: join(root, "agent"),
			cwd: join(root, "project"),
			projectTrusted: false,
		});
		expect(untrusted.servers.map((s) => [s.name, s.config.enabled, s.config.transport])).toEqual([
			["one", true, "stdio"],
			["two", true, "stdio"],
		]);
		expect(untrusted.note).toContain("is ignored because the project is not trusted");
		const trusted = loadMcpConfig({ agentDir: join(root, "agent"), cwd: join(root, "project"), projectTrusted: true });
		expect(trusted.servers.map((s) => [s.name, s.config.enabled, s.config.transport, s.scope])).toEqual([
			["one", false, "stdio", "project"],
			["two", true, "http", "project"],
		]);
		expect(trusted.servers[0]?.config).toMatchObject({ env: { K: "v" } });
	});

	it("autoEnableCodemode beside mcpServers: the project's value wins over the user's", () => {
		const agentDir = join(root, "agent");
		const cwd = join(root, "project");
		writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ autoEnableCodemode: false, mcpServers: {} }));
		expect(loadMcpConfig({ agentDir, cwd, projectTrusted: false }).autoEnableCodemode).toBe(false);
		writeFileSync(join(cwd, ".pi", "mcp.json"), JSON.stringify({ autoEnableCodemode: true }));
		expect(loadMcpConfig({ agentDir, cwd, projectTrusted: true }).autoEnableCodemode).toBe(true);
		writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers: {} }));
		rmSync(join(cwd, ".pi", "mcp.json"));
		expect(loadMcpConfig({ agentDir, cwd, projectTrusted: true })).not.toHaveProperty("autoEnableCodemode");
	});

	it("names differing only in - and _ are one server; bad entries are reported, others kept", () => {
		write(join(root, "agent", "mcp.json"), { "my-srv": { command: "a" }, my_srv: { command: "b" }, bad: 5 });
		const loaded = loadMcpConfig({ agentDir: join(root, "agent"), cwd: root, projectTrusted: false });
		expect(loaded.servers.map((s) => s.name)).toEqual(["my-srv"]);
		expect(loaded.errors).toEqual([
			`${join(root, "agent", "mcp.json")}: server "my_srv" conflicts with "my-srv"`,
			`${join(root, "agent", "mcp.json")}: server "bad" must be an object`,
		]);
	});
});

describe("values and names", () => {
	it("expands ${VAR}, fails clearly when unset, runs !command", () => {
		expect(expandConfigValue("s", 'env "A"', "x-${FOO}-y", { FOO: "1" })).toBe("x-1-y");
		expect(() => expandConfigValue("s", 'env "A"', "${NOPE}", {})).toThrow(
			'Failed to resolve MCP server "s" env "A" from environment variable: NOPE',
		);
		expect(expandConfigValue("s", 'header "H"', "!echo Bearer abc", {})).toBe("Bearer abc");
	});

	it("mcp__<server>__<tool>, with hash suffixes for collisions and long names", () => {
		const names = mcpToolNames("my-srv", ["get-env", "a-b", "a_b", "x".repeat(80)]);
		expect(names.get("get-env")).toBe("mcp__my_srv__get_env");
		expect(names.get("a-b")).toMatch(/^mcp__my_srv__a_b_[0-9a-f]{8}$/);
		expect(names.get("a_b")).toMatch(/^mcp__my_srv__a_b_[0-9a-f]{8}$/);
		expect(names.get("a-b")).not.toBe(names.get("a_b"));
		expect(names.get("x".repeat(80))?.length).toBe(64);
	});

	it("toolExposure: exact names first, then the first matching pattern", () => {
		const config = {
			exposure: "deferred" as const,
			toolExposure: { "get-*": "hidden" as const, "get-env": "direct" as const },
		};
		expect(toolExposureOf(config, "get-env")).toBe("direct");
		expect(toolExposureOf(config, "get-sum")).toBe("hidden");
		expect(toolExposureOf(config, "echo")).toBe("deferred");
	});
});
