import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONFIG_DIR_NAME, expandHome, getAgentDir } from "../session/session-paths.js";
import { applyToolList } from "../tools/tool-selection.js";
import { PiUserError } from "../user-error.js";
import { withFileLock } from "./file-lock.js";
import { readJsonObjectFile, writeJsonFileAtomic } from "./json-file.js";
import { validateSettings } from "./settings-schema.js";
import {
	type CacheWarmingMode,
	type CompactionSettings,
	GLOBAL_ONLY_KEYS,
	type QueueMode,
	RESOURCE_KEYS,
	type ResourceKey,
	type ResourceSetting,
	type RetrySettings,
	type Settings,
	type ThinkingLevelSetting,
} from "./settings-types.js";

/** A problem with a settings file, reported at start-up instead of thrown. */
export interface SettingsDiagnostic {
	/** "error": the file is unusable (not JSON); "warning": a value has the wrong type and was ignored. */
	type: "error" | "warning";
	path: string;
	message: string;
}

/** Thrown when a write would overwrite a settings file that could not be parsed. */
export class SettingsWriteError extends PiUserError {
	declare readonly code: "settings_write_refused";
	constructor(message: string) {
		super("settings_write_refused", message);
		this.name = "SettingsWriteError";
	}
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars from `over` replace those of `base`. */
export function deepMergeSettings(
	base: Record<string, unknown>,
	over: Record<string, unknown>,
): Record<string, unknown> {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(over)) {
		const current = merged[key];
		merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMergeSettings(current, value) : value;
	}
	return merged;
}

/**
 * Global (`<agentDir>/settings.json`) and project (`<cwd>/.pi/settings.json`) settings, merged
 * as configuration.md §2 says. Project settings apply only when the project is trusted, except
 * `sessionDir`. Application writes go to the global file, atomically, keeping unknown keys; a file
 * that is not valid JSON is reported in `diagnostics` and never overwritten.
 */
export class SettingsManager {
	private global: Settings = {};
	private project: Settings = {};
	private effective: Settings = {};
	readonly diagnostics: SettingsDiagnostic[] = [];

	private constructor(
		private readonly globalPath: string | undefined,
		private readonly projectPath: string | undefined,
		private projectTrusted: boolean,
		initial: Settings = {},
	) {
		this.global = initial;
		this.reload();
	}

	/** Settings for a cwd. `projectTrusted` gates everything in the project file but `sessionDir`. */
	static create(
		cwd: string,
		agentDir: string = getAgentDir(),
		options: { projectTrusted?: boolean } = {},
	): SettingsManager {
		return new SettingsManager(
			join(agentDir, "settings.json"),
			join(resolve(cwd), CONFIG_DIR_NAME, "settings.json"),
			options.projectTrusted ?? false,
		);
	}

	/** Settings that live only in memory (SDK, tests). */
	static inMemory(settings: Settings = {}): SettingsManager {
		return new SettingsManager(undefined, undefined, false, settings);
	}

	/** Re-reads both files; wrong-typed values are reported and left out (their defaults apply). */
	reload(): void {
		this.diagnostics.length = 0;
		if (this.globalPath) this.global = this.readChecked(this.globalPath);
		if (this.projectPath) this.project = this.readChecked(this.projectPath);
		this.recompute();
	}

	private readChecked(path: string): Settings {
		const read = readJsonObjectFile<Settings>(path, {});
		if (read.status === "invalid") this.diagnostics.push({ type: "error", path, message: read.error });
		return this.checked(read.value, path);
	}

	private checked(settings: Settings, path: string): Settings {
		const validated = validateSettings(settings, path);
		for (const problem of validated.problems)
			this.diagnostics.push({ type: "warning", path, message: problem.message });
		return validated.settings;
	}

	/** Whether the project layer is applied. */
	isProjectTrusted(): boolean {
		return this.projectTrusted;
	}

	/** Applies or removes the project layer after a trust decision. */
	setProjectTrusted(trusted: boolean): void {
		this.projectTrusted = trusted;
		this.recompute();
	}

	private recompute(): void {
		const project: Record<string, unknown> = this.projectTrusted ? { ...this.project } : {};
		for (const key of [...GLOBAL_ONLY_KEYS, ...RESOURCE_KEYS]) delete project[key];
		this.effective = deepMergeSettings(this.global, project) as Settings;
		const effective: Record<string, unknown> = this.effective;
		for (const key of RESOURCE_KEYS) {
			if (this.global[key] === undefined) delete effective[key];
			else effective[key] = this.global[key];
		}
	}

	/** The merged settings (resource arrays are the global ones; see `getResourceSettings`). */
	getSettings(): Readonly<Settings> {
		return this.effective;
	}

	getGlobalSettings(): Readonly<Settings> {
		return this.global;
	}

	getProjectSettings(): Readonly<Settings> {
		return this.project;
	}

	getDefaultProvider(): string | undefined {
		return this.effective.defaultProvider;
	}

	getDefaultModel(): string | undefined {
		return this.effective.defaultModel;
	}

	getDefaultThinkingLevel(): ThinkingLevelSetting | undefined {
		return this.effective.defaultThinkingLevel;
	}

	getThinkingBudgets(): Settings["thinkingBudgets"] {
		return this.effective.thinkingBudgets;
	}

	getEnabledModels(): string[] | undefined {
		return this.effective.enabledModels;
	}

	getHideThinkingBlock(): boolean {
		return this.effective.hideThinkingBlock ?? false;
	}

	/**
	 * Compaction settings with defaults; for `model`, its `compaction.modelOverrides["provider/id"]`
	 * values win field by field (pi 1.4).
	 */
	getCompactionSettings(model?: { provider: string; id: string }): CompactionSettings {
		const compaction = this.effective.compaction ?? {};
		const override = model ? compaction.modelOverrides?.[`${model.provider}/${model.id}`] : undefined;
		return {
			enabled: compaction.enabled ?? true,
			reserveTokens: override?.reserveTokens ?? compaction.reserveTokens ?? 16384,
			keepRecentTokens: override?.keepRecentTokens ?? compaction.keepRecentTokens ?? 20000,
		};
	}

	/** `modelThinkingLevels["provider/id"]`: the startup thinking level of one model (pi 1.4). */
	getModelThinkingLevel(model: { provider: string; id: string }): ThinkingLevelSetting | undefined {
		return this.effective.modelThinkingLevels?.[`${model.provider}/${model.id}`];
	}

	getBranchSummarySettings(): { reserveTokens: number; skipPrompt: boolean } {
		const branchSummary = this.effective.branchSummary ?? {};
		return { reserveTokens: branchSummary.reserveTokens ?? 16384, skipPrompt: branchSummary.skipPrompt ?? false };
	}

	getRetrySettings(): RetrySettings {
		const retry = this.effective.retry ?? {};
		return {
			enabled: retry.enabled ?? true,
			maxRetries: retry.maxRetries ?? 3,
			baseDelayMs: retry.baseDelayMs ?? 2000,
			maxAgentDelayMs: retry.maxAgentDelayMs ?? 60000,
			providerMaxRetries: retry.provider?.maxRetries ?? 0,
			maxRetryDelayMs: retry.provider?.maxRetryDelayMs ?? 60000,
		};
	}

	getSteeringMode(): QueueMode {
		return this.effective.steeringMode ?? "one-at-a-time";
	}

	getFollowUpMode(): QueueMode {
		return this.effective.followUpMode ?? "one-at-a-time";
	}

	/** pi 1.4's `"websocket-cached"` is read as `"websocket"` (no cached variant here). */
	getTransport(): "sse" | "websocket" | "auto" {
		const transport = this.effective.transport ?? "auto";
		return transport === "websocket-cached" ? "websocket" : transport;
	}

	/**
	 * `cacheWarming` (pi 1.4): read from the user's settings only, as 1.4 does, since warming spends
	 * the user's money; a project cannot turn it on. Default `"streaming"`.
	 */
	getCacheWarmingMode(): CacheWarmingMode {
		return this.global.cacheWarming ?? "streaming";
	}

	getHttpIdleTimeoutMs(): number {
		return this.effective.httpIdleTimeoutMs ?? 300000;
	}

	/**
	 * The default tool selection: read, bash, edit, write, changed by the user list and then the
	 * trusted project's. A list of only `+name`/`-name` entries edits the inherited selection;
	 * any other list replaces it (its own changes then apply). Patterns stay unexpanded.
	 */
	getDefaultTools(): string[] {
		const user = applyToolList(["read", "bash", "edit", "write"], this.global.defaultTools);
		return applyToolList(user, this.projectTrusted ? this.project.defaultTools : undefined);
	}

	/** `codemode.mode` and `codemode.inlineBudget` (settings.md "Tools"). */
	getCodemodeSettings(): { mode: "on" | "only"; inlineBudget: number } {
		const codemode = this.effective.codemode ?? {};
		return { mode: codemode.mode ?? "on", inlineBudget: codemode.inlineBudget ?? 3000 };
	}

	getShellPath(): string | undefined {
		return this.effective.shellPath;
	}

	getShellCommandPrefix(): string | undefined {
		return this.effective.shellCommandPrefix;
	}

	getImageSettings(): { autoResize: boolean; blockImages: boolean } {
		const images = this.effective.images ?? {};
		return { autoResize: images.autoResize ?? true, blockImages: images.blockImages ?? false };
	}

	getEnableSkillCommands(): boolean {
		return this.effective.enableSkillCommands ?? true;
	}

	getDefaultProjectTrust(): "ask" | "always" | "never" {
		return this.global.defaultProjectTrust ?? "ask";
	}

	getAlwaysTrust(): boolean {
		return this.global.alwaysTrust ?? false;
	}

	/**
	 * `sessionDir` (sessions.md §1): the project file's value first — read even before trust is
	 * resolved — else the global one. `~` expands to home; a relative value resolves against the
	 * directory of the file that set it (`<cwd>/.pi`, or the agent dir), like resource paths.
	 */
	getSessionDir(): string | undefined {
		const fromFile = (settings: Settings, path: string | undefined): string | undefined => {
			const value = settings.sessionDir;
			if (typeof value !== "string" || value === "") return undefined;
			return path ? resolve(dirname(path), expandHome(value)) : expandHome(value);
		};
		return fromFile(this.project, this.projectPath) ?? fromFile(this.global, this.globalPath);
	}

	/**
	 * A resource array from both files, each entry with the directory it is relative to: the agent
	 * dir for global entries, `<cwd>/.pi` for project entries (only when trusted).
	 */
	getResourceSettings(key: ResourceKey, agentDir: string = getAgentDir()): ResourceSetting[] {
		const fromFile = (settings: Settings, baseDir: string, scope: ResourceSetting["scope"]): ResourceSetting[] => {
			const list: unknown = settings[key];
			if (!Array.isArray(list)) return [];
			return (list as unknown[])
				.filter((pattern): pattern is string => typeof pattern === "string")
				.map((pattern) => ({ pattern: expandHome(pattern), baseDir, scope }));
		};
		const projectDir = this.projectPath ? resolve(this.projectPath, "..") : undefined;
		return [
			...fromFile(this.global, agentDir, "global"),
			...(this.projectTrusted && projectDir ? fromFile(this.project, projectDir, "project") : []),
		];
	}

	// --- writes (global file) -----------------------------------------------------------------

	/**
	 * Merges `patch` into the global settings file and writes it durably. The merge is a
	 * read-modify-write of the file as it is now, under `settings.json.lock`, so a change another pi
	 * process saved since start-up is kept, not overwritten with this process's start-up copy.
	 */
	updateGlobal(patch: Settings): void {
		const path = this.globalPath;
		if (!path) {
			this.global = deepMergeSettings(this.global, patch) as Settings;
			this.recompute();
			return;
		}
		// The agent dir is private (it holds auth.json and the sessions).
		mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
		withFileLock(`${path}.lock`, () => {
			const current = readJsonObjectFile<Settings>(path, {});
			if (current.status === "invalid") {
				throw new SettingsWriteError(
					`Not saving settings: ${path} is not valid JSON. Fix or remove the file, then try again.`,
				);
			}
			const merged = deepMergeSettings(current.value, patch) as Settings;
			// The file keeps what the user wrote (even a wrong value); memory holds the checked copy.
			writeJsonFileAtomic(path, merged);
			this.global = validateSettings(merged, path).settings;
		});
		this.recompute();
	}

	setDefaultModelAndProvider(provider: string, modelId: string): void {
		this.updateGlobal({ defaultProvider: provider, defaultModel: modelId });
	}

	setDefaultThinkingLevel(level: ThinkingLevelSetting): void {
		this.updateGlobal({ defaultThinkingLevel: level });
	}

	setCompactionEnabled(enabled: boolean): void {
		this.updateGlobal({ compaction: { enabled } });
	}

	setRetryEnabled(enabled: boolean): void {
		this.updateGlobal({ retry: { enabled } });
	}

	setSteeringMode(mode: QueueMode): void {
		this.updateGlobal({ steeringMode: mode });
	}

	setFollowUpMode(mode: QueueMode): void {
		this.updateGlobal({ followUpMode: mode });
	}
}
