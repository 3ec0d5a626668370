import { describe, expect, it } from "vitest";
import { serializeJsonForScript } from "../../src/core/export-html/embed-json.js";
import { escapeHtml, safeHttpUrl } from "../../src/core/export-html/html-escape.js";

describe("serializeJsonForScript", () => {
	it("escapes everything that could end the script element or break JavaScript", () => {
		const value = { text: "</script><script>alert(1)</script> <!-- & \u2028 \u2029 >" };
		const json = serializeJsonForScript(value);
		expect(json).not.toMatch(/[<>&\u2028\u2029]/);
		expect(JSON.parse(json)).toEqual(value);
	});
});

describe("escapeHtml", () => {
	it("escapes the five HTML-significant characters", () => {
		expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
			"&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
		);
	});
});

describe("safeHttpUrl", () => {
	it("accepts absolute http(s) URLs only", () => {
		expect(safeHttpUrl("https://example.com/x")).toBe("https://example.com/x");
		expect(safeHttpUrl("HTTP://example.com")).toBe("HTTP://example.com");
		for (const url of [
			"javascript:alert(1)",
			"data:text/html,x",
			"//example.com",
			"/local",
			"https://",
			"https://a b",
		]) {
			expect(safeHttpUrl(url)).toBeUndefined();
		}
	});
});
