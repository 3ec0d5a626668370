import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deepMergeSettings, SettingsManager } from "../../src/core/config/settings-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function setup(global: unknown, project?: unknown): { agentDir: string; cwd: string } {
	const agentDir = tempDir();
	const cwd = tempDir();
	writeFileSync(join(agentDir, "settings.json"), typeof global === "string" ? global : JSON.stringify(global));
	if (project !== undefined) {
		mkdirSync(join(cwd, ".pi"));
		writeFileSync(join(cwd, ".pi", "settings.json"), typeof project === "string" ? project : JSON.stringify(project));
	}
	return { agentDir, cwd };
}

describe("deepMergeSettings", () => {
	it("merges objects recursively and replaces arrays and scalars", () => {
		expect(deepMergeSettings({ a: { b: 1, c: 2 }, list: [1, 2], s: "x" }, { a: { c: 3 }, list: [9], s: "y" })).toEqual({
			a: { b: 1, c: 3 },
			list: [9],
			s: "y",
		});
	});
});

describe("SettingsManager", () => {
	it("merges trusted project settings over global ones", () => {
		const { agentDir, cwd } = setup(
			{ defaultModel: "g", compaction: { reserveTokens: 1000, keepRecentTokens: 5 }, retry: { maxRetries: 7 } },
			{ defaultModel: "p", compaction: { keepRecentTokens: 10 } },
		);
		const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: true });
		expect(settings.getDefaultModel()).toBe("p");
		expect(settings.getCompactionSettings()).toEqual({ enabled: true, reserveTokens: 1000, keepRecentTokens: 10 });
		expect(settings.getRetrySettings()).toMatchObject({ enabled: true, maxRetries: 7, baseDelayMs: 2000 });
	});

	it("ignores the project file when untrusted, except sessionDir", () => {
		const { agentDir, cwd } = setup({ defaultModel: "g" }, { defaultModel: "p", sessionDir: "/tmp/s" });
		const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: false });
		expect(settings.getDefaultModel()).toBe("g");
		expect(settings.getSessionDir()).toBe("/tmp/s");
		settings.setProjectTrusted(true);
		expect(settings.getDefaultModel()).toBe("p");
	});

	it("ignores global-only keys in the project file and applies resource arrays with their own base dirs", () => {
		const { agentDir, cwd } = setup(
			{ skills: ["global-skills"], defaultProjectTrust: "never" },
			{ skills: ["proj-skills"], defaultProjectTrust: "always", alwaysTrust: true },
		);
		const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: true });
		expect(settings.getDefaultProjectTrust()).toBe("never");
		expect(settings.getAlwaysTrust()).toBe(false);
		expect(settings.getResourceSettings("skills", agentDir)).toEqual([
			{ pattern: "global-skills", baseDir: agentDir, scope: "global" },
			{ pattern: "proj-skills", baseDir: join(cwd, ".pi"), scope: "project" },
		]);
	});

	it("reports invalid JSON, treats it as empty, and never overwrites it", () => {
		const { agentDir, cwd } = setup("{ not json");
		const settings = SettingsManager.create(cwd, agentDir);
		expect(settings.diagnostics).toHaveLength(1);
		expect(settings.diagnostics[0]!.message).toMatch(/settings\.json is not valid JSON/);
		expect(settings.getDefaultTools()).toEqual(["read", "bash", "edit", "write"]);
		expect(() => settings.setDefaultThinkingLevel("high")).toThrow(/Not saving settings: .*not valid JSON/);
		expect(readFileSync(join(agentDir, "settings.json"), "utf8")).toBe("{ not json");
	});

	it("writes to the global file atomically and keeps unknown keys", () => {
		const { agentDir, cwd } = setup({ someFutureKey: { nested: true }, compaction: { reserveTokens: 5 } });
		const settings = SettingsManager.create(cwd, agentDir);
		settings.setCompactionEnabled(false);
		settings.setDefaultModelAndProvider("anthropic", "claude");
		const written = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"));
		expect(written).toEqual({
			someFutureKey: { nested: true },
			compaction: { reserveTokens: 5, enabled: false },
			defaultProvider: "anthropic",
			defaultModel: "claude",
		});
	});

	it("applies the documented default of every [core] setting", () => {
		const settings = SettingsManager.inMemory();
		expect(settings.getDefaultProvider()).toBeUndefined();
		expect(settings.getDefaultModel()).toBeUndefined();
		expect(settings.getDefaultThinkingLevel()).toBeUndefined();
		expect(settings.getThinkingBudgets()).toBeUndefined();
		expect(settings.getEnabledModels()).toBeUndefined();
		expect(settings.getHideThinkingBlock()).toBe(false);
		expect(settings.getCompactionSettings()).toEqual({ enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
		expect(settings.getBranchSummarySettings()).toEqual({ reserveTokens: 16384, skipPrompt: false });
		expect(settings.getRetrySettings()).toEqual({
			enabled: true,
			maxRetries: 3,
			baseDelayMs: 2000,
			maxAgentDelayMs: 60000,
			providerMaxRetries: 0,
			maxRetryDelayMs: 60000,
		});
		expect(settings.getSteeringMode()).toBe("one-at-a-time");
		expect(settings.getFollowUpMode()).toBe("one-at-a-time");
		expect(settings.getTransport()).toBe("auto");
		expect(settings.getHttpIdleTimeoutMs()).toBe(300000);
		expect(settings.getDefaultTools()).toEqual(["read", "bash", "edit", "write"]);
		expect(settings.getShellPath()).toBeUndefined();
		expect(settings.getShellCommandPrefix()).toBeUndefined();
		expect(settings.getImageSettings()).toEqual({ autoResize: true, blockImages: false });
		expect(settings.getSessionDir()).toBeUndefined();
		for (const key of ["extensions", "skills", "prompts", "themes", "packages"] as const) {
			expect(settings.getResourceSettings(key, "/agent")).toEqual([]);
		}
		expect(settings.getEnableSkillCommands()).toBe(true);
		expect(settings.getDefaultProjectTrust()).toBe("ask");
		expect(settings.getAlwaysTrust()).toBe(false);
	});

	it("reads every [core] setting from the file", () => {
		const settings = SettingsManager.inMemory({
			hideThinkingBlock: true,
			thinkingBudgets: { low: 1000 },
			enabledModels: ["anthropic/*"],
			retry: { provider: { maxRetries: 2, maxRetryDelayMs: 0 } },
			followUpMode: "all",
			httpIdleTimeoutMs: 0,
			defaultTools: ["read", "ls"],
			shellPath: "/bin/zsh",
			shellCommandPrefix: "set -e",
			images: { blockImages: true },
			enableSkillCommands: false,
		});
		expect(settings.getHideThinkingBlock()).toBe(true);
		expect(settings.getThinkingBudgets()).toEqual({ low: 1000 });
		expect(settings.getEnabledModels()).toEqual(["anthropic/*"]);
		expect(settings.getRetrySettings()).toMatchObject({ providerMaxRetries: 2, maxRetryDelayMs: 0 });
		expect(settings.getFollowUpMode()).toBe("all");
		expect(settings.getHttpIdleTimeoutMs()).toBe(0);
		expect(settings.getDefaultTools()).toEqual(["read", "ls"]);
		expect(settings.getShellPath()).toBe("/bin/zsh");
		expect(settings.getShellCommandPrefix()).toBe("set -e");
		expect(settings.getImageSettings()).toEqual({ autoResize: true, blockImages: true });
		expect(settings.getEnableSkillCommands()).toBe(false);
	});

	it("reports an invalid project file without touching it, and resolves ~ in resource paths", () => {
		const { agentDir, cwd } = setup({ skills: ["~/my-skills"] }, "[1, 2");
		const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: true });
		expect(settings.diagnostics.map((diagnostic) => diagnostic.path)).toEqual([join(cwd, ".pi", "settings.json")]);
		expect(settings.getResourceSettings("skills", agentDir)).toEqual([
			{ pattern: join(homedir(), "my-skills"), baseDir: agentDir, scope: "global" },
		]);
		settings.setSteeringMode("all");
		expect(readFileSync(join(cwd, ".pi", "settings.json"), "utf8")).toBe("[1, 2");
	});
});

describe("pi 1.4's settings", () => {
	it("accepts every key, names those without an effect and unknown ones in one warning each", () => {
		const { agentDir, cwd } = setup({
			$schema: "https://pi.dev/schemas/settings.schema.json",
			deviceId: "d",
			lastChangelogVersion: "1.4.0",
			defaultThinkingLevel: "max",
			transport: "websocket-cached",
			quietStartup: "header",
			cacheWarming: "idle",
			fullscreenCopyOnSelect: false,
			fullscreenScrollbar: "always",
			terminal: { showImages: false, trueColor: true },
			codemode: { mode: "only", inlineBudget: 100 },
			frobnicate: 1,
			compaction: { enabled: true, extra: 2 },
		});
		const manager = SettingsManager.create(cwd, agentDir);
		expect(manager.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
			expect.stringMatching(
				/settings\.json: pi 1\.4 settings "fullscreenCopyOnSelect", "terminal\.trueColor" have no effect in this version$/,
			),
			expect.stringMatching(/settings\.json: unknown settings "frobnicate", "compaction\.extra" ignored$/),
		]);
		expect(manager.getTransport()).toBe("websocket");
		expect(manager.getDefaultThinkingLevel()).toBe("max");
		expect(manager.getCacheWarmingMode()).toBe("idle");
	});

	it("reads modelThinkingLevels and compaction.modelOverrides per provider/model", () => {
		const { agentDir, cwd } = setup({
			modelThinkingLevels: { "p/m": "low" },
			compaction: { reserveTokens: 1000, keepRecentTokens: 2000, modelOverrides: { "p/m": { reserveTokens: 50 } } },
		});
		const manager = SettingsManager.create(cwd, agentDir);
		expect(manager.diagnostics).toEqual([]);
		expect(manager.getModelThinkingLevel({ provider: "p", id: "m" })).toBe("low");
		expect(manager.getModelThinkingLevel({ provider: "p", id: "other" })).toBeUndefined();
		expect(manager.getCompactionSettings({ provider: "p", id: "m" })).toMatchObject({
			reserveTokens: 50,
			keepRecentTokens: 2000,
		});
		expect(manager.getCompactionSettings({ provider: "q", id: "m" }).reserveTokens).toBe(1000);
	});
});
