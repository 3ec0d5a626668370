import type { Readable } from "node:stream";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { readConfiguredSignIns } from "../../core/models/configured-sign-ins.js";
import type { SessionManager } from "../../core/session/session-manager.js";
import { getAgentDir } from "../../core/session/session-paths.js";
import { killTrackedProcessGroups } from "../../core/tools/process-groups.js";
import { flushRawStdout, takeOverStdout, writeRawStdout } from "../output-guard.js";
import type { AcpRuntimeOptions } from "./acp-agent.js";
import { readFirstLine } from "./acp-early-input.js";
import { type AcpMcpSupport, initializeResponse, parseInitializeLine } from "./acp-initialize.js";
import { createStdoutSinks } from "./acp-stdout.js";

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
	/** What `initialize` advertises about MCP servers (see `acpMcpSupport`). */
	mcp?: AcpMcpSupport;
}

interface Served {
	/** Resolves with the exit code once stdin closed and every session was torn down. */
	done: Promise<number>;
	/** Ends the connection early (start-up failed after `initialize` may have been answered). */
	close(): void;
}

/** Connects the SDK's agent side to stdin/stdout; `runtime` may arrive later than `initialize`. */
function serve(
	version: string,
	agentDir: string,
	runtime: Promise<AcpRuntimeOptions>,
	inputStream?: NodeJS.ReadableStream,
	afterInitialize?: () => void,
	mcp?: AcpMcpSupport,
): Served {
	takeOverStdout();
	let closeConnection: (() => void) | undefined;
	let closeRequested = false;
	const done = (async () => {
		// Loaded here so the other modes never load the protocol SDK (and zod) at start-up.
		const loading = Promise.all([import("@agentclientprotocol/sdk"), import("./acp-agent.js")]);
		// An editor sends `initialize` at once; answering it while the SDK still loads halves the
		// time to the first answer. Anything else on the first line goes to the SDK unchanged.
		const split = await readFirstLine((inputStream ?? process.stdin) as Readable);
		const early = split.firstLine === undefined ? undefined : parseInitializeLine(split.firstLine);
		if (early) {
			const result = initializeResponse(early.params, version, {
				...(mcp ? { mcp } : {}),
				configuredSignIns: readConfiguredSignIns(agentDir),
			});
			await writeRawStdout(`${JSON.stringify({ jsonrpc: "2.0", id: early.id, result })}\n`);
		}
		const [sdk, { createAcpAgent }] = await loading;
		const agent = createAcpAgent(sdk, {
			version,
			agentDir,
			runtime,
			...(mcp ? { mcp } : {}),
			...(afterInitialize ? { afterInitialize } : {}),
			...(early ? { answeredInitialize: early.params } : {}),
		});
		const stdout = createStdoutSinks();
		// The SDK's ndjson reader parses stdin (and answers unparsable lines on `bytes`); messages go out unencoded.
		const { readable } = sdk.ndJsonStream(stdout.bytes, split.stream(early === undefined));
		const connection = agent.app.connect({ readable, writable: stdout.messages });
		closeConnection = () => connection.close();
		if (closeRequested) connection.close();
		await connection.closed;
		await agent.dispose();
		await stdout.close();
		killTrackedProcessGroups();
		await flushRawStdout();
		return 0;
	})();
	return {
		done,
		close: () => {
			closeRequested = true;
			closeConnection?.();
		},
	};
}

/** The connection `runAcpModeEarly` opened, waiting for `main()` to hand over its runtime factory. */
let early: { provide(options: AcpModeOptions): void; served: Served } | undefined;

/** Agent Client Protocol over stdin/stdout until stdin closes. Resolves with the exit code. */
export async function runAcpMode(options: AcpModeOptions): Promise<number> {
	if (early) {
		early.provide(options);
		return early.served.done;
	}
	return serve(options.version, options.agentDir, Promise.resolve(options), options.input, undefined, options.mcp).done;
}

/**
 * Opens the ACP connection before the CLI has loaded the runtime, so an editor's `initialize`
 * is answered in the time the SDK needs to load; `startCli` runs the rest of `main()`, whose
 * call of `runAcpMode` hands over the runtime factory. If `startCli` ends without calling it
 * (a start-up error), the connection closes and its exit code is returned.
 */
export async function runAcpModeEarly(
	version: string,
	startCli: () => Promise<number>,
	mcp?: AcpMcpSupport,
): Promise<number> {
	let provide: (options: AcpModeOptions) => void = () => undefined;
	let provided = false;
	const runtime = new Promise<AcpModeOptions>((resolve) => {
		provide = (options) => {
			provided = true;
			resolve(options);
		};
	});
	// The CLI's runtime loads after `initialize` was answered (or stdin ended first), so the two
	// do not compete for the one thread while the editor waits for its first answer.
	let release: () => void = () => undefined;
	const initialized = new Promise<void>((resolve) => {
		release = resolve;
	});
	// main() uses this agent directory too (PI_CODING_AGENT_DIR or ~/.pi/agent).
	const served = serve(version, getAgentDir(), runtime, undefined, () => release(), mcp);
	let finished = false;
	void served.done.finally(() => {
		finished = true;
		release();
	});
	early = { provide: (options) => provide(options), served };
	try {
		await initialized;
		// The client left before asking for a session: nothing needs the runtime.
		if (finished) return await served.done;
		return await startCli();
	} finally {
		early = undefined;
		if (!provided) {
			served.close();
			await served.done.catch(() => undefined);
		}
	}
}
