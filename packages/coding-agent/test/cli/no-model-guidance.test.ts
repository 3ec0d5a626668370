import { describe, expect, it } from "vitest";
import { noModelGuidance } from "../../src/cli/no-model-guidance.js";

describe("the no-model guidance", () => {
	it("says no provider has a credential only when none is stored; a failing sign-in is named with its reason", () => {
		expect(noModelGuidance("/a", []).split("\n")[0]).toBe("pi: no model available: no provider has a credential.");
		const lines = noModelGuidance("/a", [], ['OAuth refresh failed for provider "anthropic": offline']).split("\n");
		expect(lines.slice(0, 2)).toEqual([
			"pi: no model available: a stored credential cannot be used.",
			'  OAuth refresh failed for provider "anthropic": offline',
		]);
		expect(lines).toContain(
			"or store one: pi auth set anthropic   (the key is read from stdin or asked for, never from argv)",
		);
	});
});
