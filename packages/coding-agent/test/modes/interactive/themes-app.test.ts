import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

// Themes in the running app (discovery and trust, broken files, /reload) and the start-up header.
const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

/** Row and column of `text` on the screen. */
function find(fixture: AppFixture, text: string): { row: number; column: number } {
	const viewport = fixture.terminal.getViewport();
	const row = viewport.findIndex((line) => line.includes(text));
	if (row < 0) throw new Error(`"${text}" not on screen:\n${viewport.join("\n")}`);
	return { row, column: viewport[row]!.indexOf(text) };
}

describe("themes in the app", () => {
	function projectWithTheme(trusted: boolean) {
		const agentDir = tempDir();
		const cwd = tempDir();
		mkdirSync(join(cwd, ".pi", "themes"), { recursive: true });
		writeFileSync(join(cwd, ".pi", "themes", "harbour.json"), JSON.stringify({ name: "harbour", userBg: "#203040" }));
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "harbour" }));
		const settingsManager = SettingsManager.create(cwd, agentDir, { projectTrusted: trusted });
		return { agentDir, cwd, settingsManager };
	}

	it("a trusted project's .pi/themes theme is used (truecolour background of user messages)", async () => {
		const { agentDir, cwd, settingsManager } = projectWithTheme(true);
		const fixture = await createAppFixture({ cwd, agentDir, settingsManager, projectTrusted: true });
		fixtures.push(fixture);
		fixture.faux.setResponses([fauxAssistantMessage("ok")]);
		await fixture.type("in the harbour\r");
		await fixture.waitForText("ok");
		expect(fixture.app.theme.name).toBe("harbour");
		const at = find(fixture, "in the harbour");
		expect(fixture.terminal.getCell(at.row, at.column)?.bg).toEqual({ mode: "rgb", value: 0x203040 });
		expect(fixture.app.themeNames()).toEqual(["system", "dark", "light", "harbour"]);
	});

	it("an untrusted project's themes are not loaded; the header says so and the dark theme applies", async () => {
		const { agentDir, cwd, settingsManager } = projectWithTheme(false);
		const fixture = await createAppFixture({ cwd, agentDir, settingsManager, projectTrusted: false });
		fixtures.push(fixture);
		// Warnings wrap to the width: read them as one text.
		const flat = (screen: string) => screen.replace(/\s*\n\s*/g, " ");
		await fixture.waitUntil((screen) =>
			flat(screen).includes(
				"Project themes not loaded (.pi/themes, the themes of .pi/settings.json): the project is not trusted; start pi with --approve to trust it.",
			),
		);
		expect(flat(fixture.screen())).toContain(
			'Theme "harbour" (settings "theme") not found; using dark. Available: system, dark, light',
		);
		expect(fixture.app.theme.name).toBe("dark");
	});

	it("a broken theme file is a warning in the header, never a crash; NO_COLOR keeps the warning uncoloured", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		mkdirSync(join(agentDir, "themes"));
		writeFileSync(join(agentDir, "themes", "broken.json"), "{ oops");
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "light" }));
		const fixture = await createAppFixture({
			cwd,
			agentDir,
			settingsManager: SettingsManager.create(cwd, agentDir),
			env: { NO_COLOR: "1" },
		});
		fixtures.push(fixture);
		await fixture.waitForText("broken.json");
		const at = find(fixture, "broken.json");
		const warning = fixture.terminal
			.getViewport()
			.slice(at.row, at.row + 3)
			.join(" ");
		expect(warning).toMatch(/^Theme .*broken\.json: .*JSON.*; it is not loaded/);
		expect(fixture.terminal.getCell(at.row, 0)?.fg).toEqual({ mode: "default" });
		fixture.faux.setResponses([fauxAssistantMessage("still works")]);
		await fixture.type("hi\r");
		await fixture.waitForText("still works");
		const user = find(fixture, "hi");
		expect(fixture.terminal.getCell(user.row, user.column)?.bg).toEqual({ mode: "default" });
	});

	it("--theme paths load into /settings' theme list", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		writeFileSync(join(cwd, "mine.json"), JSON.stringify({ name: "from-flag", base: "light" }));
		const fixture = await createAppFixture({ cwd, agentDir, appOptions: { themePaths: ["mine.json"] } });
		fixtures.push(fixture);
		expect(fixture.app.themeNames()).toContain("from-flag");
	});
});

describe("/reload and the appearance", () => {
	it("re-reads the TUI settings and finds themes again, showing new theme problems", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "dark" }));
		const fixture = await createAppFixture({
			cwd,
			agentDir,
			settingsPerBuild: () => SettingsManager.create(cwd, agentDir),
		});
		fixtures.push(fixture);
		await fixture.waitForText("0.0%/128k");
		mkdirSync(join(agentDir, "themes"));
		writeFileSync(join(agentDir, "themes", "sunset.json"), JSON.stringify({ name: "sunset", accent: "#ff5f00" }));
		writeFileSync(join(agentDir, "themes", "bad.json"), JSON.stringify({ name: "bad", muted: "plaid" }));
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "sunset", outputPad: 2 }));
		await fixture.type("/reload\r");
		await fixture.waitUntil(() => fixture.app.theme.name === "sunset");
		await fixture.waitForText('"muted" must be a colour');
		expect(fixture.app.tuiSettings.outputPad).toBe(2);
		expect(fixture.app.themeNames()).toEqual(["system", "dark", "light", "bad", "sunset"]);
		const notice = find(fixture, "Reloaded");
		expect(notice.column).toBe(2);
	});
});

describe("start-up header", () => {
	it("lists a settings problem once, wrapped to the width", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ editorPaddingX: 9 }));
		const settingsManager = SettingsManager.create(cwd, agentDir);
		const message = settingsManager.diagnostics[0]?.message ?? "";
		expect(message).toContain('setting "editorPaddingX" must be a whole number from 0 to 3');
		const fixture = await createAppFixture({
			cwd,
			agentDir,
			settingsManager,
			columns: 60,
			appOptions: { startupWarnings: [message] },
		});
		fixtures.push(fixture);
		await fixture.waitForText("0.0%/128k");
		// The runtime reports it as a diagnostic and main() passes it as a start-up warning too.
		expect(fixture.runtime.diagnostics.map((diagnostic) => diagnostic.message)).toContain(message);
		const screen = fixture.screen().replace(/\s*\n\s*/g, " ");
		expect(screen.split("must be a whole number from 0 to 3")).toHaveLength(2);
		expect(screen).toContain("the default applies");
	});
});

describe("themes from extensions", () => {
	it("a theme path from resources_discover is loaded once extensions are bound; the header no longer says it is missing", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		const extensionDir = tempDir();
		writeFileSync(join(extensionDir, "aurora.json"), JSON.stringify({ name: "aurora", userBg: "#102a43" }));
		writeFileSync(join(extensionDir, "broken.json"), "{");
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "aurora" }));
		const fixture = await createAppFixture({
			cwd,
			agentDir,
			settingsManager: SettingsManager.create(cwd, agentDir),
			extensionFactories: [
				(pi) => {
					pi.on("resources_discover", () => ({ themePaths: [extensionDir] }));
				},
			],
		});
		fixtures.push(fixture);
		await fixture.waitUntil(() => fixture.app.theme.name === "aurora");
		expect(fixture.app.themeNames()).toContain("aurora");
		await fixture.waitForText("broken.json");
		expect(fixture.screen()).not.toContain("not found; using dark");
		fixture.faux.setResponses([fauxAssistantMessage("ok")]);
		await fixture.type("northern lights\r");
		await fixture.waitForText("ok");
		const at = find(fixture, "northern lights");
		expect(fixture.terminal.getCell(at.row, at.column)?.bg).toEqual({ mode: "rgb", value: 0x102a43 });
	});
});
