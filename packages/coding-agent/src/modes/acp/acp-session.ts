import type {
	ClientCapabilities,
	ContentBlock,
	PromptResponse,
	RequestPermissionRequest,
	RequestPermissionResponse,
	SessionUpdate,
	StopReason,
} from "@agentclientprotocol/sdk";
import type { AssistantMessage } from "@pi/ai";
import type { AgentSessionEvent } from "../../core/agent-session/agent-session-events.js";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { createRuntimeCommandActions } from "../../core/extensions/runtime-command-actions.js";
import { isPiUserError } from "../../core/user-error.js";
import type { AcpFsPort, AcpTerminal } from "./acp-client-operations.js";
import { availableCommands } from "./acp-commands.js";
import { AcpEventMapper } from "./acp-event-mapper.js";
import { type LinkedFileReader, readLinkedFileLocally, toPiPrompt } from "./acp-prompt-content.js";
import { buildConfigOptions, buildModes } from "./acp-session-config.js";
import { routeToolsThroughClient } from "./acp-tools.js";
import { AcpUIContext } from "./acp-ui-context.js";

/** The client side as one session sees it (the SDK's AgentContext, narrowed). */
export interface AcpClientPort {
	notify(method: string, params: unknown): Promise<void>;
	requestPermission(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
	readTextFile(sessionId: string, path: string): Promise<string>;
	writeTextFile(sessionId: string, path: string, content: string): Promise<void>;
	createTerminal(sessionId: string, command: string, args: string[], cwd: string): Promise<AcpTerminal>;
}

/** How a prompt failed after it was admitted (a model error) or before (a refused input). */
export class AcpPromptError extends Error {
	constructor(
		message: string,
		readonly kind: "model" | "refused" | "auth",
	) {
		super(message);
	}
}

/** Where a queued prompt goes: after the run (default) or into it at the next steering point. */
export type QueueBehavior = "followUp" | "steer";

interface RunOutcome {
	aborted: boolean;
	lastReply: AssistantMessage | undefined;
}

/** How pi's providers name a vendor's refusal in the error message. */
const REFUSAL = /: refusal \(|finish_reason: content_filter|\b(SAFETY|RECITATION|PROHIBITED_CONTENT)\b/;

/** Updates not yet written before the agent loop waits for the client to catch up. */
const MAX_UNWRITTEN_UPDATES = 256;

/**
 * One ACP session: a pi AgentSessionRuntime whose events become `session/update`s, whose
 * extension dialogs become permission requests and whose tools use the editor where it offers.
 * The ACP session id stays the same when an extension replaces the pi session underneath.
 */
export class AcpSession {
	readonly mapper: AcpEventMapper;
	private readonly ui: AcpUIContext;
	private detach: (() => void) | undefined;
	private lastWrite: Promise<void> = Promise.resolve();
	private unwritten = 0;
	private echoUserMessages = true;
	private lastReply: AssistantMessage | undefined;
	private readonly settleWaiters: ((outcome: RunOutcome) => void)[] = [];

	constructor(
		readonly id: string,
		readonly runtime: AgentSessionRuntime,
		private readonly client: AcpClientPort,
		private readonly capabilities: ClientCapabilities | undefined,
	) {
		this.mapper = new AcpEventMapper(() => this.runtime.session.sessionManager.getCwd());
		this.ui = new AcpUIContext({
			requestPermission: (request, signal) => this.client.requestPermission({ ...request, sessionId: this.id }, signal),
			currentToolCall: () => this.mapper.currentToolCall(),
			announceDialog: async ({ toolCallId, title }) => {
				this.send({ sessionUpdate: "tool_call", toolCallId, title, kind: "other", status: "pending" });
			},
			finishDialog: (toolCallId, allowed) => {
				this.send({ sessionUpdate: "tool_call_update", toolCallId, status: allowed ? "completed" : "failed" });
			},
		});
		runtime.setRebindSession(() => this.attach());
	}

	/** Subscribes to the current pi session, binds extensions and routes tools (again after a replacement). */
	async attach(): Promise<void> {
		this.detach?.();
		const session = this.runtime.session;
		const unsubscribe = session.subscribe((event) => this.onEvent(event));
		// The agent loop awaits this listener: a client that stops reading slows the agent down.
		// Below the limit it returns nothing, so a streamed delta costs no promise here.
		const unsubscribeBarrier = session.agent.subscribe(() =>
			this.unwritten > MAX_UNWRITTEN_UPDATES ? this.lastWrite : undefined,
		);
		this.detach = () => {
			unsubscribe();
			unsubscribeBarrier();
		};
		const fs: AcpFsPort = {
			readTextFile: (path) => this.client.readTextFile(this.id, path),
			writeTextFile: (path, content) => this.client.writeTextFile(this.id, path, content),
		};
		routeToolsThroughClient(session, this.capabilities, fs, {
			createTerminal: ({ command, args, cwd }) =>
				this.client.createTerminal(this.id, command, args ?? [], cwd ?? session.sessionManager.getCwd()),
			onTerminalCreated: (terminalId) => {
				const toolCallId = this.mapper.currentBashCall();
				if (toolCallId)
					this.send({ sessionUpdate: "tool_call_update", toolCallId, content: [{ type: "terminal", terminalId }] });
			},
		});
		await session.bindExtensions({
			uiContext: this.ui,
			mode: "rpc",
			commandContextActions: createRuntimeCommandActions(this.runtime),
			onError: (error) =>
				process.stderr.write(`pi: extension ${error.extensionPath} failed in ${error.event}: ${error.error}\n`),
		});
	}

	/** Sends one `session/update`; the SDK writes them in call order. */
	send(update: SessionUpdate): void {
		this.unwritten += 1;
		const written = this.client.notify("session/update", { sessionId: this.id, update }).then(
			() => {
				this.unwritten -= 1;
			},
			() => {
				// The connection is gone; nothing is left to tell the client.
				this.unwritten -= 1;
			},
		);
		this.lastWrite = written;
	}

	/** Resolves once every update sent so far has been written. */
	flush(): Promise<void> {
		return this.lastWrite;
	}

	private onEvent(event: AgentSessionEvent): void {
		if (event.type === "message_start" && event.message.role === "user" && !this.echoUserMessages) {
			this.echoUserMessages = true;
			return;
		}
		if (event.type === "message_end" && event.message.role === "assistant") this.lastReply = event.message;
		if (event.type === "queue_update") {
			this.client
				.notify("_pi/queue_update", { sessionId: this.id, steering: event.steering, followUp: event.followUp })
				.catch(() => undefined);
			return;
		}
		if (event.type === "agent_settled") {
			const outcome: RunOutcome = { aborted: event.aborted, lastReply: this.lastReply };
			this.lastReply = undefined;
			this.mapper.reset();
			for (const resolve of this.settleWaiters.splice(0)) resolve(outcome);
			return;
		}
		const update = this.mapper.map(event);
		if (update) this.send(update);
	}

	private nextSettle(): Promise<RunOutcome> {
		return new Promise((resolve) => this.settleWaiters.push(resolve));
	}

	/**
	 * `session/prompt`: admitted through pi's prompt pipeline. A prompt that arrives while a run is
	 * going is queued (follow-up, or steering) and answered when that run ends.
	 */
	async prompt(blocks: readonly ContentBlock[], behavior: QueueBehavior = "followUp"): Promise<PromptResponse> {
		const reader: LinkedFileReader =
			this.capabilities?.fs?.readTextFile === true
				? async (path) => this.client.readTextFile(this.id, path).catch(() => readLinkedFileLocally(path))
				: readLinkedFileLocally;
		const input = await toPiPrompt(blocks, reader);
		const session = this.runtime.session;
		let disposition: "started" | "queued" | "handled" | undefined;
		let settled: Promise<RunOutcome> | undefined;
		try {
			await session.prompt(input.text, {
				images: input.images,
				streamingBehavior: behavior,
				source: "rpc",
				// Runs synchronously right before the run starts (or the message is queued).
				preflightResult: (result) => {
					disposition = result;
					if (result === "handled") return;
					settled = this.nextSettle();
					// The prompt that starts a run is the client's own; messages taken in later are echoed.
					if (result === "started") this.echoUserMessages = false;
				},
			});
		} catch (error) {
			if (disposition === undefined) {
				const message = error instanceof Error ? error.message : String(error);
				const auth =
					message.startsWith("No API key found") || (isPiUserError(error) && error.code === "credential_failed");
				throw new AcpPromptError(message, auth ? "auth" : "refused");
			}
			throw error;
		}
		if (settled === undefined) {
			await this.flush();
			return { stopReason: "end_turn" };
		}
		const outcome = await settled;
		await this.flush();
		return { stopReason: stopReasonOf(outcome) };
	}

	/** `session/cancel`: drops the queue, aborts the run (stream, tools, retry wait, compaction). */
	async cancel(): Promise<void> {
		const session = this.runtime.session;
		session.clearQueue();
		await session.abort();
	}

	/** The session's config options and modes, for new/load/resume responses. */
	async describe(): Promise<{
		configOptions: Awaited<ReturnType<typeof buildConfigOptions>>;
		modes: ReturnType<typeof buildModes>;
	}> {
		return { configOptions: await buildConfigOptions(this.runtime.session), modes: buildModes(this.runtime.session) };
	}

	/** Advertises the slash commands (after the session's response, so the client knows its id). */
	sendAvailableCommands(): void {
		this.send({
			sessionUpdate: "available_commands_update",
			availableCommands: availableCommands(this.runtime.session),
		});
	}

	async dispose(): Promise<void> {
		this.detach?.();
		this.detach = undefined;
		await this.runtime.dispose();
	}
}

/** The ACP stop reason of a finished run; a model error is thrown instead. */
export function stopReasonOf(outcome: RunOutcome): StopReason {
	if (outcome.aborted) return "cancelled";
	const reply = outcome.lastReply;
	switch (reply?.stopReason) {
		case "aborted":
			return "cancelled";
		case "length":
			return "max_tokens";
		case "error":
			// Vendors' refusals (Anthropic `refusal`, OpenAI `content_filter`, Gemini SAFETY/RECITATION) arrive as errors.
			if (REFUSAL.test(reply.errorMessage ?? "")) return "refusal";
			throw new AcpPromptError(reply.errorMessage ?? "The model request failed", "model");
		default:
			return "end_turn";
	}
}
