export { HYPERLINK_CLOSE, SGR_RESET, stripAnsi } from "./ansi.js";
export { CombinedAutocompleteProvider, FILE_REFERENCE, MAX_FILE_SUGGESTIONS } from "./autocomplete.js";
export { type FileRanking, filterEntries, rankFiles, searchFiles } from "./autocomplete-file-ranking.js";
export { trimmedLowerPath, type WalkedEntry } from "./autocomplete-file-search.js";
export type {
	AutocompleteItem,
	AutocompleteProvider,
	AutocompleteRequestOptions,
	AutocompleteSuggestions,
	CompletionResult,
	SlashCommand,
} from "./autocomplete-types.js";
export { type Component, Container, type Focusable, isFocusable } from "./component.js";
export { Box, type BoxOptions } from "./components/box.js";
export { CancellableLoader, type CancellableLoaderOptions } from "./components/cancellable-loader.js";
export { Editor, type EditorOptions } from "./components/editor.js";
export { type AutocompleteListTheme, defaultEditorTheme, type EditorTheme } from "./components/editor-theme.js";
export type { EditorBorderStatus } from "./components/editor-view.js";
export { Image, type ImageOptions } from "./components/image.js";
export { Input, type InputOptions } from "./components/input.js";
export { Loader, type LoaderOptions, SPINNER_FRAMES } from "./components/loader.js";
export { Markdown } from "./components/markdown.js";
export { type DefaultTextStyle, defaultMarkdownTheme, type MarkdownTheme } from "./components/markdown-theme.js";
export {
	type SelectItem,
	SelectList,
	type SelectListOptions,
	type SelectListTheme,
} from "./components/select-list.js";
export {
	type SettingItem,
	SettingsList,
	type SettingsListOptions,
	type SettingsListTheme,
} from "./components/settings-list.js";
export { Spacer } from "./components/spacer.js";
export { Text, type TextOptions } from "./components/text.js";
export { TruncatedText, type TruncatedTextOptions } from "./components/truncated-text.js";
export { CURSOR_MARKER } from "./cursor-marker.js";
export { DifferentialRenderer, type RenderFrame } from "./differential-renderer.js";
export { type FuzzyMatch, fuzzyFilter, fuzzyMatch } from "./fuzzy.js";
export { findHighlightLanguage, highlightCodeHtml } from "./highlight-js.js";
export { detectImageMimeType, getImageDimensions, type ImageDimensions } from "./image-dimensions.js";
export { Key, renderFakeCursor } from "./key-ids.js";
export {
	DEFAULT_KEYBINDINGS,
	getKeybindings,
	type KeybindingAction,
	type KeybindingsConfig,
	KeybindingsConfigError,
	KeybindingsManager,
	type KnownKeybindingAction,
	setKeybindings,
} from "./keybindings.js";
export {
	formatKeyId,
	isKeyRelease,
	type KeyEventType,
	type KeyId,
	matchesKey,
	type NamedKey,
	type ParsedKey,
	parseKey,
	parseKeyId,
	printableText,
} from "./keys.js";
export { applyLineStyle } from "./line-style.js";
export {
	isMouseReport,
	MOUSE_REPORTING_OFF,
	MOUSE_REPORTING_ON,
	type MouseEvent,
	parseMouseReport,
} from "./mouse.js";
export type {
	OverlayAnchor,
	OverlayHandle,
	OverlayOptions,
	OverlaySize,
} from "./overlay.js";
export { extractPaste, PASTE_END, PASTE_START, wrapPaste } from "./paste.js";
export {
	ProcessTerminal,
	type ProcessTerminalOptions,
	type TerminalInputStream,
	type TerminalOutputStream,
} from "./process-terminal.js";
export { StdinBuffer, type StdinBufferOptions } from "./stdin-buffer.js";
export {
	defaultSyntaxTheme,
	highlightCode,
	isLanguageSupported,
	type SyntaxTheme,
	type SyntaxToken,
	type SyntaxTokenKind,
	tokenizeCode,
} from "./syntax-highlight.js";
export { type Terminal, TerminalSequences } from "./terminal.js";
export {
	type CellBox,
	detectImageProtocol,
	encodeITerm2Image,
	encodeKittyImage,
	type ImageProtocol,
	KITTY_CHUNK_SIZE,
} from "./terminal-image.js";
export { padToWidth, sliceByColumn, truncateToWidth, visibleWidth } from "./text-width.js";
export type { Timers } from "./timers.js";
export { type InputListener, type ReleaseAware, TUI, type TUIOptions } from "./tui.js";
export { wrapTextWithAnsi } from "./wrap.js";
