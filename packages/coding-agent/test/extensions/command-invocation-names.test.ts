import { describe, expect, it } from "vitest";
import { invocationNames } from "../../src/core/extensions/command-invocation-names.js";

describe("invocationNames", () => {
	it("keeps a unique name and numbers a shared one by occurrence, as pi 1.4", () => {
		expect(invocationNames(["cli", "dup", "project", "dup", "dup"])).toEqual([
			"cli",
			"dup:1",
			"project",
			"dup:2",
			"dup:3",
		]);
	});

	it("skips a suffix another command already registered under that exact name", () => {
		expect(invocationNames(["x:2", "x", "x"])).toEqual(["x:2", "x:1", "x:3"]);
	});
});
