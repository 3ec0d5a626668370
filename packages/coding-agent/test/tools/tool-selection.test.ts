import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import {
	applyToolList,
	expandToolPatterns,
	isChangeList,
	mixesPlainAndChanges,
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
