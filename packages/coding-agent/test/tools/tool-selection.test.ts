import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import {
	applyToolList,
	expandToolPatterns,
	isChangeList,
	mixesPlainAndChanges,
	toolAllowance,
} from "../../src/core/tools/tool-selection.js";

const DEFAULT = ["read", "bash", "edit", "write"];

describe("tool selection lists", () => {
	it("a list of only changes edits the inherited selection in order", () => {
		expect(applyToolList(DEFAULT, ["+codemode"])).toEqual([...DEFAULT, "codemode"]);
		expect(applyToolList(DEFAULT, ["-bash", "+powershell", "+grep"])).toEqual([
			"read",
			"edit",
			"write",
			"powershell",
			"grep",
		]);
		expect(applyToolList(DEFAULT, ["+read"])).toEqual(DEFAULT);
	});

	it("plain names replace the selection; their changes apply after them", () => {
		expect(applyToolList(DEFAULT, ["read", "+grep", "-read", "ls"])).toEqual(["ls", "grep"]);
		expect(applyToolList(DEFAULT, undefined)).toEqual(DEFAULT);
	});

	it("patterns expand against known names; plain names stay even when unknown", () => {
		expect(
			expandToolPatterns(
				["read", "mcp__radius__*", "later"],
				["read", "mcp__radius__a", "mcp__other__b", "mcp__radius__c"],
			),
		).toEqual(["read", "mcp__radius__a", "mcp__radius__c", "later"]);
	});

	it("classifies lists", () => {
		expect(isChangeList(["+a", "-b"])).toBe(true);
		expect(isChangeList([])).toBe(false);
		expect(mixesPlainAndChanges(["a", "+b"])).toBe(true);
		expect(mixesPlainAndChanges(["a", "b"])).toBe(false);
	});

	it("defaultTools: a project list of only changes edits the user's selection", () => {
		const settings = SettingsManager.inMemory({ defaultTools: ["+codemode"] });
		expect(settings.getDefaultTools()).toEqual([...DEFAULT, "codemode"]);
	});
});

describe("toolAllowance (pi 1.4's --tools / --exclude-tools registration rules)", () => {
	it("without an allowlist every tool but the excluded ones registers", () => {
		const allowance = toolAllowance({ tools: ["+codemode"], excludeTools: ["e_*"] });
		expect(["read", "codemode", "mcp__x__y", "e_code"].map((name) => allowance.allows(name))).toEqual([
			true,
			true,
			true,
			false,
		]);
	});

	it("an allowlist registers the tools it names or matches, and keeps MCP tools unless an entry starts with mcp__", () => {
		const keepsMcp = toolAllowance({ tools: ["read", "e_*"] });
		expect(["read", "e_code", "bash", "codemode", "mcp__x__y", "read_mcp_resource"].map(keepsMcp.allows)).toEqual([
			true,
			true,
			false,
			false,
			true,
			true,
		]);
		const filtersMcp = toolAllowance({ tools: ["read", "mcp__radius__*"] });
		expect(["mcp__radius__a", "mcp__x__y"].map(filtersMcp.allows)).toEqual([true, false]);
		expect(toolAllowance({ tools: [] }).allows("mcp__x__y")).toBe(false);
		expect(toolAllowance({ noTools: "all", tools: ["+grep"] }).allows("grep")).toBe(true);
		expect(toolAllowance({ noTools: "all", tools: ["+grep"] }).allows("read")).toBe(false);
	});

	it("an MCP tool the allowlist keeps without naming it is declared only through tool_search", () => {
		const allowance = toolAllowance({ tools: ["read"] });
		expect(allowance.mayActivate("mcp__x__y", "deferred", true)).toBe(true);
		expect(allowance.mayActivate("mcp__x__y", "deferred", false)).toBe(false);
		expect(allowance.mayActivate("mcp__x__y", "direct", true)).toBe(false);
		expect(allowance.mayActivate("read", "direct", false)).toBe(true);
	});
});
