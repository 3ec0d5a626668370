import { describe, expect, it } from "vitest";
import { parseScriptOptions } from "../src/options-line.js";

describe("the // @options: line", () => {
	it("reads max_output_tokens and timeout_ms from the first line; defaults otherwise", () => {
		expect(parseScriptOptions('// @options: {"max_output_tokens": 2000, "timeout_ms": 60000}\nreturn 1')).toEqual({
			options: { maxOutputTokens: 2000, timeoutMs: 60000 },
		});
		expect(parseScriptOptions("return 1")).toEqual({ options: { maxOutputTokens: 10000 } });
	});

	it("fails for an options line elsewhere, bad JSON, unknown keys and non-positive numbers", () => {
		expect(parseScriptOptions('return 1\n// @options: {"timeout_ms": 5}')).toEqual({
			error: "The // @options: line must be the first line of the script (found on line 2).",
		});
		expect(parseScriptOptions("// @options: {nope}")).toHaveProperty("error");
		expect(parseScriptOptions('// @options: {"speed": 1}')).toHaveProperty("error");
		expect(parseScriptOptions('// @options: {"timeout_ms": -1}')).toHaveProperty("error");
	});
});
