import type { Agent, AgentMessage } from "@pi/agent-core";
import { estimateContextTokens } from "../compaction/token-estimate.js";
import type {
	AgentActivityOutcome,
	BoundaryContextPreview,
	SessionBoundaryDraft,
} from "../extensions/boundary-events.js";
import type { ExtensionRunnerSeam } from "../extensions/extension-runner-seam.js";
import { type CustomMessage, convertToLlm } from "../messages.js";
import type { SessionManager } from "../session/session-manager.js";
import type { SessionEntry } from "../session/session-types.js";
import type { AgentSessionEvent } from "./agent-session-events.js";
import type { SessionContext } from "./session-context.js";

/** What the `before_settle` phase reads and writes. */
export interface SettleBoundaryHost {
	agent: Agent;
	sessionManager: SessionManager;
	context: SessionContext;
	runner(): ExtensionRunnerSeam;
	emit(event: AgentSessionEvent): void;
}

/**
 * The `before_settle` phase (run-state.ts): extensions' `agent_before_settle` handlers propose
 * entries and a continuation; the entries are appended, and the run continues when asked to (or
 * when a handler queued a message) and the context can continue. True: start one more request.
 */
export async function runSettleBoundary(host: SettleBoundaryHost, outcome: AgentActivityOutcome): Promise<boolean> {
	const runner = host.runner();
	if (!runner.emitAgentBeforeSettle) return false;
	const decision = await runner.emitAgentBeforeSettle(outcome, (drafts) => previewBoundary(host, drafts));
	commitDrafts(host, decision.entries);
	if (!decision.continue && !host.agent.hasQueuedMessages()) return false;
	if (canContinue(host.agent, host.agent.state.messages)) return true;
	if (decision.continue) {
		runner.reportError?.({
			extensionPath: "<boundary>",
			event: "agent_before_settle",
			error: "agent_before_settle requested continuation without runnable model context",
		});
	}
	return false;
}

/** The context with `drafts` appended; throws for a draft that cannot be appended. */
export function previewBoundary(
	host: Pick<SettleBoundaryHost, "agent" | "sessionManager" | "context">,
	drafts: readonly SessionBoundaryDraft[],
): BoundaryContextPreview {
	const { entries, messages } = host.context.previewWith(draftEntries(host, drafts));
	return {
		contextEntries: entries,
		contextMessages: messages,
		llmMessages: convertToLlm(messages),
		pendingMessages: [...host.agent.steeringQueue, ...host.agent.followUpQueue],
		canContinue: canContinue(host.agent, messages),
	};
}

/** A request can start: the context ends with something to answer, or a message is queued. */
function canContinue(agent: Agent, messages: readonly AgentMessage[]): boolean {
	const llm = convertToLlm(messages);
	return (llm.length > 0 && llm[llm.length - 1]!.role !== "assistant") || agent.hasQueuedMessages();
}

/** The drafts as the entries they would become (ids are placeholders: nothing is written). */
function draftEntries(
	host: Pick<SettleBoundaryHost, "sessionManager" | "context">,
	drafts: readonly SessionBoundaryDraft[],
): SessionEntry[] {
	if (!Array.isArray(drafts)) throw new Error("entries must be an array");
	const timestamp = new Date().toISOString();
	let parentId = host.sessionManager.getLeafId();
	return drafts.map((draft, index) => {
		checkDraft(host, draft, index);
		const id = `boundary-draft-${index}`;
		const base = { id, parentId, timestamp };
		parentId = id;
		switch (draft.type) {
			case "custom":
				return { ...base, type: "custom", customType: draft.customType, data: draft.data };
			case "custom_message":
				return {
					...base,
					type: "custom_message",
					customType: draft.customType,
					content: draft.content,
					display: draft.display,
					details: draft.details,
				};
			case "context_edit":
				return { ...base, type: "context_edit", targetId: draft.targetId, replacement: draft.replacement };
			case "compaction":
				return {
					...base,
					type: "compaction",
					summary: draft.summary,
					firstKeptEntryId: draft.firstKeptEntryId ?? "",
					tokensBefore: 0,
					fromHook: true,
					...(draft.firstKeptEntryId === null ? { retainedTail: [] } : {}),
				};
			default:
				throw new Error(`entries[${index}]: unknown entry type`);
		}
	});
}

function checkDraft(
	host: Pick<SettleBoundaryHost, "sessionManager">,
	draft: SessionBoundaryDraft,
	index: number,
): void {
	const where = `entries[${index}]`;
	if (typeof draft !== "object" || draft === null) throw new Error(`${where} is not an object`);
	const onBranch = (id: string) => host.sessionManager.getBranch().some((entry) => entry.id === id);
	switch (draft.type) {
		case "custom":
			if (typeof draft.customType !== "string" || draft.customType === "")
				throw new Error(`${where}: customType must be a non-empty string`);
			return;
		case "custom_message":
			if (typeof draft.customType !== "string" || draft.customType === "")
				throw new Error(`${where}: customType must be a non-empty string`);
			if (typeof draft.content !== "string" && !Array.isArray(draft.content))
				throw new Error(`${where}: content must be a string or content blocks`);
			if (typeof draft.display !== "boolean") throw new Error(`${where}: display must be a boolean`);
			return;
		case "context_edit":
			if (typeof draft.targetId !== "string" || !onBranch(draft.targetId))
				throw new Error(`${where}: targetId ${String(draft.targetId)} is not an entry of the branch`);
			return;
		case "compaction":
			if (typeof draft.summary !== "string") throw new Error(`${where}: summary must be a string`);
			if (draft.firstKeptEntryId !== null && !onBranch(draft.firstKeptEntryId))
				throw new Error(`${where}: firstKeptEntryId ${String(draft.firstKeptEntryId)} is not an entry of the branch`);
			return;
		default:
			throw new Error(`${where}: unknown entry type ${String((draft as { type?: unknown }).type)}`);
	}
}

/** Appends the decided entries: custom ones and messages as `pi.appendEntry`/`pi.sendMessage` do. */
function commitDrafts(host: SettleBoundaryHost, drafts: readonly SessionBoundaryDraft[]): void {
	const { sessionManager, context } = host;
	let rebuild = false;
	for (const draft of drafts) {
		switch (draft.type) {
			case "custom": {
				const entry = sessionManager.getEntry(sessionManager.appendCustomEntry(draft.customType, draft.data));
				if (entry?.type === "custom") host.emit({ type: "entry_appended", entry });
				break;
			}
			case "custom_message": {
				const message: CustomMessage = {
					role: "custom",
					customType: draft.customType,
					content: draft.content,
					display: draft.display,
					...(draft.details !== undefined ? { details: draft.details } : {}),
					timestamp: Date.now(),
				};
				context.append(message);
				host.emit({ type: "message_start", message });
				host.emit({ type: "message_end", message });
				break;
			}
			case "context_edit":
				sessionManager.appendContextEdit(draft.targetId, draft.replacement);
				rebuild = true;
				break;
			case "compaction":
				sessionManager.appendCompaction(
					draft.summary,
					draft.firstKeptEntryId ?? "",
					estimateContextTokens(host.agent.state.messages),
					draft.details,
					true,
					draft.usage,
					draft.firstKeptEntryId === null ? [] : undefined,
				);
				rebuild = true;
				break;
		}
	}
	if (rebuild) context.rebuild();
}
