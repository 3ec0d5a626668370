import type * as acp from "@agentclientprotocol/sdk";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { readConfiguredSignIns } from "../../core/models/configured-sign-ins.js";
import type { SessionManager } from "../../core/session/session-manager.js";
import { getAgentDir } from "../../core/session/session-paths.js";
import type { SessionInfo } from "../../core/session/session-types.js";
import { isPiUserError } from "../../core/user-error.js";
import { type AcpMcpSupport, initializeResponse } from "./acp-initialize.js";
import { acpMcpServerConfig } from "./acp-mcp-servers.js";
import type { AcpClientPort, AcpSession, QueueBehavior } from "./acp-session.js";

type AcpHost = typeof import("./acp-host.js");

/** The SDK module, loaded lazily by the ACP mode (other modes never pay for it). */
export type AcpSdk = typeof import("@agentclientprotocol/sdk");

/** What sessions need from `main()`; it may arrive after `initialize` was answered. */
export interface AcpRuntimeOptions {
	createRuntime(input: { cwd: string; sessionManager: SessionManager }): Promise<AgentSessionRuntime>;
	/** `--session-dir`, when given. */
	sessionDir?: string;
	/** Where auth.json lives (default: the agent directory). */
	agentDir?: string;
}

/** What the agent side needs. */
export interface AcpAgentOptions {
	version: string;
	/** What `initialize` advertises about MCP servers. Default: HTTP supported. */
	mcp?: AcpMcpSupport;
	/** Whose models.json gateway sign-ins `initialize` lists (default: the agent directory). */
	agentDir?: string;
	runtime: AcpRuntimeOptions | Promise<AcpRuntimeOptions>;
	/** Called once the `initialize` answer is on its way (heavy loading may start then). */
	afterInitialize?: () => void;
	/** The `initialize` request the mode already answered itself (see acp-mode.ts). */
	answeredInitialize?: acp.InitializeRequest;
}

/** The agent side of one connection, with its sessions. */
export interface AcpAgent {
	app: acp.AgentApp;
	/** Tears every session down (on disconnect). */
	dispose(): Promise<void>;
}

function queueBehaviorOf(meta: Record<string, unknown> | null | undefined): QueueBehavior {
	const pi = meta?.pi;
	if (typeof pi === "object" && pi !== null && (pi as { streamingBehavior?: unknown }).streamingBehavior === "steer")
		return "steer";
	return meta?.steer === true ? "steer" : "followUp";
}

function toSessionInfo(info: SessionInfo): acp.SessionInfo {
	return {
		sessionId: info.id,
		cwd: info.cwd,
		title: info.name ?? info.firstMessage,
		updatedAt: info.modified.toISOString(),
		_meta: { pi: { sessionFile: info.path, messageCount: info.messageCount } },
	};
}

/** Builds the ACP agent app: initialize, sessions, prompts, cancel, config, mapped onto pi's runtime. */
export function createAcpAgent(sdk: AcpSdk, options: AcpAgentOptions): AcpAgent {
	const { RequestError } = sdk;
	const sessions = new Map<string, AcpSession>();
	let hostModule: Promise<AcpHost> | undefined;
	let loadedHost: AcpHost | undefined;
	const host = (): Promise<AcpHost> => {
		hostModule ??= import("./acp-host.js").then((loaded) => {
			loadedHost = loaded;
			return loaded;
		});
		return hostModule;
	};
	const runtimeOptions = Promise.resolve(options.runtime);
	let clientCapabilities: acp.ClientCapabilities | undefined;
	let context: acp.AgentContext | undefined;

	const client = (): acp.AgentContext => {
		if (!context) throw new Error("ACP connection is not open");
		return context;
	};
	const port: AcpClientPort = {
		notify: (method, params) => client().notify(method, params),
		requestPermission: (request, signal) =>
			client().request("session/request_permission", request, {
				cancellationSignal: signal,
				stopWaitingOnCancel: true,
			}),
		readTextFile: async (sessionId, path) => (await client().request("fs/read_text_file", { sessionId, path })).content,
		writeTextFile: async (sessionId, path, content) => {
			await client().request("fs/write_text_file", { sessionId, path, content });
		},
		createTerminal: (sessionId, command, args, cwd) => client().createTerminal({ sessionId, command, args, cwd }),
	};

	const sessionOf = (sessionId: string): AcpSession => {
		const session = sessions.get(sessionId);
		if (!session) throw RequestError.sessionNotFound(sessionId);
		return session;
	};

	/** User mistakes become invalid-params errors with pi's message; bugs stay internal errors. */
	const asRequestError = (error: unknown): unknown => {
		if (error instanceof RequestError) return error;
		if (loadedHost && error instanceof loadedHost.AcpPromptError) {
			if (error.kind === "auth") return RequestError.authRequired(undefined, error.message);
			if (error.kind === "model")
				return new RequestError(-32603, loadedHost.redactSecrets(error.message), { reason: "model_error" });
			return new RequestError(-32600, error.message, { reason: "prompt_refused" });
		}
		if (isPiUserError(error)) return RequestError.invalidParams({ code: error.code }, error.message);
		if (loadedHost && error instanceof loadedHost.SessionReplacementError)
			return RequestError.invalidParams(undefined, error.message);
		return error;
	};
	const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
		try {
			return await run();
		} catch (error) {
			throw asRequestError(error);
		}
	};

	const open = async (
		cwd: string,
		manager: SessionManager,
		mcpServers: readonly acp.McpServer[] = [],
	): Promise<AcpSession> => {
		const { AcpSession } = await host();
		const runtime = await (await runtimeOptions).createRuntime({ cwd, sessionManager: manager });
		// Before attach: the MCP extension reads them at session_start and stops them with the session.
		for (const server of mcpServers) {
			const { name, config } = acpMcpServerConfig(server);
			runtime.session.extensionRunner.registerMcpServer?.(name, config, "acp");
		}
		for (const diagnostic of runtime.diagnostics)
			process.stderr.write(`pi: ${diagnostic.type}: ${diagnostic.message}\n`);
		const session = new AcpSession(runtime.session.sessionId, runtime, port, clientCapabilities);
		await session.attach();
		sessions.set(session.id, session);
		return session;
	};

	const findSessionFile = async (sessionId: string, cwd: string): Promise<string> => {
		const { SessionManager } = await host();
		const { sessionDir } = await runtimeOptions;
		const match =
			SessionManager.list(cwd, sessionDir).find((info) => info.id === sessionId) ??
			SessionManager.listAll().find((info) => info.id === sessionId);
		if (!match) throw RequestError.resourceNotFound(`session ${sessionId}`);
		return match.path;
	};

	const reopen = async (
		sessionId: string,
		cwd: string,
		mcpServers: readonly acp.McpServer[] = [],
	): Promise<AcpSession> => {
		const existing = sessions.get(sessionId);
		if (existing) return existing;
		const { SessionManager } = await host();
		return open(cwd, SessionManager.load(await findSessionFile(sessionId, cwd)), mcpServers);
	};

	const announceCommandsLater = (session: AcpSession): void => {
		// After the response is written, so the client already knows the session id.
		setImmediate(() => session.sendAvailableCommands());
	};

	const answerInitialize = (params: acp.InitializeRequest): acp.InitializeResponse =>
		initializeResponse(params, options.version, {
			...(options.mcp ? { mcp: options.mcp } : {}),
			configuredSignIns: readConfiguredSignIns(options.agentDir ?? getAgentDir()),
		});
	const initialized = (params: acp.InitializeRequest): acp.InitializeResponse => {
		clientCapabilities = params.clientCapabilities;
		// Sessions come next: load their code once this answer has been written.
		setTimeout(() => {
			void host();
			options.afterInitialize?.();
		}, 1);
		return answerInitialize(params);
	};

	let app = sdk.agent({ name: "pi" }).onConnect((connection) => {
		context = connection.client;
	});
	if (options.answeredInitialize) {
		// The mode answered `initialize` before the SDK had loaded; a repeated one gets the same answer.
		initialized(options.answeredInitialize);
		app = app.onRequest("*", ({ method, params }) => {
			if (method !== "initialize") throw RequestError.methodNotFound(method);
			return answerInitialize(params as acp.InitializeRequest);
		});
	} else {
		app = app.onRequest("initialize", ({ params }) => initialized(params));
	}
	app = app
		.onRequest("authenticate", ({ params, signal }) =>
			guarded(async () => {
				const { authenticate } = await import("./acp-auth.js");
				const { agentDir } = await runtimeOptions;
				// `signal` aborts on the editor's `$/cancel_request` and when the connection closes:
				// the sign-in stops, frees its callback port and stores nothing.
				try {
					await authenticate(params.methodId, {
						agentDir: agentDir ?? options.agentDir ?? getAgentDir(),
						signal,
						notify: (update) => void client().notify("_pi/sign_in", update),
						runtimes: () => [...sessions.values()].map((session) => session.runtime),
					});
				} catch (error) {
					if (signal.aborted) throw RequestError.requestCancelled(undefined, "the sign-in stopped; nothing was stored");
					throw error;
				}
				return {};
			}),
		)
		.onRequest("session/new", ({ params }) =>
			guarded(async () => {
				const { SessionManager } = await host();
				const { sessionDir } = await runtimeOptions;
				const session = await open(params.cwd, SessionManager.create(params.cwd, sessionDir), params.mcpServers);
				announceCommandsLater(session);
				return { sessionId: session.id, ...(await session.describe()) };
			}),
		)
		.onRequest("session/load", ({ params }) =>
			guarded(async () => {
				const session = await reopen(params.sessionId, params.cwd, params.mcpServers);
				const { replayUpdates } = await host();
				for (const update of replayUpdates(session.runtime.session.messages, session.runtime.cwd)) session.send(update);
				await session.flush();
				announceCommandsLater(session);
				return session.describe();
			}),
		)
		.onRequest("session/resume", ({ params }) =>
			guarded(async () => {
				const session = await reopen(params.sessionId, params.cwd, params.mcpServers);
				announceCommandsLater(session);
				return session.describe();
			}),
		)
		.onRequest("session/list", ({ params }) =>
			guarded(async () => {
				const { SessionManager } = await host();
				const { sessionDir } = await runtimeOptions;
				const infos = params.cwd ? SessionManager.list(params.cwd, sessionDir) : SessionManager.listAll();
				return { sessions: infos.map(toSessionInfo) };
			}),
		)
		.onRequest("session/close", ({ params }) =>
			guarded(async () => {
				const session = sessionOf(params.sessionId);
				sessions.delete(params.sessionId);
				await session.dispose();
				return {};
			}),
		)
		.onRequest("session/prompt", ({ params }) =>
			guarded(() => sessionOf(params.sessionId).prompt(params.prompt, queueBehaviorOf(params._meta))),
		)
		.onNotification("session/cancel", async ({ params }) => {
			await sessions.get(params.sessionId)?.cancel();
		})
		.onRequest("session/set_mode", ({ params }) =>
			guarded(async () => {
				const session = sessionOf(params.sessionId);
				(await host()).applyThinkingLevel(session.runtime.session, params.modeId);
				const { configOptions } = await session.describe();
				session.send({ sessionUpdate: "config_option_update", configOptions });
				return {};
			}),
		)
		.onRequest("session/set_config_option", ({ params }) =>
			guarded(async () => {
				const session = sessionOf(params.sessionId);
				await (await host()).applyConfigOption(session.runtime.session, params.configId, params.value);
				const { configOptions, modes } = await session.describe();
				session.send({ sessionUpdate: "current_mode_update", currentModeId: modes.currentModeId });
				return { configOptions };
			}),
		);

	return {
		app,
		dispose: async () => {
			const all = [...sessions.values()];
			sessions.clear();
			await Promise.allSettled(all.map((session) => session.dispose()));
		},
	};
}
