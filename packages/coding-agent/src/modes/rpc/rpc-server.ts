// The transport-independent RPC server (rpc.md §4–§8, §11, §12): parses each input line on its
// own, dispatches commands concurrently, writes responses and events through one serialized
// output, and keeps the session binding (events, backpressure, extension UI) current across
// session replacements.
import type { AgentSession } from "../../core/agent-session/agent-session.js";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { createRuntimeCommandActions } from "../../core/extensions/runtime-command-actions.js";
import { serializeJsonEventLine, toJsonEvent } from "../json-event.js";
import { RESPONDED, runCommandHandler } from "./rpc-command-handlers.js";
import type { RpcCommandType } from "./rpc-command-schemas.js";
import { isRpcCommandType, validateCommandFields } from "./rpc-command-validation.js";
import { RpcLogins } from "./rpc-login.js";
import type { RpcOutputRecord, RpcResponse } from "./rpc-types.js";
import { createRpcUIContext, type RpcUIContext } from "./rpc-ui-context.js";

/** The parse error for valid JSON that is not a command object (rpc.md §8.3). */
export const NOT_A_COMMAND_ERROR = 'Failed to parse command: expected a JSON object with a string "type" field';

/** What the server writes through and waits on. */
export interface RpcServerOptions {
	runtime: AgentSessionRuntime;
	/** Queues one record on the serialized writer (never interleaves, keeps order). */
	output(record: RpcOutputRecord): void;
	/** Queues one session event already serialized (`serializeJsonEventLine`); default `output(toJsonEvent(event))`. */
	outputLine?(line: string): void;
	/**
	 * Resolves when everything queued so far has been flushed (backpressure, rpc.md §7.3);
	 * undefined when nothing is pending.
	 */
	waitForOutput(): Promise<void> | undefined;
	/** An extension asked for shutdown (`ctx.shutdown()`); honoured at the next safe point. */
	onShutdownRequested?(): void;
	/** Called after each command's response is flushed, and at every `agent_settled`. */
	onSafePoint?(): void;
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The RPC server over an AgentSessionRuntime. Call `bind()` once, then feed `handleLine`. */
export class RpcServer {
	readonly ui: RpcUIContext;
	private unbindSession: (() => void) | undefined;

	readonly logins: RpcLogins;

	constructor(private readonly options: RpcServerOptions) {
		this.ui = createRpcUIContext((request) => options.output(request));
		this.logins = new RpcLogins((event) => options.output(event));
	}

	/** Binds the current session and re-binds after every replacement (run-modes.md §8.3). */
	async bind(): Promise<void> {
		this.options.runtime.setRebindSession(() => this.bindSession(this.options.runtime.session));
		await this.bindSession(this.options.runtime.session);
	}

	/** Detaches from the current session and the runtime. */
	unbind(): void {
		this.logins.cancelAll();
		this.unbindSession?.();
		this.unbindSession = undefined;
		this.options.runtime.setRebindSession(undefined);
	}

	private async bindSession(session: AgentSession): Promise<void> {
		this.unbindSession?.();
		const { output, outputLine, waitForOutput } = this.options;
		const offEvents = session.subscribe((event) => {
			if (outputLine) outputLine(serializeJsonEventLine(event));
			else output(toJsonEvent(event));
			if (event.type === "agent_settled") this.options.onSafePoint?.();
		});
		// Awaited by the agent loop: a congested stdout pauses the agent instead of buffering.
		const offBackpressure = session.agent.subscribe(() => waitForOutput());
		this.unbindSession = () => {
			offEvents();
			offBackpressure();
		};
		await session.bindExtensions({
			uiContext: this.ui,
			mode: "rpc",
			commandContextActions: createRuntimeCommandActions(this.options.runtime),
			shutdownHandler: () => this.options.onShutdownRequested?.(),
			onError: (report) => output({ type: "extension_error", ...report }),
		});
	}

	/**
	 * Handles one input line (rpc.md §4): never rejects; every failure becomes a response. Not
	 * serialized with other lines: callers start it and go back to reading.
	 */
	async handleLine(line: string): Promise<void> {
		let parsed: unknown;
		try {
			parsed = JSON.parse(line);
		} catch (error) {
			await this.respond({
				type: "response",
				command: "parse",
				success: false,
				error: `Failed to parse command: ${errorText(error)}`,
			});
			return;
		}
		if (!isRecord(parsed) || typeof parsed.type !== "string") {
			await this.respond({ type: "response", command: "parse", success: false, error: NOT_A_COMMAND_ERROR });
			return;
		}
		if (parsed.type === "extension_ui_response") {
			this.ui.handleResponse(parsed);
			return;
		}
		await this.handleCommand(parsed.type, parsed);
	}

	/** Reports a line the reader refused (too long) as a parse error. */
	async rejectLine(reason: string): Promise<void> {
		await this.respond({
			type: "response",
			command: "parse",
			success: false,
			error: `Failed to parse command: ${reason}`,
		});
	}

	private async handleCommand(type: string, record: Record<string, unknown>): Promise<void> {
		const idPart = Object.hasOwn(record, "id") ? { id: record.id } : {};
		const fail = (error: string): Promise<void> =>
			this.respond({ ...idPart, type: "response", command: type, success: false, error });
		if (!isRpcCommandType(type)) return fail(`Unknown command: ${type}`);
		const invalid = validateCommandFields(type, record);
		if (invalid !== undefined) return fail(invalid);
		let responded = false;
		const succeed = (data: unknown): void => {
			responded = true;
			this.options.output({
				...idPart,
				type: "response",
				command: type,
				success: true,
				...(data !== undefined ? { data } : {}),
			} as RpcResponse);
		};
		try {
			const result = await runCommandHandler(type as RpcCommandType, record as never, {
				runtime: this.options.runtime,
				session: this.options.runtime.session,
				respond: succeed,
				logins: this.logins,
			});
			if (result !== RESPONDED && !responded) succeed(result);
		} catch (error) {
			if (!responded) return fail(errorText(error));
		}
		await this.settleResponse();
	}

	private async respond(response: RpcResponse): Promise<void> {
		this.options.output(response);
		await this.settleResponse();
	}

	private async settleResponse(): Promise<void> {
		await this.options.waitForOutput();
		this.options.onSafePoint?.();
	}
}
