import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import { createTheme } from "../../../src/modes/interactive/theme.js";
import { discoverThemes } from "../../../src/modes/interactive/theme-discovery.js";
import { colourToSgr, readThemeFile } from "../../../src/modes/interactive/theme-files.js";
import { useTempDirs } from "../../support/temp-dir.js";

const tempDir = useTempDirs();

function writeJson(path: string, value: unknown): string {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
	return path;
}

function layout(options: { globalSettings?: object; projectSettings?: object; trusted?: boolean } = {}) {
	const agentDir = tempDir();
	const cwd = tempDir();
	if (options.globalSettings) writeJson(join(agentDir, "settings.json"), options.globalSettings);
	if (options.projectSettings) writeJson(join(cwd, ".pi", "settings.json"), options.projectSettings);
	const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: options.trusted ?? false });
	const discover = (extra: Partial<Parameters<typeof discoverThemes>[0]> = {}) =>
		discoverThemes({ agentDir, cwd, settings, projectTrusted: options.trusted ?? false, ...extra });
	return { agentDir, cwd, discover };
}

const names = (result: ReturnType<typeof discoverThemes>) => result.themes.map((theme) => theme.name);

describe("theme discovery", () => {
	it("loads <agentDir>/themes/*.json in name order, silently when the folder is missing", () => {
		const { agentDir, discover } = layout();
		expect(discover()).toEqual({ themes: [], warnings: [], skippedProjectThemes: false });
		writeJson(join(agentDir, "themes", "b.json"), { name: "beta" });
		writeJson(join(agentDir, "themes", "a.json"), { name: "alpha" });
		writeJson(join(agentDir, "themes", "notes.txt"), "not a theme");
		expect(names(discover())).toEqual(["alpha", "beta"]);
	});

	it("loads the project's .pi/themes and project themes entries only when the project is trusted", () => {
		for (const trusted of [false, true]) {
			const { cwd, discover } = layout({ projectSettings: { themes: ["extra/*.json"] }, trusted });
			writeJson(join(cwd, ".pi", "themes", "project.json"), { name: "project-theme" });
			writeJson(join(cwd, ".pi", "extra", "more.json"), { name: "from-project-settings" });
			const result = discover();
			expect(names(result)).toEqual(trusted ? ["project-theme", "from-project-settings"] : []);
			expect(result.skippedProjectThemes).toBe(!trusted);
		}
	});

	it("resolves global entries against the agent dir: files, folders, globs with ! exclusions", () => {
		const { agentDir, discover } = layout({
			globalSettings: { themes: ["mine/one.theme", "pack", "globbed/**/*.json", "!globbed/skip/*"] },
		});
		writeJson(join(agentDir, "mine", "one.theme"), { name: "explicit-file" });
		writeJson(join(agentDir, "pack", "p.json"), { name: "folder-theme" });
		writeJson(join(agentDir, "globbed", "deep", "g.json"), { name: "glob-theme" });
		writeJson(join(agentDir, "globbed", "deep", "readme.md"), "not a theme");
		writeJson(join(agentDir, "globbed", "skip", "s.json"), { name: "excluded" });
		const result = discover();
		expect(names(result).sort()).toEqual(["explicit-file", "folder-theme", "glob-theme"]);
		expect(result.warnings).toEqual([]);
	});

	it("reports listed paths that do not exist, duplicate names and built-in names, keeping the first", () => {
		const { agentDir, cwd, discover } = layout({ globalSettings: { themes: ["missing.json", "dup"] } });
		writeJson(join(agentDir, "themes", "first.json"), { name: "same" });
		writeJson(join(agentDir, "dup", "second.json"), { name: "same", accent: "#ff0000" });
		writeJson(join(agentDir, "themes", "dark.json"), { name: "dark" });
		const cli = writeJson(join(cwd, "cli.json"), { name: "cli-theme" });
		const result = discover({ cliPaths: ["cli.json", "nope.json"] });
		expect(names(result)).toEqual(["same", "cli-theme"]);
		expect(result.themes[0]?.path).toBe(join(agentDir, "themes", "first.json"));
		expect(result.themes[1]?.path).toBe(cli);
		expect(result.warnings).toEqual([
			`Theme ${join(agentDir, "themes", "dark.json")}: "dark" is a built-in theme name; the file is ignored`,
			`Theme path not found (settings): ${join(agentDir, "missing.json")}`,
			`Theme ${join(agentDir, "dup", "second.json")}: "same" is already loaded from ${join(agentDir, "themes", "first.json")}; this one is ignored`,
			`Theme path not found (--theme): ${join(cwd, "nope.json")}`,
		]);
	});

	it("--no-themes skips discovery but still loads --theme paths", () => {
		const { agentDir, cwd, discover } = layout();
		writeJson(join(agentDir, "themes", "global.json"), { name: "global" });
		writeJson(join(cwd, "t.json"), { name: "cli" });
		expect(names(discover({ noThemes: true, cliPaths: ["t.json"] }))).toEqual(["cli"]);
	});

	it("turns a broken file into a warning naming it, never an exception", () => {
		const { agentDir, discover } = layout();
		const broken = writeJson(join(agentDir, "themes", "broken.json"), "{ not json");
		writeJson(join(agentDir, "themes", "nameless.json"), { accent: "#fff" });
		writeJson(join(agentDir, "themes", "list.json"), [1, 2]);
		const result = discover();
		expect(result.themes).toEqual([]);
		expect(result.warnings).toHaveLength(3);
		expect(result.warnings[0]).toMatch(
			new RegExp(`^Theme ${broken.replaceAll("/", "\\/")}: .*JSON.*; it is not loaded$`),
		);
		expect(result.warnings[1]).toContain("expected a JSON object");
		expect(result.warnings[2]).toContain('"name" must be a non-empty string');
	});
});

describe("theme files", () => {
	it("accepts #rrggbb, #rgb, 0-255, ANSI names and SGR parameters, as foreground or background", () => {
		expect(colourToSgr("#5fafff", false)).toBe("38;2;95;175;255");
		expect(colourToSgr("#fff", true)).toBe("48;2;255;255;255");
		expect(colourToSgr(236, true)).toBe("48;5;236");
		expect(colourToSgr("42", false)).toBe("38;5;42");
		expect(colourToSgr("bright-red", false)).toBe("38;5;9");
		expect(colourToSgr("38;5;75", false)).toBe("38;5;75");
		for (const bad of ["blue-ish", 256, -1, 1.5, "#12345", null, true]) expect(colourToSgr(bad, false)).toBeUndefined();
	});

	it("keeps a theme with bad values: each one is a warning and falls back to the base colour", () => {
		const dir = tempDir();
		const path = writeJson(join(dir, "t.json"), {
			name: "partly",
			base: "light",
			accent: "#102030",
			error: "reddish",
			levels: { high: "magenta", turbo: "red" },
			sparkle: true,
		});
		const warnings: string[] = [];
		const theme = readThemeFile(path, warnings);
		expect(theme).toEqual({ name: "partly", base: "light", path, accent: "38;2;16;32;48", levels: { high: "38;5;5" } });
		expect(warnings).toEqual([
			`Theme ${path}: "error" must be a colour ("#rrggbb", 0–255, an ANSI colour name or SGR parameters), not "reddish"; the base colour applies`,
			`Theme ${path}: "levels.turbo" must be a thinking level (off, minimal, low, medium, high, xhigh) with a colour ("#rrggbb", 0–255, an ANSI colour name or SGR parameters)`,
			`Theme ${path}: unknown keys ignored: sparkle`,
		]);
		const styled = createTheme("partly", { env: {}, custom: theme ? [theme] : [] });
		expect(styled.accent("x")).toBe("\x1b[38;2;16;32;48mx\x1b[39m");
		// The light base's error colour, since the file's was unusable.
		expect(styled.error("x")).toBe(createTheme("light", { env: {} }).error("x"));
		expect(styled.thinkingBorder("high")("x")).toBe("\x1b[38;5;5mx\x1b[39m");
	});

	it("NO_COLOR turns every colour of a custom theme off", () => {
		const theme = createTheme("custom", { env: { NO_COLOR: "1" }, custom: [{ name: "custom", accent: "38;2;1;2;3" }] });
		expect(theme.accent("x")).toBe("x");
		expect(theme.userMessageBg("x")).toBe("x");
		expect(theme.bold("x")).toBe("\x1b[1mx\x1b[22m");
	});
});
