import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTheme, hasTheme, resolveThemeName } from "../../../src/modes/interactive/theme.js";
import { readThemeFile } from "../../../src/modes/interactive/theme-files.js";
import { useTempDirs } from "../../support/temp-dir.js";

const tempDir = useTempDirs();

function read(theme: unknown) {
	const path = join(tempDir(), "theme.json");
	writeFileSync(path, JSON.stringify(theme));
	const warnings: string[] = [];
	return { theme: readThemeFile(path, warnings), warnings };
}

describe("pi 1.4 theme files", () => {
	it("reads appearance, chained vars and every colour form into the palette", () => {
		const { theme, warnings } = read({
			$schema: "https://pi.dev/schemas/theme.schema.json",
			name: "ocean",
			appearance: "light",
			vars: { brand: "deep", deep: "#0af" },
			colors: {
				accent: "brand",
				error: "#ff0000",
				success: 39,
				warning: "oklch(62% 0.1 200)",
				muted: "okhsl(250 60% 55%)",
				dim: "",
				userMessageBg: "#101010",
				thinkingHigh: "#00ff00",
				mdHeading: "brand",
				bashMode: "#123456",
			},
			export: { pageBg: "#000000" },
		});
		expect(warnings).toEqual([]);
		expect(theme).toMatchObject({
			name: "ocean",
			base: "light",
			accent: "38;2;0;170;255",
			error: "38;2;255;0;0",
			success: "38;5;39",
			warning: "38;2;28;152;158",
			muted: "38;2;78;136;194",
			dim: "39",
			userBg: "48;2;16;16;16",
			levels: { high: "38;2;0;255;0" },
		});
	});

	it("names a bad reference and unknown roles; the rest of the theme loads", () => {
		const { theme, warnings } = read({ name: "x", colors: { accent: "nope", error: "#f00", madeUp: "#fff" } });
		expect(theme?.error).toBe("38;2;255;0;0");
		expect(theme?.accent).toBeUndefined();
		expect(warnings).toEqual([
			expect.stringContaining('"colors.accent" unknown variable "nope"'),
			expect.stringContaining("unknown keys ignored: colors.madeUp"),
		]);
	});

	it("rejects the reserved names", () => {
		expect(read({ name: "system", colors: {} }).theme).toBeUndefined();
		expect(read({ name: "a/b", colors: {} }).theme).toBeUndefined();
	});
});

describe("system theme and light/dark pairs", () => {
	it("pick by the terminal's background (COLORFGBG), dark without one", () => {
		expect(resolveThemeName("system", {})).toBe("dark");
		expect(resolveThemeName("system", { COLORFGBG: "0;15" })).toBe("light");
		expect(resolveThemeName("sun/moon", { COLORFGBG: "0;15" })).toBe("sun");
		expect(resolveThemeName("sun/moon", { COLORFGBG: "15;0" })).toBe("moon");
		expect(hasTheme("light/dark", [])).toBe(true);
		expect(hasTheme("light/nope", [])).toBe(false);
		const custom = [{ name: "moon", accent: "38;5;1" }];
		const accent = createTheme("light/moon", { env: {}, custom }).accent("x");
		expect(accent).toContain("\x1b[38;5;1m");
	});
});
