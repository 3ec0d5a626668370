// The part of the runner its helpers read (contexts, wrapped tools, result events). A type of its
// own so those helpers need not import the runner that imports them.
import type { CustomMessage } from "../messages.js";
import type { ExtensionContext } from "./extension-api.js";
import type { CommandContextActions, ExtensionMode } from "./extension-bindings.js";
import type { ExtensionEventMap, ExtensionEventName } from "./extension-events.js";
import type { ExtensionHost } from "./extension-host.js";
import type { ExtensionUIContext } from "./extension-ui-context.js";

/** `ExtensionRunner` implements it. */
export interface ExtensionRunnerView {
	/** The session host; throws once the session is gone or before it exists. */
	readonly host: ExtensionHost;
	readonly ui: ExtensionUIContext;
	readonly mode: ExtensionMode;
	readonly hasUI: boolean;
	readonly commandActions: CommandContextActions | undefined;
	/** Abort signal of the run in progress. */
	readonly currentSignal: AbortSignal | undefined;
	/** The context handlers receive. */
	readonly context: ExtensionContext;
	/** The context of one tool call (nested calls become its children). */
	contextForToolCall(toolCallId: string): ExtensionContext;
	/** Throws `StaleExtensionContextError` once the session was replaced or disposed. */
	assertActive(): void;
	requestAbort(): void;
	requestShutdown(): void;
	hasHandlers(event: ExtensionEventName): boolean;
	/**
	 * Result dispatch: `combine` sees each handler's result in order and returns true to stop
	 * the chain. A throwing handler is reported and skipped (unless `onThrow` decides otherwise).
	 */
	emitCollect<E extends ExtensionEventName>(
		event: ExtensionEventMap[E]["event"] & { type: E },
		combine: (result: ExtensionEventMap[E]["result"], path: string) => boolean | undefined,
		onThrow?: (message: string, path: string) => boolean,
		ctx?: ExtensionContext,
	): Promise<void>;
	/** Takes the held `nextTurn` messages (the prompt pipeline injects them). */
	takeNextTurnMessages(): CustomMessage[];
}
