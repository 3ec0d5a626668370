// One handler per RPC command (rpc.md §9, §16.4–16.5). Each reads the *current* session at the
// moment it runs (§6.1: no lock across session replacements) and returns the response `data`.
import type { AgentSession } from "../../core/agent-session/agent-session.js";
import type { PromptDisposition } from "../../core/agent-session/agent-session-events.js";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { listSignInProviders, signOut } from "../../core/auth/sign-in.js";
import { extensionCommandInfo, resourceCommandInfos } from "../../core/extensions/slash-command-info.js";
import { toWireMessages } from "../json-event.js";
import type { RpcCommandOf, RpcCommandType } from "./rpc-command-schemas.js";
import type { RpcLogins } from "./rpc-login.js";
import type { RpcResponseDataMap, RpcSessionState, RpcSlashCommand } from "./rpc-types.js";

/** Returned by a handler that already wrote its response (only `prompt`, from its preflight). */
export const RESPONDED: unique symbol = Symbol("rpc-responded");

/** What a handler may use. */
export interface RpcHandlerContext {
	runtime: AgentSessionRuntime;
	session: AgentSession;
	/** Writes this command's success response now (the prompt response must precede agent_start). */
	respond(data: unknown): void;
	/** The server's running sign-ins. */
	logins: RpcLogins;
}

type Handler<K extends RpcCommandType> = (
	command: RpcCommandOf<K>,
	context: RpcHandlerContext,
) => Promise<RpcResponseDataMap[K] | typeof RESPONDED> | RpcResponseDataMap[K];

function stateOf(session: AgentSession): RpcSessionState {
	const model = session.model;
	const mcpServers = session.extensionRunner.getMcpServerStatuses?.() ?? [];
	return {
		...(model ? { model } : {}),
		thinkingLevel: session.thinkingLevel,
		isStreaming: session.isStreaming,
		isCompacting: session.isCompacting,
		steeringMode: session.steeringMode,
		followUpMode: session.followUpMode,
		...(session.sessionFile ? { sessionFile: session.sessionFile } : {}),
		sessionId: session.sessionId,
		...(session.sessionName ? { sessionName: session.sessionName } : {}),
		autoCompactionEnabled: session.autoCompactionEnabled,
		messageCount: session.messages.length,
		pendingMessageCount: session.pendingMessageCount,
		...(mcpServers.length > 0 ? { mcpServers } : {}),
	};
}

function slashCommands(session: AgentSession): RpcSlashCommand[] {
	return [
		...session.extensionRunner.getCommands().map(extensionCommandInfo),
		...resourceCommandInfos(session.promptTemplates, session.skills),
	];
}

// The prompt resolves once its disposition is known; later failures belong to the event stream.
function runPrompt(command: RpcCommandOf<"prompt">, context: RpcHandlerContext): Promise<typeof RESPONDED> {
	return new Promise((resolve, reject) => {
		let admitted = false;
		context.session
			.prompt(command.message, {
				images: command.images ?? [],
				streamingBehavior: command.streamingBehavior,
				source: "rpc",
				preflightResult: (disposition: PromptDisposition) => {
					admitted = true;
					context.respond({ disposition });
					resolve(RESPONDED);
				},
			})
			.then(
				() => {
					// Every accepted path reports a disposition first; this guards a silent return.
					if (!admitted) {
						context.respond({ disposition: "handled" });
						resolve(RESPONDED);
					}
				},
				(error: unknown) => {
					if (!admitted) reject(error);
					// After admission the failure is on the event stream already (§9.1.1).
				},
			);
	});
}

const HANDLERS: { [K in RpcCommandType]: Handler<K> } = {
	prompt: runPrompt,
	steer: async (command, { session }) => ({
		disposition: await session.steer(command.message, command.images ?? [], "rpc"),
	}),
	follow_up: async (command, { session }) => ({
		disposition: await session.followUp(command.message, command.images ?? [], "rpc"),
	}),
	abort: async (_command, { session }) => {
		await session.abort();
		return undefined;
	},
	clear_queue: (_command, { session }) => session.clearQueue(),
	new_session: (command, { runtime }) =>
		runtime.newSession(command.parentSession !== undefined ? { parentSession: command.parentSession } : {}),
	get_state: (_command, { session }) => stateOf(session),
	get_messages: (_command, { session }) => ({ messages: toWireMessages(session.messages) }),
	set_model: async (command, { session }) => {
		const models = await session.getAvailableModels();
		const model = models.find(
			(candidate) => candidate.provider === command.provider && candidate.id === command.modelId,
		);
		if (!model) throw new Error(`Model not found: ${command.provider}/${command.modelId}`);
		session.setModel(model);
		return model;
	},
	cycle_model: async (_command, { session }) => (await session.cycleModel()) ?? null,
	get_available_models: async (_command, { session }) => ({ models: await session.getAvailableModels() }),
	set_thinking_level: (command, { session }) => {
		session.setThinkingLevel(command.level as Parameters<AgentSession["setThinkingLevel"]>[0]);
		return undefined;
	},
	cycle_thinking_level: (_command, { session }) => {
		const level = session.cycleThinkingLevel();
		return level ? { level } : null;
	},
	get_available_thinking_levels: (_command, { session }) => ({ levels: session.getAvailableThinkingLevels() }),
	set_steering_mode: (command, { session }) => {
		session.setSteeringMode(command.mode as "all" | "one-at-a-time");
		return undefined;
	},
	set_follow_up_mode: (command, { session }) => {
		session.setFollowUpMode(command.mode as "all" | "one-at-a-time");
		return undefined;
	},
	compact: (command, { session }) => session.compact(command.customInstructions),
	set_auto_compaction: (command, { session }) => {
		session.setAutoCompactionEnabled(command.enabled);
		return undefined;
	},
	set_auto_retry: (command, { session }) => {
		session.setAutoRetryEnabled(command.enabled);
		return undefined;
	},
	abort_retry: (_command, { session }) => {
		session.abortRetry();
		return undefined;
	},
	bash: (command, { session }) =>
		session.executeBash(command.command, {
			...(command.excludeFromContext !== undefined ? { excludeFromContext: command.excludeFromContext } : {}),
			...(command.id !== undefined ? { id: command.id } : {}),
		}),
	abort_bash: (_command, { session }) => {
		session.abortBash();
		return undefined;
	},
	get_session_stats: (_command, { session }) => session.getSessionStats(),
	export_html: async (command, { session }) => ({ path: await session.exportToHtml(command.outputPath) }),
	switch_session: (command, { runtime }) => runtime.switchSession(command.sessionPath),
	fork: async (command, { runtime }) => {
		const result = await runtime.fork(command.entryId);
		return { text: result.selectedText ?? "", cancelled: result.cancelled };
	},
	clone: async (_command, { runtime, session }) => {
		const leafId = session.sessionManager.getLeafId();
		if (leafId === null) throw new Error("Cannot clone session: no current entry selected");
		const result = await runtime.fork(leafId, { position: "at" });
		return { cancelled: result.cancelled };
	},
	get_fork_messages: (_command, { session }) => ({ messages: session.getUserMessagesForForking() }),
	get_entries: (command, { session }) => {
		const manager = session.sessionManager;
		const entries = manager.getEntries();
		let start = 0;
		if (command.since !== undefined) {
			const index = entries.findIndex((entry) => entry.id === command.since);
			if (index < 0) throw new Error(`Entry not found: ${command.since}`);
			start = index + 1;
		}
		return { entries: entries.slice(start), leafId: manager.getLeafId() };
	},
	get_tree: (_command, { session }) => ({
		tree: session.sessionManager.getTree(),
		leafId: session.sessionManager.getLeafId(),
	}),
	get_last_assistant_text: (_command, { session }) => ({ text: session.getLastAssistantText() ?? null }),
	set_session_name: (command, { session }) => {
		session.setSessionName(command.name.trim());
		return undefined;
	},
	get_commands: (_command, { session }) => ({ commands: slashCommands(session) }),
	navigate_tree: async (command, { session }) => {
		if (session.isStreaming) throw new Error("Cannot navigate the tree while the agent is running");
		if (!session.sessionManager.getEntry(command.targetId)) throw new Error(`Entry ${command.targetId} not found`);
		const { type: _type, id: _id, targetId, ...options } = command;
		const result = await session.navigateTree(targetId, options);
		return {
			cancelled: result.cancelled,
			...(result.editorText !== undefined ? { editorText: result.editorText } : {}),
			leafId: session.sessionManager.getLeafId(),
		};
	},
	set_label: (command, { session }) => {
		const manager = session.sessionManager;
		if (!manager.getEntry(command.entryId)) throw new Error(`Entry ${command.entryId} not found`);
		manager.appendLabelChange(command.entryId, command.label?.trim() || undefined);
		return undefined;
	},
	get_login_providers: (_command, { session }) => ({
		providers: listSignInProviders(session.modelRuntime).map((provider) => ({
			...provider,
			methods: [...provider.methods],
		})),
	}),
	login_start: (command, { runtime, logins }) => logins.start(command, runtime),
	login_input: (command, { logins }) => {
		logins.input(command);
		return undefined;
	},
	login_cancel: (command, { logins }) => {
		logins.cancel(command);
		return undefined;
	},
	logout: (command, { session }) => {
		const removed = signOut(session.modelRuntime.authStorage, command.provider);
		session.modelRuntime.refresh();
		return { removed };
	},
};

/** Runs the handler of a validated command. */
export function runCommandHandler<K extends RpcCommandType>(
	type: K,
	command: RpcCommandOf<K>,
	context: RpcHandlerContext,
): Promise<RpcResponseDataMap[K] | typeof RESPONDED> {
	return Promise.resolve().then(() => (HANDLERS[type] as Handler<K>)(command, context));
}
