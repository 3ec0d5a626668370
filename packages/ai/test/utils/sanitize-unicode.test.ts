import { describe, expect, it } from "vitest";
import { sanitizeSurrogates } from "../../src/utils/sanitize-unicode.js";

describe("sanitizeSurrogates", () => {
	it("strips lone high and low surrogates", () => {
		expect(sanitizeSurrogates("a\uD800b")).toBe("ab");
		expect(sanitizeSurrogates("a\uDC00b")).toBe("ab");
		expect(sanitizeSurrogates("end\uD83D")).toBe("end");
		expect(sanitizeSurrogates("\uDE00start")).toBe("start");
	});

	it("keeps valid pairs and ordinary text", () => {
		expect(sanitizeSurrogates("emoji 😀 ok ü 中")).toBe("emoji 😀 ok ü 中");
		expect(sanitizeSurrogates("😀\uD83D😀")).toBe("😀😀");
	});

	it("produces text that encodes to valid UTF-8", () => {
		const out = sanitizeSurrogates("x\uD800y\uDFFFz");
		expect(Buffer.from(out, "utf8").toString("utf8")).toBe(out);
	});
});
