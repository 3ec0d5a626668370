import { Readable } from "node:stream";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import type { SessionManager } from "../../core/session/session-manager.js";
import { killTrackedProcessGroups } from "../../core/tools/process-groups.js";
import { flushRawStdout, takeOverStdout, waitForRawStdoutBackpressure, writeRawStdout } from "../output-guard.js";

/** What `main()` hands the ACP mode. */
export interface AcpModeOptions {
	/**
	 * Builds a runtime for a session in `cwd` with the CLI's flags applied (the same factory
	 * `main()` uses for the other modes). ACP creates one per `session/new` or `session/load`.
	 */
	createRuntime(input: { cwd: string; sessionManager: SessionManager }): Promise<AgentSessionRuntime>;
	agentDir: string;
	/** `--session-dir`, when given. */
	sessionDir?: string;
	/** The `pi` version, reported in `initialize`. */
	version: string;
	/** Protocol input. Default: process.stdin. */
	input?: NodeJS.ReadableStream;
}

/** Bytes buffered for stdout before a write waits for the pipe (a slow client slows the agent). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * stdout as the SDK's byte sink: messages written in one event-loop turn go out as one write
 * through the guarded raw writer; a full buffer makes the SDK (and so the agent) wait.
 */
function rawStdoutSink(): WritableStream<Uint8Array> {
	const decoder = new TextDecoder();
	let pending: string[] = [];
	let pendingBytes = 0;
	let scheduled = false;
	let inFlight: Promise<void> = Promise.resolve();
	const flush = (): void => {
		scheduled = false;
		if (pending.length === 0) return;
		const text = pending.join("");
		pending = [];
		pendingBytes = 0;
		inFlight = writeRawStdout(text);
	};
	return new WritableStream<Uint8Array>({
		write(chunk) {
			pending.push(decoder.decode(chunk, { stream: true }));
			pendingBytes += chunk.byteLength;
			if (!scheduled) {
				scheduled = true;
				setImmediate(flush);
			}
			if (pendingBytes < MAX_BUFFERED_BYTES) return undefined;
			flush();
			return inFlight;
		},
		async close() {
			flush();
			await waitForRawStdoutBackpressure();
		},
	});
}

/** Agent Client Protocol over stdin/stdout until stdin closes. Resolves with the exit code. */
export async function runAcpMode(options: AcpModeOptions): Promise<number> {
	takeOverStdout();
	// Loaded here so the other modes never load the protocol SDK (and zod) at start-up.
	const [sdk, { createAcpAgent }] = await Promise.all([import("@agentclientprotocol/sdk"), import("./acp-agent.js")]);
	const agent = createAcpAgent(sdk, {
		createRuntime: options.createRuntime,
		...(options.sessionDir !== undefined ? { sessionDir: options.sessionDir } : {}),
		version: options.version,
	});
	const input = Readable.toWeb((options.input ?? process.stdin) as Readable) as ReadableStream<Uint8Array>;
	const connection = agent.app.connect(sdk.ndJsonStream(rawStdoutSink(), input));
	await connection.closed;
	await agent.dispose();
	killTrackedProcessGroups();
	await flushRawStdout();
	return 0;
}
