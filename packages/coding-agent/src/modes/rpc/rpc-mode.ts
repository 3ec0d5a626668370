import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { killTrackedProcessGroups } from "../../core/tools/process-groups.js";
import { flushRawStdout, rawStdoutBackpressure, takeOverStdout } from "../output-guard.js";
import { createBatchedOutput } from "./batched-output.js";
import { attachJsonlLineReader } from "./jsonl.js";
import { RpcServer } from "./rpc-server.js";

// Past shutdown nothing of ours should keep the loop alive; if a library left a handle
// (a keep-alive socket, a timer), this unref'd timer ends the process anyway.
const LINGER_EXIT_MS = 500;

/**
 * RPC mode (rpc.md): JSONL commands on stdin, responses and events on stdout, until stdin
 * closes (exit 0), SIGTERM (143) or SIGHUP (129), or an extension asks for shutdown. Resolves
 * with the process exit code after the runtime is disposed and stdout is flushed.
 */
export async function runRpcMode(runtime: AgentSessionRuntime): Promise<number> {
	takeOverStdout();
	let shutdownRequested = false;
	let shutdown: (code: number) => void = () => undefined;
	const stdout = createBatchedOutput();
	const server = new RpcServer({
		runtime,
		output: (record) => stdout.write(record),
		outputLine: (line) => stdout.writeLine(line),
		waitForOutput: rawStdoutBackpressure,
		onShutdownRequested: () => {
			shutdownRequested = true;
		},
		onSafePoint: () => {
			if (shutdownRequested) shutdown(0);
		},
	});
	await server.bind();

	return new Promise<number>((resolve) => {
		let shuttingDown = false;
		const onSigterm = (): void => {
			killTrackedProcessGroups();
			shutdown(143);
		};
		const onSighup = (): void => {
			killTrackedProcessGroups();
			shutdown(129);
		};
		shutdown = (code) => {
			// A second trigger while shutting down exits at once (rpc.md §12).
			if (shuttingDown) {
				stdout.flush();
				process.exit(code);
			}
			shuttingDown = true;
			void (async () => {
				detachReader();
				process.stdin.pause();
				process.off("SIGTERM", onSigterm);
				if (process.platform !== "win32") process.off("SIGHUP", onSighup);
				server.ui.cancelAll();
				try {
					await runtime.dispose();
				} catch (error) {
					process.stderr.write(`pi: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
				}
				server.unbind();
				stdout.flush();
				await flushRawStdout();
				setTimeout(() => process.exit(code), LINGER_EXIT_MS).unref();
				resolve(code);
			})();
		};
		process.on("SIGTERM", onSigterm);
		if (process.platform !== "win32") process.on("SIGHUP", onSighup);
		const detachReader = attachJsonlLineReader(process.stdin, (line) => void server.handleLine(line), {
			onError: (error) => void server.rejectLine(error.message),
			onEnd: () => shutdown(0),
		});
	});
}
