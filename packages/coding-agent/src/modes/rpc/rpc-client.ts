// A typed client for `pi --mode rpc` (rpc.md §14, §16.1): spawns the agent, correlates
// responses by id, fans records out to listeners, answers extension dialogs, and turns a crash
// into rejected promises instead of a hang.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { AgentMessage, ThinkingLevel } from "@pi/agent-core";
import type { ImageContent, Model } from "@pi/ai";
import type {
	CompactionResult,
	PromptDisposition,
	QueuedInputDisposition,
} from "../../core/agent-session/agent-session-events.js";
import type { BashResult } from "../../core/agent-session/session-bash.js";
import type { SessionStats } from "../../core/agent-session/session-stats.js";
import type { SessionEntry, SessionTreeNode } from "../../core/session/session-types.js";
import { attachJsonlLineReader, serializeJsonLine } from "./jsonl.js";
import type { RpcCommand, RpcCommandType } from "./rpc-command-schemas.js";
import {
	type JsonAgentSessionEvent,
	RPC_DIALOG_METHODS,
	type RpcExtensionUIRequest,
	type RpcResponseDataMap,
	type RpcSessionState,
	type RpcSlashCommand,
} from "./rpc-types.js";

/** An answer to a dialog (rpc.md §16.1). */
export type ExtensionUIAnswer = { value: string } | { confirmed: boolean } | { cancelled: true };

/** Handles every extension UI request; for dialogs the returned answer is sent back. */
export type ExtensionUIRequestHandler = (
	request: RpcExtensionUIRequest,
) => Promise<ExtensionUIAnswer | undefined> | ExtensionUIAnswer | undefined;

/** What listeners receive: events, extension UI requests, and responses nobody waits for (parse errors). */
export type RpcClientRecord = JsonAgentSessionEvent | RpcExtensionUIRequest | Record<string, unknown>;

/** Options of `RpcClient`. */
export interface RpcClientOptions {
	/** CLI entry script. Default "dist/cli.js", resolved against the client's cwd: pass it explicitly. */
	cliPath?: string;
	/** Working directory of the agent process. */
	cwd?: string;
	/** Merged over the client's own environment (or used alone with `inheritEnv: false`). */
	env?: Record<string, string | undefined>;
	/** Default true: the agent inherits `process.env` under `env`. */
	inheritEnv?: boolean;
	/** Adds `--provider <provider>`. */
	provider?: string;
	/** Adds `--model <model>`. */
	model?: string;
	/** Extra CLI arguments, appended last (e.g. `["--no-session"]`). */
	args?: string[];
	/** Without it, dialog requests are answered `{ cancelled: true }` at once. */
	onExtensionUIRequest?: ExtensionUIRequestHandler;
	/** Per-request timeout in ms. Default 30000. */
	requestTimeoutMs?: number;
}

interface PendingRequest {
	type: string;
	resolve(response: Record<string, unknown>): void;
	reject(error: Error): void;
	timer: ReturnType<typeof setTimeout>;
}

type Waiter = (error: Error) => void;

const DIALOGS = new Set<string>(RPC_DIALOG_METHODS);
type CommandBody<K extends RpcCommandType> = Omit<Extract<RpcCommand, { type: K }>, "id" | "type">;

/** Spawns `pi --mode rpc` and wraps each command in a typed method (rpc.md §14.3). */
export class RpcClient {
	private child: ChildProcessWithoutNullStreams | undefined;
	private detachReader: (() => void) | undefined;
	private stderr = "";
	private nextId = 1;
	private readonly pending = new Map<string, PendingRequest>();
	private readonly listeners: ((record: RpcClientRecord) => void)[] = [];
	private readonly exitWaiters = new Set<Waiter>();
	private readonly answered = new Set<string>();
	private uiHandler: ExtensionUIRequestHandler | undefined;
	private exitError: Error | undefined;

	constructor(private readonly options: RpcClientOptions = {}) {
		this.uiHandler = options.onExtensionUIRequest;
	}

	/** Spawns the agent; rejects if it exits within the first 100 ms. */
	async start(): Promise<void> {
		if (this.child) throw new Error("Client already started");
		const args = [this.options.cliPath ?? "dist/cli.js", "--mode", "rpc"];
		if (this.options.provider) args.push("--provider", this.options.provider);
		if (this.options.model) args.push("--model", this.options.model);
		args.push(...(this.options.args ?? []));
		const child = spawn(process.execPath, args, {
			cwd: this.options.cwd,
			env: this.options.inheritEnv === false ? { ...this.options.env } : { ...process.env, ...this.options.env },
			stdio: ["pipe", "pipe", "pipe"],
		});
		this.child = child;
		this.exitError = undefined;
		child.stderr.setEncoding("utf8");
		child.stderr.on("data", (chunk: string) => {
			this.stderr += chunk;
		});
		this.detachReader = attachJsonlLineReader(child.stdout, (line) => this.onLine(line));
		child.on("error", (error) =>
			this.onExit(new Error(`Agent process error: ${error.message}. Stderr: ${this.stderr}`)),
		);
		// EPIPE on stdin usually means the agent is exiting: its exit code and stderr say why, so the
		// stdin error is reported only if no exit follows within a second.
		let stdinErrorTimer: NodeJS.Timeout | undefined;
		child.stdin.on("error", (error) => {
			stdinErrorTimer ??= setTimeout(
				() => this.onExit(new Error(`Agent stdin error: ${error.message}. Stderr: ${this.stderr}`)),
				1000,
			);
			stdinErrorTimer.unref();
		});
		child.on("exit", (code, signal) => {
			clearTimeout(stdinErrorTimer);
			// The last stderr lines (the reason for the exit) may still be in the pipe when "exit" fires.
			const report = () =>
				this.onExit(new Error(`Agent process exited (code=${code} signal=${signal}). Stderr: ${this.stderr}`));
			if (child.stderr.readableEnded) report();
			else {
				const cap = setTimeout(report, 250);
				child.stderr.once("end", () => {
					clearTimeout(cap);
					report();
				});
			}
		});
		await new Promise((resolve) => setTimeout(resolve, 100));
		if (this.exitError) throw this.exitError;
	}

	/** Detaches, sends SIGTERM, waits up to 1 s for exit, then SIGKILL. No-op when not started. */
	async stop(): Promise<void> {
		const child = this.child;
		if (!child) return;
		this.detachReader?.();
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
			child.kill("SIGTERM");
			const timer = setTimeout(() => child.kill("SIGKILL"), 1000);
			await exited;
			clearTimeout(timer);
		}
		this.onExit(new Error("Client stopped"));
		this.child = undefined;
	}

	/** Everything the agent wrote to stderr so far. */
	getStderr(): string {
		return this.stderr;
	}

	/** Receives every record that is not the response to a pending request. Returns an unsubscribe function. */
	onEvent(listener: (record: RpcClientRecord) => void): () => void {
		this.listeners.push(listener);
		return () => {
			const index = this.listeners.indexOf(listener);
			if (index >= 0) this.listeners.splice(index, 1);
		};
	}

	/** Registers (or replaces) the extension UI handler; returns an unregister function. */
	onExtensionUIRequest(handler: ExtensionUIRequestHandler): () => void {
		this.uiHandler = handler;
		return () => {
			if (this.uiHandler === handler) this.uiHandler = undefined;
		};
	}

	/** Answers a pending dialog. Fire-and-forget; a second answer for the same id is not sent. */
	respondToExtensionUI(id: string, answer: ExtensionUIAnswer): void {
		if (this.answered.has(id)) return;
		this.answered.add(id);
		this.write({ type: "extension_ui_response", id, ...answer });
	}

	private onLine(line: string): void {
		let record: Record<string, unknown>;
		try {
			record = JSON.parse(line) as Record<string, unknown>;
		} catch {
			// Not a protocol record (the server never writes one); nothing to route.
			return;
		}
		if (typeof record !== "object" || record === null) return;
		if (record.type === "response" && typeof record.id === "string" && this.pending.has(record.id)) {
			const request = this.pending.get(record.id)!;
			this.pending.delete(record.id);
			clearTimeout(request.timer);
			request.resolve(record);
			return;
		}
		for (const listener of [...this.listeners]) listener(record as RpcClientRecord);
		if (record.type === "extension_ui_request") void this.answerUI(record as unknown as RpcExtensionUIRequest);
	}

	private async answerUI(request: RpcExtensionUIRequest): Promise<void> {
		const isDialog = DIALOGS.has(request.method);
		let answer: ExtensionUIAnswer | undefined;
		try {
			answer = (await this.uiHandler?.(request)) ?? undefined;
		} catch {
			// A throwing handler must not leave the agent waiting: the dialog is cancelled below.
			answer = undefined;
		}
		if (isDialog) this.respondToExtensionUI(request.id, answer ?? { cancelled: true });
	}

	private onExit(error: Error): void {
		if (this.exitError) return;
		this.exitError = error;
		for (const [id, request] of this.pending) {
			clearTimeout(request.timer);
			request.reject(error);
			this.pending.delete(id);
		}
		for (const waiter of [...this.exitWaiters]) waiter(error);
		this.exitWaiters.clear();
	}

	private write(record: Record<string, unknown>): void {
		const child = this.child;
		if (!child || this.exitError) throw this.exitError ?? new Error("Client not started");
		child.stdin.write(serializeJsonLine(record));
	}

	private send<K extends RpcCommandType>(type: K, body: CommandBody<K>): Promise<RpcResponseDataMap[K]> {
		const id = `req_${this.nextId++}`;
		return new Promise((resolve, reject) => {
			if (this.exitError || !this.child) {
				reject(this.exitError ?? new Error("Client not started"));
				return;
			}
			const timer = setTimeout(() => {
				this.pending.delete(id);
				reject(new Error(`Timeout waiting for response to ${type}. Stderr: ${this.stderr}`));
			}, this.options.requestTimeoutMs ?? 30_000);
			this.pending.set(id, {
				type,
				timer,
				resolve: (response) => {
					if (response.success === true) resolve(response.data as RpcResponseDataMap[K]);
					else reject(new Error(String(response.error)));
				},
				reject,
			});
			try {
				this.write({ ...body, id, type });
			} catch (error) {
				clearTimeout(timer);
				this.pending.delete(id);
				reject(error instanceof Error ? error : new Error(String(error)));
			}
		});
	}

	/**
	 * Collects records until (and including) the next `agent_settled`, or until `stopWhen`
	 * returns true; rejects on timeout or agent exit. The collector is registered synchronously,
	 * before this returns, so nothing written afterwards is missed.
	 */
	private collectUntilSettled(timeout: number, timeoutMessage: string) {
		const records: RpcClientRecord[] = [];
		let finish: (error?: Error) => void = () => undefined;
		const promise = new Promise<RpcClientRecord[]>((resolve, reject) => {
			const off = this.onEvent((record) => {
				records.push(record);
				if ((record as { type?: unknown }).type === "agent_settled") finish();
			});
			const timer = setTimeout(() => finish(new Error(`${timeoutMessage}. Stderr: ${this.stderr}`)), timeout);
			const onExit: Waiter = (error) => finish(error);
			this.exitWaiters.add(onExit);
			if (this.exitError) queueMicrotask(() => finish(this.exitError));
			finish = (error) => {
				off();
				clearTimeout(timer);
				this.exitWaiters.delete(onExit);
				if (error) reject(error);
				else resolve(records);
			};
		});
		return { promise, finish: (error?: Error) => finish(error) };
	}

	/** Resolves on the next `agent_settled`. Create this promise before sending the prompt (§14.4). */
	async waitForIdle(timeout = 60_000): Promise<void> {
		await this.collectUntilSettled(timeout, "Timeout waiting for agent to become idle").promise;
	}

	/** Every record until and including the next `agent_settled`. Create it before sending the prompt. */
	collectEvents(timeout = 60_000): Promise<RpcClientRecord[]> {
		return this.collectUntilSettled(timeout, "Timeout collecting events").promise;
	}

	/**
	 * Sends a prompt and returns the records of its run. The collector is registered before the
	 * prompt is written (the completion race of §14.4); a `handled` input resolves at once with
	 * what was gathered, a rejected prompt rejects.
	 */
	async promptAndWait(message: string, images?: ImageContent[], timeout = 60_000): Promise<RpcClientRecord[]> {
		const collector = this.collectUntilSettled(timeout, "Timeout collecting events");
		// The collector's rejection is observed through `collector.promise` below.
		collector.promise.catch(() => undefined);
		try {
			const disposition = await this.prompt(message, images);
			if (disposition === "handled") collector.finish();
		} catch (error) {
			collector.finish(error instanceof Error ? error : new Error(String(error)));
		}
		return collector.promise;
	}

	// --- commands (rpc.md §14.3) ----------------------------------------------------------------

	async prompt(
		message: string,
		images?: ImageContent[],
		streamingBehavior?: "steer" | "followUp",
	): Promise<PromptDisposition> {
		const data = await this.send("prompt", {
			message,
			...(images ? { images } : {}),
			...(streamingBehavior ? { streamingBehavior } : {}),
		});
		return data.disposition;
	}

	async steer(message: string, images?: ImageContent[]): Promise<QueuedInputDisposition> {
		return (await this.send("steer", { message, ...(images ? { images } : {}) })).disposition;
	}

	async followUp(message: string, images?: ImageContent[]): Promise<QueuedInputDisposition> {
		return (await this.send("follow_up", { message, ...(images ? { images } : {}) })).disposition;
	}

	async abort(): Promise<void> {
		await this.send("abort", {});
	}

	clearQueue(): Promise<{ steering: string[]; followUp: string[] }> {
		return this.send("clear_queue", {});
	}

	newSession(parentSession?: string): Promise<{ cancelled: boolean }> {
		return this.send("new_session", parentSession !== undefined ? { parentSession } : {});
	}

	getState(): Promise<RpcSessionState> {
		return this.send("get_state", {});
	}

	setModel(provider: string, modelId: string): Promise<Model> {
		return this.send("set_model", { provider, modelId });
	}

	cycleModel(): Promise<{ model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | null> {
		return this.send("cycle_model", {});
	}

	async getAvailableModels(): Promise<Model[]> {
		return (await this.send("get_available_models", {})).models;
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<void> {
		await this.send("set_thinking_level", { level });
	}

	cycleThinkingLevel(): Promise<{ level: ThinkingLevel } | null> {
		return this.send("cycle_thinking_level", {});
	}

	async getAvailableThinkingLevels(): Promise<ThinkingLevel[]> {
		return (await this.send("get_available_thinking_levels", {})).levels;
	}

	async setSteeringMode(mode: "all" | "one-at-a-time"): Promise<void> {
		await this.send("set_steering_mode", { mode });
	}

	async setFollowUpMode(mode: "all" | "one-at-a-time"): Promise<void> {
		await this.send("set_follow_up_mode", { mode });
	}

	compact(customInstructions?: string): Promise<CompactionResult> {
		return this.send("compact", customInstructions !== undefined ? { customInstructions } : {});
	}

	async setAutoCompaction(enabled: boolean): Promise<void> {
		await this.send("set_auto_compaction", { enabled });
	}

	async setAutoRetry(enabled: boolean): Promise<void> {
		await this.send("set_auto_retry", { enabled });
	}

	async abortRetry(): Promise<void> {
		await this.send("abort_retry", {});
	}

	bash(command: string, options: { excludeFromContext?: boolean } = {}): Promise<BashResult> {
		return this.send("bash", { command, ...options });
	}

	async abortBash(): Promise<void> {
		await this.send("abort_bash", {});
	}

	getSessionStats(): Promise<SessionStats> {
		return this.send("get_session_stats", {});
	}

	exportHtml(outputPath?: string): Promise<{ path: string }> {
		return this.send("export_html", outputPath !== undefined ? { outputPath } : {});
	}

	switchSession(sessionPath: string): Promise<{ cancelled: boolean }> {
		return this.send("switch_session", { sessionPath });
	}

	fork(entryId: string): Promise<{ text: string; cancelled: boolean }> {
		return this.send("fork", { entryId });
	}

	clone(): Promise<{ cancelled: boolean }> {
		return this.send("clone", {});
	}

	async getForkMessages(): Promise<{ entryId: string; text: string }[]> {
		return (await this.send("get_fork_messages", {})).messages;
	}

	getEntries(since?: string): Promise<{ entries: SessionEntry[]; leafId: string | null }> {
		return this.send("get_entries", since !== undefined ? { since } : {});
	}

	getTree(): Promise<{ tree: SessionTreeNode[]; leafId: string | null }> {
		return this.send("get_tree", {});
	}

	async getLastAssistantText(): Promise<string | null> {
		return (await this.send("get_last_assistant_text", {})).text;
	}

	async setSessionName(name: string): Promise<void> {
		await this.send("set_session_name", { name });
	}

	async getMessages(): Promise<AgentMessage[]> {
		return (await this.send("get_messages", {})).messages;
	}

	async getCommands(): Promise<RpcSlashCommand[]> {
		return (await this.send("get_commands", {})).commands;
	}

	/** Moves to another entry of the session tree (rpc.md §16.4). */
	navigateTree(
		targetId: string,
		options: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string } = {},
	): Promise<{ cancelled: boolean; editorText?: string; leafId: string | null }> {
		return this.send("navigate_tree", { targetId, ...options });
	}

	/** Labels an entry; an absent or blank label clears it (rpc.md §16.5). */
	async setLabel(entryId: string, label?: string): Promise<void> {
		await this.send("set_label", { entryId, ...(label !== undefined ? { label } : {}) });
	}
}
