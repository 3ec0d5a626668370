import { StringDecoder } from "node:string_decoder";
import { type BashOperations, createLocalBashOperations, type OutputStreamName } from "./bash-operations.js";
import { OutputCollector, type OutputSnapshot } from "./output-collector.js";
import { OutputSanitizer } from "./output-sanitizer.js";
import { applyCommandPrefix } from "./shell-resolution.js";
import type { TruncationInfo } from "./truncate.js";

/**
 * The bash execution engine shared by the `bash` tool and user bash (`!cmd`, RPC `bash`):
 * configuration.md §8 "Bash execution". Output is decoded as UTF-8 (invalid sequences replaced),
 * sanitised (ANSI stripped), kept tail-truncated in bounded memory and, past a limit, written in
 * full to a temp file. Timeout and abort kill the whole process group.
 */

/** Options of one execution. */
export interface BashExecutionOptions {
	/** Working directory (the session cwd). */
	cwd: string;
	/** Text prepended (plus a newline) to the command (setting `shellCommandPrefix`). */
	commandPrefix?: string;
	/** Seconds before the command is killed; absent or ≤ 0 = no timeout. */
	timeoutSeconds?: number;
	/** Aborting kills the command; the result then has `cancelled: true`. */
	signal?: AbortSignal;
	/** Process access. Default: {@link createLocalBashOperations}. */
	operations?: BashOperations;
	/** Environment for the command. Default: the operations' own. */
	env?: NodeJS.ProcessEnv;
	/** Directory of the full-output file. Default: `os.tmpdir()`. */
	tempDir?: string;
	/** Receives each sanitised output delta (RPC `bash_execution_update`). */
	onChunk?: (delta: string) => void;
	/** Receives the tail-truncated output so far, at most once per `updateIntervalMs`. */
	onUpdate?: (snapshot: OutputSnapshot) => void;
	/** Minimum ms between `onUpdate` calls. Default: 100; 0 = after every chunk. */
	updateIntervalMs?: number;
}

/** The outcome of a finished, killed or timed-out command (rpc.md `BashResult` plus details). */
export interface BashExecutionResult {
	/** Combined stdout+stderr, sanitised, tail-truncated; no note appended. */
	output: string;
	/** Exit code; undefined when the command was cancelled, timed out or killed by a signal. */
	exitCode: number | undefined;
	/** The signal that ended the command when nobody here killed it (e.g. it killed itself). */
	terminatedBySignal?: string;
	/** True when stopped by the abort signal. */
	cancelled: boolean;
	/** True when stopped by the timeout. */
	timedOut: boolean;
	/** True when `output` is not the whole output. */
	truncated: boolean;
	/** Present when truncated. */
	truncation?: TruncationInfo;
	/** The file with the complete output; present when truncated. */
	fullOutputPath?: string;
	/** Why the complete output could not be saved (then `fullOutputPath` is absent). */
	fullOutputError?: string;
}

/**
 * Runs `command` and resolves when it has ended, been cancelled or timed out — never rejects for
 * those. Rejects with `Operation aborted` when `signal` is already aborted, and with the operations'
 * error when the command cannot start (e.g. `Working directory does not exist: <cwd>`).
 */
export async function executeBash(command: string, options: BashExecutionOptions): Promise<BashExecutionResult> {
	if (options.signal?.aborted) throw new Error("Operation aborted");
	const operations = options.operations ?? createLocalBashOperations();
	const collector = new OutputCollector({ tempDir: options.tempDir });
	const stop = createStopController(options);
	const output = createOutputPipeline(collector, options);
	try {
		const status = await operations.exec(applyCommandPrefix(command, options.commandPrefix), options.cwd, {
			onData: output.onData,
			signal: stop.controller.signal,
			env: options.env,
		});
		output.flush();
		const snapshot = collector.finish();
		const killedHere = stop.cancelled || stop.timedOut;
		return {
			output: snapshot.content,
			exitCode: killedHere || status.exitCode === null ? undefined : status.exitCode,
			terminatedBySignal: !killedHere && status.signal !== null ? status.signal : undefined,
			cancelled: stop.cancelled,
			timedOut: stop.timedOut,
			truncated: snapshot.truncation !== undefined,
			truncation: snapshot.truncation,
			fullOutputPath: snapshot.fullOutputPath,
			fullOutputError: snapshot.fullOutputError,
		};
	} finally {
		collector.finish();
		stop.dispose();
	}
}

interface StopController {
	controller: AbortController;
	readonly cancelled: boolean;
	readonly timedOut: boolean;
	dispose(): void;
}

/** One internal signal that fires on the caller's abort or on the timeout, remembering which. */
function createStopController(options: BashExecutionOptions): StopController {
	const controller = new AbortController();
	const state = { cancelled: false, timedOut: false };
	const onAbort = (): void => {
		if (!state.timedOut) state.cancelled = true;
		controller.abort();
	};
	options.signal?.addEventListener("abort", onAbort, { once: true });
	const seconds = options.timeoutSeconds;
	const timer =
		seconds !== undefined && seconds > 0
			? setTimeout(() => {
					if (!state.cancelled) state.timedOut = true;
					controller.abort();
				}, seconds * 1000)
			: undefined;
	return {
		controller,
		get cancelled() {
			return state.cancelled;
		},
		get timedOut() {
			return state.timedOut;
		},
		dispose: () => {
			clearTimeout(timer);
			options.signal?.removeEventListener("abort", onAbort);
		},
	};
}

/** Decoding (per stream, so split UTF-8 sequences survive), sanitising, collecting and reporting. */
function createOutputPipeline(collector: OutputCollector, options: BashExecutionOptions) {
	const streams = {
		// StringDecoder keeps split UTF-8 sequences across chunks, replaces invalid ones with U+FFFD,
		// and is several times faster than a streaming TextDecoder on large outputs.
		stdout: { decoder: new StringDecoder("utf8"), sanitizer: new OutputSanitizer() },
		stderr: { decoder: new StringDecoder("utf8"), sanitizer: new OutputSanitizer() },
	};
	const interval = options.updateIntervalMs ?? 100;
	let lastUpdate = Number.NEGATIVE_INFINITY;
	const accept = (text: string): void => {
		if (text === "") return;
		collector.append(text);
		options.onChunk?.(text);
		const now = Date.now();
		if (options.onUpdate && now - lastUpdate >= interval) {
			lastUpdate = now;
			options.onUpdate(collector.snapshot());
		}
	};
	return {
		onData: (chunk: Uint8Array, stream: OutputStreamName): void => {
			const { decoder, sanitizer } = streams[stream];
			accept(sanitizer.push(decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))));
		},
		flush: (): void => {
			for (const { decoder, sanitizer } of Object.values(streams)) {
				accept(sanitizer.push(decoder.end()) + sanitizer.flush());
			}
		},
	};
}
