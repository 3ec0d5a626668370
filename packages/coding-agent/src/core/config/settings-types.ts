import type { QueueMode } from "@pi/agent-core";
import type { ThinkingBudgets, ThinkingLevelOrOff } from "@pi/ai";

// Defined once, in agent-core (agent-core.md §6); settings store the same values.
export type { QueueMode } from "@pi/agent-core";

/** The thinking level values settings accept: `"off"` and ai's levels. */
export type ThinkingLevelSetting = ThinkingLevelOrOff;

/** pi 1.4's `cacheWarming`: keep a prompt cache warm never, during runs, or also between runs. */
export type CacheWarmingMode = "off" | "streaming" | "idle";

/** settings.json (configuration.md §3). Unknown keys are preserved. */
export interface Settings {
	defaultProvider?: string;
	defaultModel?: string;
	defaultThinkingLevel?: ThinkingLevelSetting;
	thinkingBudgets?: ThinkingBudgets;
	enabledModels?: string[];
	hideThinkingBlock?: boolean;
	/** Per-model startup thinking levels keyed by `provider/modelId` (pi 1.4). */
	modelThinkingLevels?: Record<string, ThinkingLevelSetting>;
	compaction?: {
		enabled?: boolean;
		reserveTokens?: number;
		keepRecentTokens?: number;
		skipPrompt?: boolean;
		/** Per-model token values keyed by `provider/modelId` (pi 1.4). */
		modelOverrides?: Record<string, { reserveTokens?: number; keepRecentTokens?: number }>;
	};
	branchSummary?: { reserveTokens?: number; skipPrompt?: boolean };
	retry?: {
		enabled?: boolean;
		maxRetries?: number;
		baseDelayMs?: number;
		maxAgentDelayMs?: number;
		provider?: { timeoutMs?: number; maxRetries?: number; maxRetryDelayMs?: number };
	};
	steeringMode?: QueueMode;
	followUpMode?: QueueMode;
	transport?: "sse" | "websocket" | "websocket-cached" | "auto";
	/** pi 1.4's prompt-cache warming: during runs (default), also between runs, or never. Global only. */
	cacheWarming?: CacheWarmingMode;
	httpIdleTimeoutMs?: number;
	/** Tool selection; a list of only `+name`/`-name` entries changes the inherited one. */
	defaultTools?: string[];
	/** The codemode tool's presentation (packages/codemode). */
	codemode?: { mode?: "on" | "only"; inlineBudget?: number };
	shellPath?: string;
	shellCommandPrefix?: string;
	images?: { autoResize?: boolean; blockImages?: boolean };
	sessionDir?: string;
	extensions?: string[];
	skills?: string[];
	prompts?: string[];
	themes?: string[];
	packages?: unknown[];
	/** The command pi installs npm packages with, as argv (default `["npm"]`; e.g. `["pnpm"]`). */
	npmCommand?: string[];
	enableSkillCommands?: boolean;
	defaultProjectTrust?: "ask" | "always" | "never";
	alwaysTrust?: boolean;
	// UI and terminal (configuration.md §3.9), used by the interactive mode.
	theme?: string;
	quietStartup?: boolean | "header";
	collapseChangelog?: boolean;
	/** The last version whose changes the interactive mode announced (written by pi). */
	lastChangelogVersion?: string;
	doubleEscapeAction?: DoubleEscapeAction;
	treeFilterMode?: TreeFilterMode;
	editorPaddingX?: number;
	outputPad?: number;
	autocompleteMaxVisible?: number;
	showHardwareCursor?: boolean;
	tuiMode?: TuiMode;
	/** pi 1.4: what the shell gets when fullscreen mode exits (the transcript, or only the resume command). */
	fullscreenExitOutput?: FullscreenExitOutput;
	/** pi 1.4: the fullscreen transcript's scrollbar (while scrolling, always, never). */
	fullscreenScrollbar?: FullscreenScrollbar;
	/** pi 1.4: lines per mouse-wheel report in fullscreen mode, or "auto" (a fast spin moves more). */
	fullscreenWheelScrollLines?: "auto" | number;
	externalEditor?: string;
	markdown?: { codeBlockIndent?: string };
	terminal?: {
		showImages?: boolean;
		imageWidthCells?: number;
		clearOnShrink?: boolean;
		showTerminalProgress?: boolean;
	};
	[key: string]: unknown;
}

/** `tuiMode`: inline in the terminal's main screen (the default), or on the alternate screen (decided). */
export const TUI_MODES = ["regular", "fullscreen"] as const;
export type TuiMode = (typeof TUI_MODES)[number];

/** `fullscreenExitOutput` (pi 1.4): print the transcript on exit, or only the resume command. */
export const FULLSCREEN_EXIT_OUTPUTS = ["transcript", "resume-hint"] as const;
export type FullscreenExitOutput = (typeof FULLSCREEN_EXIT_OUTPUTS)[number];

/** `fullscreenScrollbar` (pi 1.4): shown a while after each scroll, always (a column of its own), never. */
export const FULLSCREEN_SCROLLBARS = ["auto", "always", "hidden"] as const;
export type FullscreenScrollbar = (typeof FULLSCREEN_SCROLLBARS)[number];

/** `fullscreenWheelScrollLines` (pi 1.4): a number of lines is clamped to this range. */
export const WHEEL_SCROLL_LINES_RANGE = { min: 1, max: 100 } as const;

/** `doubleEscapeAction`: what Escape twice on an empty, idle editor opens. */
export const DOUBLE_ESCAPE_ACTIONS = ["tree", "fork", "none"] as const;
export type DoubleEscapeAction = (typeof DOUBLE_ESCAPE_ACTIONS)[number];

/** `treeFilterMode` (configuration.md §3.9). */
export const TREE_FILTER_MODES = ["default", "no-tools", "user-only", "labeled-only", "all"] as const;
export type TreeFilterMode = (typeof TREE_FILTER_MODES)[number];

/** The ranges configuration.md gives (editorPaddingX 0–3, autocompleteMaxVisible 3–20) and ours (decided). */
export const TUI_SETTING_RANGES = {
	editorPaddingX: { min: 0, max: 3 },
	autocompleteMaxVisible: { min: 3, max: 20 },
	outputPad: { min: 0, max: 4 },
	imageWidthCells: { min: 10, max: 400 },
} as const;

/** Resolved compaction settings with defaults applied. */
export interface CompactionSettings {
	enabled: boolean;
	reserveTokens: number;
	keepRecentTokens: number;
}

/** Resolved retry settings with defaults applied. */
export interface RetrySettings {
	enabled: boolean;
	maxRetries: number;
	baseDelayMs: number;
	maxAgentDelayMs: number;
	/** `retry.provider.maxRetries`: retries inside the vendor SDK; keep 0 (agent-level retry does it). */
	providerMaxRetries: number;
	/** ai `maxRetryDelayMs`; 0 = no cap. */
	maxRetryDelayMs: number;
}

/** A resource path from settings with the directory it is relative to. */
export interface ResourceSetting {
	pattern: string;
	baseDir: string;
	scope: "global" | "project";
}

export const RESOURCE_KEYS = ["packages", "extensions", "skills", "prompts", "themes"] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

/** Keys honoured only in the global file. */
export const GLOBAL_ONLY_KEYS = ["defaultProjectTrust", "alwaysTrust", "httpProxy", "cacheWarming"] as const;
