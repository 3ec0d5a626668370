import type {
	AgentActivityOutcome,
	AgentBeforeSettleEvent,
	BoundaryContextPreview,
	BoundaryResult,
	SessionBoundaryDraft,
} from "./boundary-events.js";
import type { ExtensionErrorReport } from "./extension-bindings.js";
import type { ExtensionRunnerView } from "./extension-runner-view.js";

/** The context the proposed entries would make; throws when an entry cannot be appended. */
export type BoundaryPreviewer = (entries: readonly SessionBoundaryDraft[]) => BoundaryContextPreview;

/** What the handlers of a boundary decided, once every one ran. */
export interface BoundaryDecision {
	entries: SessionBoundaryDraft[];
	continue: boolean;
}

/**
 * `agent_before_settle`: each handler sees the entries and the continuation proposed so far and
 * the context they would make; a result replaces either. After a handler changed the entries the
 * preview is rebuilt; entries that cannot be appended are reported, and when the last proposal is
 * such, no entry is appended and the run does not continue (as pi 1.4).
 */
export async function emitAgentBeforeSettleOf(
	runner: Pick<ExtensionRunnerView, "hasHandlers" | "emitCollect">,
	outcome: AgentActivityOutcome,
	preview: BoundaryPreviewer,
	report: (report: ExtensionErrorReport) => void,
): Promise<BoundaryDecision> {
	if (!runner.hasHandlers("agent_before_settle")) return { entries: [], continue: false };
	const event: AgentBeforeSettleEvent = {
		type: "agent_before_settle",
		outcome,
		entries: [],
		continue: false,
		context: preview([]),
	};
	let valid = true;
	let checked: unknown[] = [];
	const check = (path: string) => {
		checked = [...event.entries];
		try {
			event.context = preview(event.entries);
			valid = true;
		} catch (error) {
			valid = false;
			report({
				extensionPath: path,
				event: "agent_before_settle",
				error: `Invalid boundary entries: ${error instanceof Error ? error.message : String(error)}`,
			});
		}
	};
	let lastPath = "<boundary>";
	await runner.emitCollect(event, (result: BoundaryResult, path) => {
		lastPath = path;
		if (result.entries !== undefined) event.entries = result.entries;
		if (result.continue !== undefined) event.continue = result.continue;
		if (result.entries !== undefined) check(path);
		return false;
	});
	// A handler may also have pushed to `event.entries` in place: what is appended is checked too.
	const unchanged = checked.length === event.entries.length && checked.every((entry, i) => entry === event.entries[i]);
	if (!unchanged) check(lastPath);
	return valid ? { entries: event.entries, continue: event.continue } : { entries: [], continue: false };
}
