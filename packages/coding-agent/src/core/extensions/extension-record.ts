// What one loaded extension registered: handlers, tools, commands, shortcuts and flags.
import type {
	ExtensionHandler,
	ExtensionToolDefinition,
	RegisteredCommandOptions,
	RegisteredFlagOptions,
	RegisteredShortcutOptions,
} from "./extension-api.js";
import type { ExtensionEventName } from "./extension-events.js";
import type {
	EntryRenderer,
	MarkdownTransformer,
	MessageRenderer,
	ToolRendererResolver,
} from "./extension-renderers.js";

/** Any handler, as stored (the event name keys it). */
export type AnyExtensionHandler = ExtensionHandler<ExtensionEventName>;

/** One loaded extension and everything it registered, in registration order. */
export interface ExtensionRecord {
	/** Resolved file path, or the inline extension's name. */
	path: string;
	handlers: Map<ExtensionEventName, AnyExtensionHandler[]>;
	tools: Map<string, ExtensionToolDefinition>;
	commands: Map<string, RegisteredCommandOptions>;
	shortcuts: Map<string, RegisteredShortcutOptions>;
	flags: Map<string, RegisteredFlagOptions>;
	messageRenderers: Map<string, MessageRenderer>;
	entryRenderers: Map<string, EntryRenderer>;
	toolRenderers: ToolRendererResolver[];
	markdownTransformers: MarkdownTransformer[];
}

export function createExtensionRecord(path: string): ExtensionRecord {
	return {
		path,
		handlers: new Map(),
		tools: new Map(),
		commands: new Map(),
		shortcuts: new Map(),
		flags: new Map(),
		messageRenderers: new Map(),
		entryRenderers: new Map(),
		toolRenderers: [],
		markdownTransformers: [],
	};
}

/** Why an extension could not be used (also reported as `extension_error` with event "load"). */
export interface ExtensionLoadError {
	path: string;
	error: string;
}

/**
 * One kind of registration across extensions in load order, by key: the first registration of a
 * key wins (tools, flags and shortcuts alike, as in pi 1.4).
 */
export function collectByKey<T>(
	records: readonly ExtensionRecord[],
	pick: (record: ExtensionRecord) => ReadonlyMap<string, T>,
): Map<string, T & { extensionPath: string }> {
	const collected = new Map<string, T & { extensionPath: string }>();
	for (const record of records) {
		for (const [key, value] of pick(record)) {
			if (!collected.has(key)) collected.set(key, { ...value, extensionPath: record.path });
		}
	}
	return collected;
}
