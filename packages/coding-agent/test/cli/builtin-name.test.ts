import { describe, expect, it } from "vitest";
import { builtinName } from "../../src/cli/main.js";

describe("builtinName (pi config's name of a built-in extension)", () => {
	it("drops the builtin: prefix the binary's entries carry, so the list shows builtin:<name> once", () => {
		expect(builtinName({ name: "builtin:mcp", factory: () => {} }, 0)).toBe("mcp");
		expect(builtinName({ name: "codemode", factory: () => {} }, 0)).toBe("codemode");
		expect(builtinName({ name: "", factory: () => {} }, 2)).toBe("builtin-2");
	});
});
