import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { BUILTIN_THEMES, createTheme, hasTheme, type Theme, type ThemeFile } from "./theme.js";
import { discoverThemes } from "./theme-discovery.js";
import type { TuiSettings } from "./tui-settings.js";

/** The themes the app can switch between, found once at start-up, and the warnings about them. */
export class AppThemes {
	readonly custom: ThemeFile[];
	/** For the start-up header: broken files, untrusted project themes, an unknown `theme`. */
	readonly warnings: string[];

	constructor(
		runtime: AgentSessionRuntime,
		options: { themePaths?: string[]; noThemes?: boolean; extensionPaths?: readonly string[] },
		private readonly env: NodeJS.ProcessEnv,
		selected: string,
	) {
		const settings = runtime.services.settingsManager;
		const found = discoverThemes({
			agentDir: runtime.agentDir,
			cwd: runtime.cwd,
			settings,
			projectTrusted: settings.isProjectTrusted(),
			...(options.themePaths ? { cliPaths: options.themePaths } : {}),
			...(options.noThemes ? { noThemes: true } : {}),
			...(options.extensionPaths ? { extraPaths: options.extensionPaths } : {}),
		});
		this.custom = found.themes;
		this.warnings = [...found.warnings];
		if (found.skippedProjectThemes) {
			this.warnings.push(
				"Project themes not loaded (.pi/themes, the themes of .pi/settings.json): the project is not trusted; start pi with --approve to trust it.",
			);
		}
		if (!hasTheme(selected, this.custom)) {
			this.warnings.push(
				`Theme "${selected}" (settings "theme") not found; using dark. Available: ${this.names().join(", ")}`,
			);
		}
	}

	/** Built-in names, then custom ones (as /settings lists them). */
	names(): string[] {
		return [...BUILTIN_THEMES, ...this.custom.map((theme) => theme.name)];
	}

	/** The theme object for the settings: colours of `settings.theme`, layout values, NO_COLOR. */
	create(settings: TuiSettings): Theme {
		return createTheme(settings.theme, {
			env: this.env,
			custom: this.custom,
			layout: { outputPad: settings.outputPad, codeBlockIndent: settings.codeBlockIndent },
		});
	}
}
