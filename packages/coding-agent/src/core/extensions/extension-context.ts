import type { ExtensionCommandContext, ExtensionContext } from "./extension-api.js";
import type { ExtensionRunnerView } from "./extension-runner-view.js";

/** The two contexts of one runner; every member reads the runner live, so bindings apply at once. */
export interface ExtensionContexts {
	context: ExtensionContext;
	commandContext: ExtensionCommandContext;
}

function noActions(name: string): never {
	throw new Error(
		`ctx.${name}() needs a bound mode: call session.bindExtensions({ commandContextActions }) (the CLI modes do), or use an AgentSessionRuntime.`,
	);
}

let looseCalls = 0;

/** Ids of nested calls made outside a tool call (a command or handler calling a tool). */
function nextLooseCallId(): string {
	return `ext-call-${++looseCalls}`;
}

/**
 * Builds `ctx` (extensions.md §4). A context whose session was replaced or disposed throws
 * `StaleExtensionContextError` on use, so it can never act on a disposed session.
 */
export function createExtensionContexts(runner: ExtensionRunnerView): ExtensionContexts {
	const context: ExtensionContext = {
		get ui() {
			runner.assertActive();
			return runner.ui;
		},
		get mode() {
			return runner.mode;
		},
		get hasUI() {
			return runner.hasUI;
		},
		get cwd() {
			return runner.host.cwd;
		},
		get sessionManager() {
			return runner.host.sessionManager;
		},
		get modelRegistry() {
			return runner.host.modelRuntime;
		},
		get model() {
			return runner.host.model;
		},
		get thinkingLevel() {
			return runner.host.thinkingLevel;
		},
		get signal() {
			runner.assertActive();
			return runner.currentSignal;
		},
		isIdle: () => runner.host.isIdle(),
		abort: () => runner.requestAbort(),
		hasPendingMessages: () => runner.host.hasPendingMessages(),
		shutdown: () => {
			runner.assertActive();
			runner.requestShutdown();
		},
		getContextUsage: () => runner.host.getContextUsage(),
		compact: (options = {}) => {
			runner.host.compact(options.customInstructions).then(
				(result) => options.onComplete?.(result),
				(error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))),
			);
		},
		getSystemPrompt: () => runner.host.getSystemPrompt(),
		isProjectTrusted: () => runner.host.isProjectTrusted(),
		getSettings: () => runner.host.getSettings(),
		get tools() {
			return runner.host.getToolInfos().filter((tool) => tool.callable);
		},
		executeTool: (name, args, options = {}) =>
			runner.host.executeTool({ ...options, name, args, toolCallId: nextLooseCallId() }),
	};
	const actions = () => {
		runner.assertActive();
		return runner.commandActions;
	};
	const commandContext: ExtensionCommandContext = Object.assign(Object.create(context) as ExtensionContext, {
		waitForIdle: async () => {
			const bound = actions();
			await (bound ? bound.waitForIdle() : runner.host.waitForIdle());
		},
		newSession: async (options?: Parameters<ExtensionCommandContext["newSession"]>[0]) =>
			(actions() ?? noActions("newSession")).newSession(options),
		fork: async (entryId: string, options?: { position?: "before" | "at" }) =>
			(actions() ?? noActions("fork")).fork(entryId, options),
		switchSession: async (sessionPath: string) => (actions() ?? noActions("switchSession")).switchSession(sessionPath),
		navigateTree: async (targetId: string, options?: Parameters<ExtensionCommandContext["navigateTree"]>[1]) =>
			(actions() ?? noActions("navigateTree")).navigateTree(targetId, options),
		reload: async () => {
			const bound = actions();
			await (bound ? bound.reload() : runner.host.reload());
		},
	});
	return { context, commandContext };
}
