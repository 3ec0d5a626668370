import type { ModelSnapshot } from "../extensions/notify-model-change.js";
import type { AgentSessionConfig } from "./agent-session-config.js";
import type { AgentSessionEvent } from "./agent-session-events.js";
import { type CompleteFn, completeWithIdleTimeout } from "./idle-timeout.js";
import { SessionBash } from "./session-bash.js";
import { SessionCompactor } from "./session-compactor.js";
import { SessionContext } from "./session-context.js";
import { SessionInput, type SessionInputView } from "./session-input.js";
import { SessionModelControl } from "./session-model-control.js";
import { SessionQueues } from "./session-queues.js";
import { SessionRun } from "./session-run.js";
import { SessionTreeNavigator } from "./session-tree-navigation.js";
import { runSettleBoundary } from "./settle-boundary.js";

/** The parts an AgentSession delegates to. */
export interface SessionCollaborators {
	context: SessionContext;
	compactor: SessionCompactor;
	bash: SessionBash;
	queues: SessionQueues;
	modelControl: SessionModelControl;
	run: SessionRun;
	input: SessionInput;
	tree: SessionTreeNavigator;
	/** One-shot completion for summaries, under the `httpIdleTimeoutMs` watchdog. */
	completeSummary: CompleteFn;
}

/** What the collaborators call back into their session for. */
export interface CollaboratorHost {
	session: SessionInputView;
	emit(event: AgentSessionEvent): void;
	isAutoRetryEnabled(): boolean;
	refreshSystemPrompt(): void;
	/** A model or thinking level change made through the session's API. */
	notifyModelChange(before: ModelSnapshot, source: "set" | "cycle"): void;
	reportExtensionError(extensionPath: string, error: unknown): void;
}

/** Builds and connects the collaborators of one AgentSession. */
export function createSessionCollaborators(config: AgentSessionConfig, host: CollaboratorHost): SessionCollaborators {
	const { agent, sessionManager, settingsManager: settings, modelRuntime } = config;
	const emit = (event: AgentSessionEvent) => host.emit(event);
	const context = new SessionContext(agent, sessionManager);
	const completeSummary = completeWithIdleTimeout(
		(model, llmContext, options) => modelRuntime.streamSimple(model, llmContext, options),
		settings.getHttpIdleTimeoutMs(),
	);
	// What compaction and tree navigation share: both summarise with the session's model.
	const summarizing = {
		sessionManager,
		settings,
		modelRuntime,
		getModel: () => agent.state.model,
		complete: completeSummary,
		emit,
		getExtensionRunner: () => host.session.extensionRunner,
	};
	const compactor = new SessionCompactor({ ...summarizing, onCompacted: () => context.rebuild() });
	const run = new SessionRun({
		agent,
		compactor,
		settings,
		sessionManager,
		emit,
		isAutoRetryEnabled: () => host.isAutoRetryEnabled(),
		dropFromContext: (message) => context.drop(message),
		restoreToContext: (messages) => context.restore(messages),
		beforeSettle: (outcome) =>
			runSettleBoundary({ agent, sessionManager, context, runner: () => host.session.extensionRunner, emit }, outcome),
	});
	agent.prepareNextTurn = () => run.compactBetweenTurns();
	const bash = new SessionBash({
		cwd: () => sessionManager.getCwd(),
		shellPath: config.shellPath,
		shellCommandPrefix: config.shellCommandPrefix,
		emit,
		isBusy: () => run.isBusy,
		store: (message) => context.append(message),
		userBash: async (event) => host.session.extensionRunner.emitUserBash?.(event),
	});
	const queues = new SessionQueues(agent, emit, settings);
	const modelControl = new SessionModelControl({
		agent,
		sessionManager,
		settings,
		modelRuntime,
		scopedModels: config.scopedModels ?? [],
		refreshSystemPrompt: () => host.refreshSystemPrompt(),
		notifyChange: (before, source) => host.notifyModelChange(before, source),
	});
	const input = new SessionInput({
		session: host.session,
		context,
		run,
		queues,
		compactor,
		bash,
		reportExtensionError: (path, error) => host.reportExtensionError(path, error),
	});
	return {
		context,
		compactor,
		bash,
		queues,
		modelControl,
		run,
		input,
		tree: new SessionTreeNavigator({ ...summarizing, onNavigated: () => context.rebuild() }),
		completeSummary,
	};
}
