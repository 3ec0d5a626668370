import { type TSchema, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import {
	DOUBLE_ESCAPE_ACTIONS,
	FULLSCREEN_EXIT_OUTPUTS,
	FULLSCREEN_SCROLLBARS,
	TREE_FILTER_MODES,
	TUI_MODES,
	TUI_SETTING_RANGES,
} from "./settings-types.js";

/**
 * Type checks of settings.json values (configuration.md §3) with TypeBox, as for tool arguments.
 * A wrong-typed value is dropped from the effective settings — so its default applies — and
 * reported with the file, the key and the expected type. The file itself is never rewritten for it,
 * and unknown keys pass untouched.
 */

const THINKING_LEVEL_VALUES = ["off", "minimal", "low", "medium", "high", "xhigh", "max"];

/** The longest delay Node's timers take; beyond it they fire after 1 ms (a busy loop). */
const MAX_TIMER_MS = 2_147_483_647;

type Check = { schema: TSchema; expected: string };

const string: Check = { schema: Type.String(), expected: "a string" };
const boolean: Check = { schema: Type.Boolean(), expected: "true or false" };
const stringList: Check = { schema: Type.Array(Type.String()), expected: "an array of strings" };
const count: Check = { schema: Type.Integer({ minimum: 0 }), expected: "a whole number ≥ 0" };
const delayMs: Check = {
	schema: Type.Integer({ minimum: 0, maximum: MAX_TIMER_MS }),
	expected: `a whole number of milliseconds from 0 to ${MAX_TIMER_MS}`,
};
const wholeNumber = ({ min, max }: { min: number; max: number }): Check => ({
	schema: Type.Integer({ minimum: min, maximum: max }),
	expected: `a whole number from ${min} to ${max}`,
});
const oneOf = (...values: readonly string[]): Check => ({
	schema: Type.Union(values.map((value) => Type.Literal(value))),
	expected: `one of ${values.map((value) => JSON.stringify(value)).join(", ")}`,
});

/** Checks by dotted key; an object key listed with its own fields is checked field by field. */
const CHECKS: Record<string, Check> = {
	defaultProvider: string,
	defaultModel: string,
	defaultThinkingLevel: oneOf(...THINKING_LEVEL_VALUES),
	modelThinkingLevels: {
		schema: Type.Record(Type.String(), Type.Union(THINKING_LEVEL_VALUES.map((level) => Type.Literal(level)))),
		expected: `an object of "provider/modelId" → one of ${THINKING_LEVEL_VALUES.join(", ")}`,
	},
	"thinkingBudgets.minimal": count,
	"thinkingBudgets.low": count,
	"thinkingBudgets.medium": count,
	"thinkingBudgets.high": count,
	enabledModels: stringList,
	hideThinkingBlock: boolean,
	"compaction.enabled": boolean,
	"compaction.reserveTokens": count,
	"compaction.keepRecentTokens": count,
	"compaction.skipPrompt": boolean,
	"compaction.modelOverrides": {
		schema: Type.Record(
			Type.String(),
			Type.Object(
				{
					reserveTokens: Type.Optional(Type.Integer({ minimum: 0 })),
					keepRecentTokens: Type.Optional(Type.Integer({ minimum: 0 })),
				},
				{ additionalProperties: false },
			),
		),
		expected: 'an object of "provider/modelId" → { reserveTokens?, keepRecentTokens } (whole numbers ≥ 0)',
	},
	"branchSummary.reserveTokens": count,
	"branchSummary.skipPrompt": boolean,
	"retry.enabled": boolean,
	"retry.maxRetries": count,
	"retry.baseDelayMs": delayMs,
	"retry.maxAgentDelayMs": delayMs,
	"retry.provider.timeoutMs": delayMs,
	"retry.provider.maxRetries": count,
	"retry.provider.maxRetryDelayMs": delayMs,
	steeringMode: oneOf("one-at-a-time", "all"),
	followUpMode: oneOf("one-at-a-time", "all"),
	transport: oneOf("sse", "websocket", "websocket-cached", "auto"),
	cacheWarming: oneOf("off", "streaming", "idle"),
	httpIdleTimeoutMs: delayMs,
	defaultTools: stringList,
	"codemode.mode": oneOf("on", "only"),
	"codemode.inlineBudget": count,
	shellPath: string,
	shellCommandPrefix: string,
	"images.autoResize": boolean,
	"images.blockImages": boolean,
	sessionDir: string,
	extensions: stringList,
	skills: stringList,
	prompts: stringList,
	themes: stringList,
	packages: { schema: Type.Array(Type.Unknown()), expected: "an array" },
	// The package manager pi installs packages with (docs/packages.md), e.g. ["pnpm"].
	npmCommand: stringList,
	enableSkillCommands: boolean,
	defaultProjectTrust: oneOf("ask", "always", "never"),
	alwaysTrust: boolean,
	httpProxy: string,
	// UI and terminal (configuration.md §3.9; ranges without one in the spec are decided).
	theme: string,
	quietStartup: {
		schema: Type.Union([Type.Boolean(), Type.Literal("header")]),
		expected: 'true, false or "header"',
	},
	collapseChangelog: boolean,
	lastChangelogVersion: string,
	doubleEscapeAction: oneOf(...DOUBLE_ESCAPE_ACTIONS),
	treeFilterMode: oneOf(...TREE_FILTER_MODES),
	editorPaddingX: wholeNumber(TUI_SETTING_RANGES.editorPaddingX),
	outputPad: wholeNumber(TUI_SETTING_RANGES.outputPad),
	autocompleteMaxVisible: wholeNumber(TUI_SETTING_RANGES.autocompleteMaxVisible),
	showHardwareCursor: boolean,
	tuiMode: oneOf(...TUI_MODES),
	fullscreenExitOutput: oneOf(...FULLSCREEN_EXIT_OUTPUTS),
	fullscreenScrollbar: oneOf(...FULLSCREEN_SCROLLBARS),
	// pi 1.4 clamps any number to 1–100 (and floors it) rather than rejecting it: so do we.
	fullscreenWheelScrollLines: {
		schema: Type.Union([Type.Literal("auto"), Type.Number()]),
		expected: '"auto" or a number of lines (1 to 100)',
	},
	externalEditor: string,
	"markdown.codeBlockIndent": string,
	"terminal.showImages": boolean,
	"terminal.imageWidthCells": wholeNumber(TUI_SETTING_RANGES.imageWidthCells),
	"terminal.clearOnShrink": boolean,
	"terminal.showTerminalProgress": boolean,
};

/** Keys pi writes for itself or that carry no setting (pi 1.4's ids and `$schema`): accepted silently. */
const SILENT_KEYS = new Set(["$schema", "deviceId", "trackingId", "lastChangelogVersion"]);

/**
 * pi 1.4 settings this version reads but does not act on: each file that sets one gets one warning
 * naming them (never a rejection), so a 1.4 user knows what has no effect here.
 */
const UNSUPPORTED_KEYS = new Set([
	"sessionShareDestination",
	"showCacheMissNotices",
	"npmCommand",
	"enableInstallTelemetry",
	"enableAnalytics",
	"warnings",
	"websocketConnectTimeoutMs",
	// Fullscreen mode has no text selection of its own (a modifier-drag selects in the terminal).
	"fullscreenCopyOnSelect",
	"terminal.hyperlinks",
	"terminal.images",
	"terminal.trueColor",
	"markdown.mermaid",
	"queueMode",
	"websockets",
]);

/** Keys whose value must be an object because fields below them are checked. */
const OBJECT_KEYS = new Set(
	Object.keys(CHECKS).flatMap((key) => {
		const parts = key.split(".");
		return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join("."));
	}),
);

/** One wrong value: where, and what was expected. */
export interface SettingsValueProblem {
	key: string;
	expected: string;
	message: string;
}

/**
 * `settings` without its wrong-typed values (a deep copy where something was removed; the input is
 * not modified), plus one problem per removed value naming `path`, the key and the expected type.
 */
export function validateSettings<T extends object>(
	settings: T,
	path: string,
): { settings: T; problems: SettingsValueProblem[] } {
	const problems: SettingsValueProblem[] = [];
	const checked = structuredClone(settings) as Record<string, unknown>;
	const report = (key: string, value: unknown, expected: string) => {
		problems.push({
			key,
			expected,
			message: `${path}: setting "${key}" must be ${expected}, not ${describe(value)}; the default applies`,
		});
	};
	for (const objectKey of [...OBJECT_KEYS].sort()) {
		const { parent, leaf } = locate(checked, objectKey);
		if (parent === undefined || !(leaf in parent)) continue;
		const value = parent[leaf];
		if (value === undefined || isPlainObject(value)) continue;
		report(objectKey, value, "an object");
		delete parent[leaf];
	}
	for (const [key, check] of Object.entries(CHECKS)) {
		const { parent, leaf } = locate(checked, key);
		if (parent === undefined || !(leaf in parent) || parent[leaf] === undefined) continue;
		if (Value.Check(check.schema, parent[leaf])) continue;
		report(key, parent[leaf], check.expected);
		delete parent[leaf];
	}
	const unsupported: string[] = [];
	const unknown: string[] = [];
	collectUnknownKeys(settings as Record<string, unknown>, "", unsupported, unknown);
	if (unsupported.length > 0) {
		problems.push({
			key: unsupported[0]!,
			expected: "",
			message: `${path}: pi 1.4 setting${unsupported.length > 1 ? "s" : ""} ${unsupported.map((key) => `"${key}"`).join(", ")} ${unsupported.length > 1 ? "have" : "has"} no effect in this version`,
		});
	}
	if (unknown.length > 0) {
		problems.push({
			key: unknown[0]!,
			expected: "",
			message: `${path}: unknown setting${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `"${key}"`).join(", ")} ignored`,
		});
	}
	return { settings: (problems.length === 0 ? settings : checked) as T, problems };
}

/**
 * Walks the keys of `value` (at `prefix`): keys that are checked, silent or containers of checked
 * keys pass; pi 1.4 keys without an effect here go to `unsupported`, anything else to `unknown`.
 * Objects whose keys are free (model maps, `packages`) are not walked.
 */
function collectUnknownKeys(value: Record<string, unknown>, prefix: string, unsupported: string[], unknown: string[]) {
	for (const [key, child] of Object.entries(value)) {
		const path = prefix === "" ? key : `${prefix}.${key}`;
		if (SILENT_KEYS.has(path) || path in CHECKS) continue;
		if (UNSUPPORTED_KEYS.has(path)) unsupported.push(path);
		else if (OBJECT_KEYS.has(path)) {
			if (isPlainObject(child)) collectUnknownKeys(child, path, unsupported, unknown);
		} else unknown.push(path);
	}
}

function locate(root: Record<string, unknown>, key: string): { parent?: Record<string, unknown>; leaf: string } {
	const parts = key.split(".");
	let parent: unknown = root;
	for (const part of parts.slice(0, -1)) {
		parent = isPlainObject(parent) ? parent[part] : undefined;
	}
	return { parent: isPlainObject(parent) ? parent : undefined, leaf: parts.at(-1) ?? key };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value: unknown): string {
	const json = JSON.stringify(value);
	const shown = json === undefined ? String(value) : json.length > 60 ? `${json.slice(0, 57)}...` : json;
	const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
	return `${kind} ${shown}`;
}
