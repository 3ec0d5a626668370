import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function withGlobal(settings: Record<string, unknown>): { manager: SettingsManager; path: string; dir: string } {
	const dir = tempDir();
	const path = join(dir, "settings.json");
	writeFileSync(path, JSON.stringify(settings));
	return { manager: SettingsManager.create(tempDir(), dir), path, dir };
}

describe("wrong-typed settings", () => {
	it("defaultTools as a string: a diagnostic naming file, key and type; the default tools apply", () => {
		const { manager, path } = withGlobal({ defaultTools: "read,bash" });
		expect(manager.getDefaultTools()).toEqual(["read", "bash", "edit", "write"]);
		expect(manager.diagnostics).toEqual([
			{
				type: "warning",
				path,
				message: `${path}: setting "defaultTools" must be an array of strings, not string "read,bash"; the default applies`,
			},
		]);
	});

	it("retry.maxRetries as a string falls back to 3 and keeps the other retry fields", () => {
		const { manager, path } = withGlobal({ retry: { maxRetries: "5", baseDelayMs: 10 } });
		expect(manager.getRetrySettings()).toMatchObject({ maxRetries: 3, baseDelayMs: 10 });
		expect(manager.diagnostics[0]?.message).toContain(`${path}: setting "retry.maxRetries" must be a whole number`);
	});

	it.each([3e9, "abc", -1, 1.5])("httpIdleTimeoutMs %s falls back to 300000", (value) => {
		const { manager } = withGlobal({ httpIdleTimeoutMs: value });
		expect(manager.getHttpIdleTimeoutMs()).toBe(300_000);
		expect(manager.diagnostics[0]?.message).toMatch(/"httpIdleTimeoutMs" must be a whole number of milliseconds/);
	});

	it("a project file's wrong value names the project file; valid values still apply", () => {
		const dir = tempDir();
		const cwd = tempDir();
		mkdirSync(join(cwd, ".pi"));
		const projectPath = join(cwd, ".pi", "settings.json");
		writeFileSync(
			projectPath,
			JSON.stringify({ compaction: { enabled: "no", reserveTokens: 100 }, steeringMode: "all" }),
		);
		const manager = SettingsManager.create(cwd, dir, { projectTrusted: true });
		expect(manager.getCompactionSettings()).toMatchObject({ enabled: true, reserveTokens: 100 });
		expect(manager.getSteeringMode()).toBe("all");
		expect(manager.diagnostics.map((d) => d.path)).toEqual([projectPath]);
	});

	it("a save keeps the user's file content (even the wrong value) and unknown keys", () => {
		const { manager, path } = withGlobal({ defaultTools: "read,bash", myKey: 1 });
		manager.setDefaultModelAndProvider("p", "m");
		expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
			defaultTools: "read,bash",
			myKey: 1,
			defaultProvider: "p",
			defaultModel: "m",
		});
		expect(manager.getDefaultTools()).toEqual(["read", "bash", "edit", "write"]);
	});

	it("valid settings give no diagnostics", () => {
		const { manager } = withGlobal({
			defaultTools: ["read"],
			retry: { maxRetries: 5, provider: { maxRetryDelayMs: 0 } },
			httpIdleTimeoutMs: 0,
			images: { autoResize: false },
			defaultThinkingLevel: "high",
		});
		expect(manager.diagnostics).toEqual([]);
		expect(manager.getDefaultTools()).toEqual(["read"]);
	});
});
