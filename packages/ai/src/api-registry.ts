import { AssistantMessageEventStream } from "./event-stream.js";
import type { ProviderStreams } from "./stream-function.js";
import type { Context, Model, SimpleStreamOptions, StreamOptions } from "./types.js";
import { errorText, failStream } from "./utils/failed-stream.js";
import { forwardStream } from "./utils/forward-stream.js";

/** Loads an API module on first use. Called at most once per registration (until it fails). */
export type ApiLoader = () => Promise<ProviderStreams>;

interface ApiEntry {
	loader: ApiLoader;
	loaded?: ProviderStreams;
	loading?: Promise<ProviderStreams>;
	readonly proxy: ProviderStreams;
}

const registry = new Map<string, ApiEntry>();

function isProviderStreams(value: ApiLoader | ProviderStreams): value is ProviderStreams {
	return typeof value === "object" && typeof value.stream === "function" && typeof value.streamSimple === "function";
}

function load(entry: ApiEntry): Promise<ProviderStreams> {
	entry.loading ??= entry.loader().then(
		(streams) => {
			entry.loaded = streams;
			return streams;
		},
		(error: unknown) => {
			// Let a later request retry the import (e.g. a transient file-system error).
			entry.loading = undefined;
			throw error;
		},
	);
	return entry.loading;
}

function deferred(
	apiId: string,
	entry: ApiEntry,
	kind: "stream" | "streamSimple",
	model: Model,
	context: Context,
	options: StreamOptions | undefined,
): AssistantMessageEventStream {
	const target = new AssistantMessageEventStream();
	load(entry).then(
		(streams) => {
			try {
				forwardStream(streams[kind](model, context, options), target, model);
			} catch (error) {
				// The caller already holds `target`: a module that throws instead of failing its stream
				// must still end it (a lost rejection would leave the request open forever).
				failStream(target, model, `API "${apiId}" threw: ${errorText(error)}`);
			}
		},
		(error: unknown) => failStream(target, model, `Failed to load API "${apiId}": ${errorText(error)}`),
	);
	return target;
}

function createEntry(apiId: string, source: ApiLoader | ProviderStreams): ApiEntry {
	const entry: ApiEntry = {
		loader: isProviderStreams(source) ? () => Promise.resolve(source) : source,
		loaded: isProviderStreams(source) ? source : undefined,
		proxy: {
			stream: (model, context, options) =>
				entry.loaded
					? entry.loaded.stream(model, context, options)
					: deferred(apiId, entry, "stream", model, context, options),
			streamSimple: (model, context, options?: SimpleStreamOptions) =>
				entry.loaded
					? entry.loaded.streamSimple(model, context, options)
					: deferred(apiId, entry, "streamSimple", model, context, options),
		},
	};
	return entry;
}

/**
 * Registers the implementation of a wire protocol under `apiId`, replacing any earlier one.
 * `source` is either the streams themselves or a loader (typically `() => import("./x.js")`)
 * that runs on the first request, so vendor SDKs load only when a model of that API is used.
 */
export function registerApi(apiId: string, source: ApiLoader | ProviderStreams): void {
	registry.set(apiId, createEntry(apiId, source));
}

/** Removes a registration. Returns whether one existed. */
export function unregisterApi(apiId: string): boolean {
	return registry.delete(apiId);
}

/** True when `apiId` is registered. */
export function hasApi(apiId: string): boolean {
	return registry.has(apiId);
}

/** True once the API module behind `apiId` has been loaded (its loader resolved). */
export function isApiLoaded(apiId: string): boolean {
	return registry.get(apiId)?.loaded !== undefined;
}

/** Every registered API id, in registration order. */
export function getRegisteredApis(): string[] {
	return [...registry.keys()];
}

/**
 * The low-level dispatcher for `apiId`: `stream`/`streamSimple` that load the module on first
 * use and then call it directly. A failed load ends that request's stream with an error.
 * Throws (a programming error, ai.md §1.2) when `apiId` is not registered.
 */
export function getApi(apiId: string): ProviderStreams {
	const entry = registry.get(apiId);
	if (!entry) {
		const known = getRegisteredApis().join(", ") || "none";
		throw new Error(`Unknown API "${apiId}". Registered APIs: ${known}`);
	}
	return entry.proxy;
}
