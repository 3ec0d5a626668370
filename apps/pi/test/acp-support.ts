// ACP e2e helpers: the built `pi --mode acp` driven by the SDK's own client-side connection.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { PI_CLI, type PiTestEnv } from "./support/index.js";

export interface AcpClientOptions {
	capabilities?: acp.ClientCapabilities;
	onPermission?: (request: acp.RequestPermissionRequest) => acp.RequestPermissionResponse;
	/** Serves fs/read_text_file from this map and records fs/write_text_file into it. */
	files?: Map<string, string>;
	args?: readonly string[];
}

export interface AcpProcess {
	child: ChildProcessWithoutNullStreams;
	agent: acp.ClientContext;
	updates: acp.SessionNotification[];
	extNotifications: { method: string; params: unknown }[];
	permissionRequests: acp.RequestPermissionRequest[];
	stderr(): string;
	waitForUpdate(predicate: (update: acp.SessionUpdate) => boolean): Promise<acp.SessionUpdate>;
	/** Resolves at the first extension notification (e.g. `_pi/queue_update`) matching `predicate`. */
	waitForExtNotification(predicate: (note: { method: string; params: unknown }) => boolean): Promise<unknown>;
	initialize(): Promise<acp.InitializeResponse>;
	newSession(cwd: string): Promise<acp.NewSessionResponse>;
	prompt(sessionId: string, text: string, meta?: Record<string, unknown>): Promise<acp.PromptResponse>;
	/** Closes stdin and resolves with the exit code. */
	close(): Promise<number | null>;
}

/** Spawns `pi --mode acp` in the test env and connects an SDK client to its stdio. */
export function spawnAcp(env: PiTestEnv, options: AcpClientOptions = {}): AcpProcess {
	const child = spawn(process.execPath, [PI_CLI, "--mode", "acp", ...(options.args ?? [])], {
		cwd: env.cwd,
		env: env.env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	let stderr = "";
	child.stderr.setEncoding("utf8");
	child.stderr.on("data", (chunk: string) => {
		stderr += chunk;
	});
	const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
	// A message sent to a pi that has exited fails with EPIPE: the test sees the exit; it must not
	// become an unhandled error that fails the whole run.
	child.stdin.on("error", (error: NodeJS.ErrnoException) => {
		if (error.code !== "EPIPE") throw error;
	});
	const updates: acp.SessionNotification[] = [];
	const extNotifications: { method: string; params: unknown }[] = [];
	const permissionRequests: acp.RequestPermissionRequest[] = [];
	const waiters: { predicate: (update: acp.SessionUpdate) => boolean; resolve: (update: acp.SessionUpdate) => void }[] =
		[];
	const extWaiters: {
		predicate: (note: { method: string; params: unknown }) => boolean;
		resolve: (params: unknown) => void;
	}[] = [];
	let app = acp
		.client({ name: "pi-e2e" })
		.onNotification("session/update", ({ params }) => {
			updates.push(params);
			for (const waiter of [...waiters]) {
				if (waiter.predicate(params.update)) {
					waiters.splice(waiters.indexOf(waiter), 1);
					waiter.resolve(params.update);
				}
			}
		})
		.onNotification("*", ({ method, params }) => {
			const note = { method, params };
			extNotifications.push(note);
			for (const waiter of [...extWaiters]) {
				if (waiter.predicate(note)) {
					extWaiters.splice(extWaiters.indexOf(waiter), 1);
					waiter.resolve(note.params);
				}
			}
		});
	if (options.onPermission) {
		const answer = options.onPermission;
		app = app.onRequest("session/request_permission", ({ params }) => {
			permissionRequests.push(params);
			return answer(params);
		});
	}
	if (options.files) {
		const files = options.files;
		app = app
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
	const connection = app.connect(
		acp.ndJsonStream(
			Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
			Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
		),
	);
	const agent = connection.agent;
	return {
		child,
		agent,
		updates,
		extNotifications,
		permissionRequests,
		stderr: () => stderr,
		waitForUpdate: (predicate) => {
			const seen = updates.find((notification) => predicate(notification.update));
			if (seen) return Promise.resolve(seen.update);
			return new Promise((resolve, reject) => {
				waiters.push({ predicate, resolve });
				void exited.then(() => reject(new Error(`pi exited before the expected update:\n${stderr}`)));
			});
		},
		waitForExtNotification: (predicate) => {
			const seen = extNotifications.find(predicate);
			if (seen) return Promise.resolve(seen.params);
			return new Promise((resolve, reject) => {
				extWaiters.push({ predicate, resolve });
				void exited.then(() => reject(new Error(`pi exited before the expected notification:\n${stderr}`)));
			});
		},
		initialize: () =>
			agent.request("initialize", { protocolVersion: 1, clientCapabilities: options.capabilities ?? {} }),
		newSession: (cwd) => agent.request("session/new", { cwd, mcpServers: [] }),
		prompt: (sessionId, text, meta) =>
			agent.request("session/prompt", {
				sessionId,
				prompt: [{ type: "text", text }],
				...(meta ? { _meta: meta } : {}),
			}),
		close: async () => {
			child.stdin.end();
			const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
			const code = await exited;
			clearTimeout(timer);
			connection.close();
			return code;
		},
	};
}

/** The received updates of one kind. */
export function updatesOf(process: AcpProcess, kind: acp.SessionUpdate["sessionUpdate"]): acp.SessionUpdate[] {
	return process.updates.map((notification) => notification.update).filter((update) => update.sessionUpdate === kind);
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
