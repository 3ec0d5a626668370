import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import type { SettingsManager } from "../../core/config/settings-manager.js";
import type { Settings } from "../../core/config/settings-types.js";
import { AppThemes } from "./app-themes.js";
import type { Theme } from "./theme.js";
import { resolveTuiSettings, type TuiSettings } from "./tui-settings.js";
import { applyTuiSettings, mergeRunSettings, type TuiSettingsTarget } from "./tui-settings-apply.js";

/**
 * The app's look and feel: the TUI settings in effect (configuration.md §3.9), the themes found,
 * and the theme being previewed in /settings. Changes are applied to the app through
 * `applyTuiSettings`; the app redraws itself in `rebuildTheme`.
 */
export class AppAppearance {
	private themes: AppThemes;
	private current: TuiSettings;
	/** Values chosen in /settings this run; they win over a project file that sets the same keys. */
	private runSettings: Settings = {};
	/** The settings everything was read from (a session rebuilt by /reload brings new ones). */
	private source: SettingsManager;
	private previewName: string | undefined;
	/** Theme paths extensions contributed (`resources_discover`), as last applied. */
	private extensionPaths: readonly string[] = [];

	constructor(
		private readonly runtime: AgentSessionRuntime,
		private readonly options: {
			themePaths?: string[];
			noThemes?: boolean;
			theme?: string;
			tuiMode?: "regular" | "fullscreen";
		},
		private readonly env: NodeJS.ProcessEnv,
	) {
		this.source = runtime.services.settingsManager;
		this.runSettings = this.commandLineSettings();
		this.current = resolveTuiSettings(mergeRunSettings(this.source.getSettings(), this.runSettings));
		this.themes = new AppThemes(runtime, options, env, this.current.theme);
	}

	/** `--use-theme` and `--tui-mode`: this run's values over the files, never saved. */
	private commandLineSettings(): Settings {
		return {
			...(this.options.theme !== undefined ? { theme: this.options.theme } : {}),
			...(this.options.tuiMode !== undefined ? { tuiMode: this.options.tuiMode } : {}),
		};
	}

	get settings(): TuiSettings {
		return this.current;
	}

	/** Problems found with the themes (for the header at start, the transcript after a reload). */
	get warnings(): readonly string[] {
		return this.themes.warnings;
	}

	themeNames(): string[] {
		return this.themes.names();
	}

	/** A theme object for the current settings (or the previewed theme). */
	createTheme(): Theme {
		return this.themes.create(this.previewName ? { ...this.current, theme: this.previewName } : this.current);
	}

	/** Saves `patch` to the global settings and applies it; returns the write error, if any. */
	update(target: TuiSettingsTarget, patch: Settings): unknown {
		const manager = this.runtime.session.settingsManager;
		let failure: unknown;
		try {
			manager.updateGlobal(patch);
		} catch (error) {
			failure = error;
		}
		this.runSettings = mergeRunSettings(this.runSettings, patch);
		this.apply(target, resolveTuiSettings(mergeRunSettings(manager.getSettings(), this.runSettings)));
		return failure;
	}

	/**
	 * After /reload or a session in another folder (new settings): files re-read, themes found
	 * again (project trust may differ), both applied. Returns the new warnings, or undefined when
	 * nothing had to be read again.
	 */
	reloadIfStale(target: TuiSettingsTarget): readonly string[] | undefined {
		const manager = this.runtime.session.settingsManager;
		if (manager === this.source) return undefined;
		this.source = manager;
		this.runSettings = this.commandLineSettings();
		const next = resolveTuiSettings(mergeRunSettings(manager.getSettings(), this.runSettings));
		this.extensionPaths = [];
		this.themes = new AppThemes(this.runtime, this.options, this.env, next.theme);
		this.apply(target, next);
		target.rebuildTheme();
		return this.themes.warnings;
	}

	/**
	 * Themes contributed by extensions (`resources_discover` `themePaths`, known once they are
	 * bound): found with the others, then the app redraws. Returns the warnings that are new.
	 */
	useExtensionThemes(target: TuiSettingsTarget, paths: readonly string[]): string[] {
		if (paths.length === this.extensionPaths.length && paths.every((path, i) => path === this.extensionPaths[i])) {
			return [];
		}
		this.extensionPaths = [...paths];
		const before = new Set(this.themes.warnings);
		this.themes = new AppThemes(
			this.runtime,
			{ ...this.options, extensionPaths: this.extensionPaths },
			this.env,
			this.current.theme,
		);
		target.rebuildTheme();
		return this.themes.warnings.filter((warning) => !before.has(warning));
	}

	/**
	 * Shows `name` (undefined: the chosen theme again) without saving it: /settings' theme picker.
	 * `redraw` false only forgets the preview (the choice that follows redraws).
	 */
	preview(target: TuiSettingsTarget, name: string | undefined, redraw = true): void {
		if (this.previewName === name) return;
		this.previewName = name;
		if (redraw) target.rebuildTheme();
	}

	private apply(target: TuiSettingsTarget, next: TuiSettings): void {
		const previous = this.current;
		this.current = next;
		applyTuiSettings(target, previous, next);
	}
}
