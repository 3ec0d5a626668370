import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import {
	announceUpdate,
	changelogNotice,
	compareVersions,
	parseChangelog,
} from "../../../src/modes/interactive/changelog-notice.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();

const CHANGELOG = `# @pi/coding-agent

## 1.3.0

### Minor Changes

- abc123: Fullscreen mode
- def456: Themes from .pi/themes

## 1.2.1

### Patch Changes

- Faster start-up

## 1.2.0

- Old news
`;

describe("changelog notice", () => {
	it("parses changesets sections and compares versions numerically", () => {
		expect(parseChangelog(CHANGELOG)).toEqual([
			{ version: "1.3.0", entries: ["abc123: Fullscreen mode", "def456: Themes from .pi/themes"] },
			{ version: "1.2.1", entries: ["Faster start-up"] },
			{ version: "1.2.0", entries: ["Old news"] },
		]);
		expect(compareVersions("1.10.0", "1.9.9")).toBeGreaterThan(0);
		expect(compareVersions("1.2.0-beta.1", "1.2.0")).toBeLessThan(0);
		expect(compareVersions("1.2.0", "1.2.0")).toBe(0);
	});

	it("lists the entries newer than the last announced version, up to the running one", () => {
		expect(changelogNotice({ previous: "1.2.0", current: "1.3.0", changelog: CHANGELOG, collapse: false })).toEqual([
			"Updated to v1.3.0 (from v1.2.0). What's new:",
			"v1.3.0",
			"  • abc123: Fullscreen mode",
			"  • def456: Themes from .pi/themes",
			"v1.2.1",
			"  • Faster start-up",
		]);
	});

	it("collapseChangelog gives one line; no changelog still says what was updated", () => {
		expect(changelogNotice({ previous: "1.2.0", current: "1.3.0", changelog: CHANGELOG, collapse: true })).toEqual([
			"Updated to v1.3.0 (from v1.2.0): 3 changes.",
		]);
		expect(changelogNotice({ previous: "1.2.0", current: "1.3.0", changelog: undefined, collapse: false })).toEqual([
			"Updated to v1.3.0 (from v1.2.0).",
		]);
	});

	it("announces nothing on the first run, the same version or a downgrade", () => {
		for (const previous of [undefined, "1.3.0", "2.0.0"]) {
			expect(changelogNotice({ previous, current: "1.3.0", changelog: CHANGELOG, collapse: false })).toBeUndefined();
		}
	});

	it("records the running version once, reading the changelog only after an update", () => {
		const settings = SettingsManager.inMemory({});
		let reads = 0;
		const shown: string[][] = [];
		const run = (version: string) =>
			announceUpdate({
				settings,
				version,
				changelog: () => {
					reads++;
					return CHANGELOG;
				},
				collapse: false,
				show: (lines) => shown.push(lines),
			});
		run("1.2.0");
		expect(settings.getGlobalSettings().lastChangelogVersion).toBe("1.2.0");
		run("1.2.0");
		expect({ reads, shown: shown.length }).toEqual({ reads: 0, shown: 0 });
		run("1.3.0");
		expect(reads).toBe(1);
		expect(shown[0]?.[0]).toBe("Updated to v1.3.0 (from v1.2.0). What's new:");
		expect(settings.getGlobalSettings().lastChangelogVersion).toBe("1.3.0");
	});
});

describe("changelog in the app", () => {
	const fixtures: AppFixture[] = [];
	afterEach(() => {
		for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
	});

	it("shows what's new after an update in the transcript, once", async () => {
		const settingsManager = SettingsManager.inMemory({ lastChangelogVersion: "1.2.0" });
		const options = {
			cwd: tempDir(),
			agentDir: tempDir(),
			settingsManager,
			appOptions: { changelog: () => CHANGELOG.replaceAll("1.3.0", "1.2.3") },
		};
		const fixture = await createAppFixture(options);
		fixtures.push(fixture);
		await fixture.waitForText("Updated to v1.2.3 (from v1.2.0). What's new:");
		expect(fixture.screen()).toContain("• abc123: Fullscreen mode");
		const row = fixture.terminal.getViewport().findIndex((line) => line.includes("Updated to"));
		expect(fixture.terminal.getCell(row, 1)?.fg).toEqual({ mode: "palette", index: 75 });
		expect(settingsManager.getGlobalSettings().lastChangelogVersion).toBe("1.2.3");
		fixture.app.quit(0);
		const again = await createAppFixture(options);
		fixtures.push(again);
		await again.waitForText("0.0%/128k");
		expect(again.screen()).not.toContain("Updated to");
	});

	it("collapseChangelog shows one line", async () => {
		const fixture = await createAppFixture({
			cwd: tempDir(),
			agentDir: tempDir(),
			settingsManager: SettingsManager.inMemory({ lastChangelogVersion: "1.2.0", collapseChangelog: true }),
			appOptions: { changelog: () => CHANGELOG.replaceAll("1.3.0", "1.2.3") },
		});
		fixtures.push(fixture);
		await fixture.waitForText("Updated to v1.2.3 (from v1.2.0): 3 changes.");
		expect(fixture.screen()).not.toContain("Fullscreen mode");
	});
});

describe("the shipped CHANGELOG.md", () => {
	// Issue 25: /changelog in the built pi reads the package's CHANGELOG.md (listed in `files`).
	it("has a section for the package's version", () => {
		const root = new URL("../../../", import.meta.url);
		const version = (JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { version: string }).version;
		const sections = parseChangelog(readFileSync(new URL("CHANGELOG.md", root), "utf8"));
		expect(sections.find((section) => section.version === version)?.entries.length).toBeGreaterThan(0);
	});
});
