// The dispatch order of one runner's handlers, by event: load order of the extensions, then
// registration order within each. Rebuilt lazily after a change (a load, a late `pi.on`).
import type { ExtensionEventName } from "./extension-events.js";
import type { AnyExtensionHandler, ExtensionRecord } from "./extension-record.js";

/** A handler with the extension it belongs to, in dispatch order. */
export interface BoundHandler {
	path: string;
	handler: AnyExtensionHandler;
}

export class HandlerTable {
	private readonly byEvent = new Map<ExtensionEventName, BoundHandler[]>();
	private stale = true;

	/** `records` is read live: the runner appends to it as extensions load. */
	constructor(private readonly records: readonly ExtensionRecord[]) {}

	/** The next lookup rebuilds the table. */
	markChanged(): void {
		this.stale = true;
	}

	/** The handlers of `event` in dispatch order; undefined when there are none. */
	handlersFor(event: ExtensionEventName): BoundHandler[] | undefined {
		if (this.stale) this.rebuild();
		return this.byEvent.get(event);
	}

	private rebuild(): void {
		this.byEvent.clear();
		for (const record of this.records) {
			for (const [event, handlers] of record.handlers) {
				let list = this.byEvent.get(event);
				if (!list) {
					list = [];
					this.byEvent.set(event, list);
				}
				for (const handler of handlers) list.push({ path: record.path, handler });
			}
		}
		this.stale = false;
	}
}
