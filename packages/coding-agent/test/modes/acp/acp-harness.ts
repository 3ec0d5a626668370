import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import type { AgentTool } from "@pi/agent-core";
import { type FauxProviderHandle, fauxProvider } from "@pi/ai";
import { afterEach } from "vitest";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../../src/core/config/settings-manager.js";
import type { ExtensionFactory } from "../../../src/core/extensions/extension-api.js";
import { ModelRuntime } from "../../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../../src/core/sdk.js";
import { type AcpAgent, createAcpAgent } from "../../../src/modes/acp/acp-agent.js";
import { useTempDirs } from "../../support/temp-dir.js";

/** An in-process ACP pair: pi's agent side and the SDK's client side over ndjson byte streams. */
export interface AcpPair {
	faux: FauxProviderHandle;
	agent: AcpAgent;
	/** Every runtime the agent created, in order. */
	runtimes: AgentSessionRuntime[];
	connection: acp.ClientConnection;
	updates: acp.SessionNotification[];
	extNotifications: { method: string; params: unknown }[];
	permissionRequests: acp.RequestPermissionRequest[];
	/** Resolves at the first update matching `predicate` (already-received ones count). */
	waitForUpdate(predicate: (update: acp.SessionUpdate) => boolean): Promise<acp.SessionUpdate>;
	close(): Promise<void>;
}

export interface AcpPairOptions {
	agentDir: string;
	sessionDir: string;
	tools?: string[];
	customTools?: AgentTool[];
	/** How the test client answers permission requests. Default: no handler (the SDK answers -32601). */
	onPermission?: (
		request: acp.RequestPermissionRequest,
	) => acp.RequestPermissionResponse | Promise<acp.RequestPermissionResponse>;
	fs?: Map<string, string>;
	/** Serves terminal/* with the command's (fixed) output. */
	terminal?: (request: acp.CreateTerminalRequest) => { output: string; exitCode: number };
	faux?: Parameters<typeof fauxProvider>[0];
	settings?: Parameters<typeof SettingsManager.inMemory>[0];
	/** Inline extensions every session loads. */
	extensionFactories?: readonly ExtensionFactory[];
}

export function createAcpPair(options: AcpPairOptions): AcpPair {
	const faux = fauxProvider(options.faux);
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const factory: CreateAgentSessionRuntimeFactory = async ({ cwd, agentDir, sessionManager, sessionStartEvent }) => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir,
			modelRuntime,
			settingsManager: SettingsManager.inMemory({ retry: { baseDelayMs: 0 }, ...options.settings }),
			projectTrusted: false,
			...(options.extensionFactories ? { extensionFactories: options.extensionFactories } : {}),
		});
		const created = await createAgentSessionFromServices({
			services,
			sessionManager,
			...(sessionStartEvent ? { sessionStartEvent } : {}),
			model: faux.getModel(),
			tools: options.tools ?? [],
			customTools: options.customTools ?? [],
		});
		return { ...created, services, diagnostics: services.diagnostics };
	};
	const runtimes: AgentSessionRuntime[] = [];
	const agent = createAcpAgent(acp, {
		runtime: {
			createRuntime: async ({ cwd, sessionManager }) => {
				const runtime = await createAgentSessionRuntime(factory, { cwd, agentDir: options.agentDir, sessionManager });
				runtimes.push(runtime);
				return runtime;
			},
			sessionDir: options.sessionDir,
		},
		agentDir: options.agentDir,
		version: "9.9.9",
	});
	const toAgent = new TransformStream<Uint8Array, Uint8Array>();
	const toClient = new TransformStream<Uint8Array, Uint8Array>();
	agent.app.connect(acp.ndJsonStream(toClient.writable, toAgent.readable));
	const updates: acp.SessionNotification[] = [];
	const extNotifications: { method: string; params: unknown }[] = [];
	const permissionRequests: acp.RequestPermissionRequest[] = [];
	const waiters: { predicate: (update: acp.SessionUpdate) => boolean; resolve: (update: acp.SessionUpdate) => void }[] =
		[];
	let clientApp = acp.client({ name: "test-client" }).onNotification("session/update", ({ params }) => {
		updates.push(params);
		for (const waiter of [...waiters]) {
			if (waiter.predicate(params.update)) {
				waiters.splice(waiters.indexOf(waiter), 1);
				waiter.resolve(params.update);
			}
		}
	});
	clientApp = clientApp.onNotification("*", ({ method, params }) => {
		extNotifications.push({ method, params });
	});
	if (options.onPermission) {
		const answer = options.onPermission;
		clientApp = clientApp.onRequest("session/request_permission", ({ params }) => {
			permissionRequests.push(params);
			return answer(params);
		});
	}
	if (options.fs) {
		const files = options.fs;
		clientApp = clientApp
			.onRequest("fs/read_text_file", ({ params }) => {
				const content = files.get(params.path);
				if (content === undefined) throw acp.RequestError.resourceNotFound(params.path);
				return { content };
			})
			.onRequest("fs/write_text_file", ({ params }) => {
				files.set(params.path, params.content);
				return {};
			});
	}
	if (options.terminal) {
		const run = options.terminal;
		const terminals = new Map<string, { output: string; exitCode: number }>();
		clientApp = clientApp
			.onRequest("terminal/create", ({ params }) => {
				const terminalId = `term-${terminals.size + 1}`;
				terminals.set(terminalId, run(params));
				return { terminalId };
			})
			.onRequest("terminal/output", ({ params }) => {
				const terminal = terminals.get(params.terminalId);
				return {
					output: terminal?.output ?? "",
					truncated: false,
					exitStatus: { exitCode: terminal?.exitCode ?? null },
				};
			})
			.onRequest("terminal/wait_for_exit", ({ params }) => ({
				exitCode: terminals.get(params.terminalId)?.exitCode ?? null,
			}))
			.onRequest("terminal/kill", () => ({}))
			.onRequest("terminal/release", () => ({}));
	}
	const connection = clientApp.connect(acp.ndJsonStream(toAgent.writable, toClient.readable));
	return {
		faux,
		agent,
		runtimes,
		connection,
		updates,
		extNotifications,
		permissionRequests,
		waitForUpdate: (predicate) => {
			const seen = updates.find((notification) => predicate(notification.update));
			if (seen) return Promise.resolve(seen.update);
			return new Promise((resolve) => waiters.push({ predicate, resolve }));
		},
		close: async () => {
			connection.close();
			await agent.dispose();
		},
	};
}

/** `start()` for tests: a pair with a temp agent dir, initialized, with one session; closed after each test. */
export function useAcpPair(): {
	start(
		options?: Partial<AcpPairOptions>,
		capabilities?: acp.ClientCapabilities,
	): Promise<{
		pair: AcpPair;
		sessionId: string;
		cwd: string;
		init: acp.InitializeResponse;
		created: acp.NewSessionResponse;
	}>;
	current(): AcpPair;
	tempDir(): string;
} {
	const tempDir = useTempDirs();
	let pair: AcpPair | undefined;
	afterEach(async () => {
		await pair?.close();
		pair = undefined;
	});
	return {
		tempDir: () => tempDir(),
		current: () => {
			if (!pair) throw new Error("no pair started");
			return pair;
		},
		start: async (options = {}, capabilities = {}) => {
			await pair?.close();
			const agentDir = options.agentDir ?? tempDir();
			const cwd = tempDir();
			pair = createAcpPair({ agentDir, sessionDir: join(agentDir, "sessions"), ...options });
			const init = await pair.connection.agent.request("initialize", {
				protocolVersion: 1,
				clientCapabilities: capabilities,
			});
			const created = await pair.connection.agent.request("session/new", { cwd, mcpServers: [] });
			return { pair, sessionId: created.sessionId, cwd, init, created };
		},
	};
}

/** The received updates of one kind. */
export function updatesOf(pair: AcpPair, kind: acp.SessionUpdate["sessionUpdate"]): acp.SessionUpdate[] {
	return pair.updates.map((notification) => notification.update).filter((update) => update.sessionUpdate === kind);
}

/** The concatenated text of chunk updates. */
export function textOf(updates: acp.SessionUpdate[]): string {
	return updates
		.map((update) =>
			"content" in update && !Array.isArray(update.content) && update.content?.type === "text"
				? update.content.text
				: "",
		)
		.join("");
}
