import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import type { AgentTool, AgentToolResult } from "@pi/agent-core";
import { type Static, Type } from "@pi/ai";
import { type BashExecutionResult, executeBash } from "./bash-executor.js";
import { type BashOperations, createLocalBashOperations } from "./bash-operations.js";
import type { OutputSnapshot } from "./output-collector.js";
import { formatSize, MAX_BYTES, MAX_LINES, type TruncationInfo } from "./truncate.js";

/** Parameters of the `bash` tool. */
export const bashToolSchema = Type.Object({
	command: Type.String({ description: "Bash command to execute" }),
	timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional; no timeout by default)" })),
});
export type BashToolInput = Static<typeof bashToolSchema>;

/**
 * What programmatic callers (codemode scripts) get from `bash`, also for a non-zero exit: the
 * output up to 1 MiB (longer keeps its first and last 512 KiB around a marker, with `truncated`
 * set and the whole output in `full_output_path`), the exit code and the wall time.
 */
export const bashOutputSchema = Type.Object({
	output: Type.String({ description: "Combined stdout and stderr, possibly truncated" }),
	truncated: Type.Boolean(),
	full_output_path: Type.Optional(Type.String({ description: "Full output, when truncated" })),
	exit_code: Type.Number(),
	wall_time_seconds: Type.Number(),
});
export type BashStructuredOutput = Static<typeof bashOutputSchema>;

/** `details` of a `bash` result (and of its partial results). */
export interface BashToolDetails {
	/** Present when the output was truncated. */
	truncation?: TruncationInfo;
	/** The file holding the complete output; present when truncated. */
	fullOutputPath?: string;
	/** Why the complete output could not be saved, when truncated and saving failed. */
	fullOutputError?: string;
}

/** What a command is about to be run with; a {@link BashSpawnHook} may change any of it. */
export interface BashSpawnContext {
	/** The command, `commandPrefix` already prepended. */
	command: string;
	cwd: string;
	env: NodeJS.ProcessEnv;
}

/** Rewrites a command's text, directory or environment just before it runs (pi 1.4's `spawnHook`). */
export type BashSpawnHook = (context: BashSpawnContext) => BashSpawnContext;

/** Options of {@link createBashTool}. */
export interface BashToolOptions {
	/** Process access. Default: local, using `shellPath` and `killGraceMs`. */
	operations?: BashOperations;
	/** Setting `shellPath`. Default: `/bin/bash` if present, else `sh`. */
	shellPath?: string;
	/** Setting `shellCommandPrefix`: prepended (plus a newline) to every command. */
	commandPrefix?: string;
	/** Ms between SIGTERM and SIGKILL of the process group on abort/timeout. Default: 2000. */
	killGraceMs?: number;
	/** Directory of full-output files. Default: `os.tmpdir()`. */
	tempDir?: string;
	/**
	 * Environment for commands, or a function asked for it when each command starts (the session
	 * variables, PI_MODEL…, follow model switches). Default: `process.env`.
	 */
	env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
	/** Minimum ms between streamed partial results. Default: 100. */
	updateIntervalMs?: number;
	/** Called for every command with what it will run with; what it returns is run instead. */
	spawnHook?: BashSpawnHook;
}

/**
 * The `bash` tool (configuration.md §8): runs a command in `cwd`, streams the tail-truncated
 * output through `onUpdate`, and returns it (`(no output)` when empty). Throws — with the output
 * plus `Command exited with code N`, `Command timed out after N seconds` or `Command aborted` —
 * when the command fails, times out or is aborted.
 */
export function createBashTool(
	cwd: string,
	options: BashToolOptions = {},
): AgentTool<typeof bashToolSchema, BashToolDetails | undefined> {
	const operations =
		options.operations ?? createLocalBashOperations({ shellPath: options.shellPath, killGraceMs: options.killGraceMs });
	return {
		name: "bash",
		label: "bash",
		description: `Execute a bash command in the current working directory. Returns stdout and stderr combined. Output is truncated to the last ${MAX_LINES} lines or ${formatSize(MAX_BYTES)} (whichever is hit first); when truncated, the full output is saved to a temp file you can read. Optionally provide a timeout in seconds.`,
		parameters: bashToolSchema,
		outputSchema: bashOutputSchema,
		execute: async (_toolCallId, params, signal, onUpdate) => {
			const started = performance.now();
			const spawn = spawnContext(cwd, params.command, options);
			const result = await executeBash(spawn.command, {
				cwd: spawn.cwd,
				timeoutSeconds: params.timeout,
				signal,
				operations,
				env: spawn.env,
				tempDir: options.tempDir,
				updateIntervalMs: options.updateIntervalMs,
				onUpdate: onUpdate ? (snapshot) => onUpdate(toToolResult(snapshot, formatOutput(snapshot))) : undefined,
			});
			const snapshot: OutputSnapshot = {
				content: result.output,
				truncation: result.truncation,
				fullOutputPath: result.fullOutputPath,
				fullOutputError: result.fullOutputError,
			};
			const text = formatOutput(snapshot);
			const failure = describeFailure(result, params.timeout);
			const exited = result.exitCode !== undefined && !result.cancelled && !result.timedOut;
			if (failure !== undefined && !exited)
				throw new Error(text === "" ? failure : `${text.replace(/\n+$/, "")}\n\n${failure}`);
			const structuredContent = structuredOutput(result, (performance.now() - started) / 1000);
			if (failure !== undefined) {
				// A non-zero exit: an error for the model (the same text a throw gives), data for scripts.
				const errorText = text === "" ? failure : `${text.replace(/\n+$/, "")}\n\n${failure}`;
				return { ...toToolResult(snapshot, errorText), structuredContent, isError: true };
			}
			return { ...toToolResult(snapshot, text === "" ? "(no output)" : text), structuredContent };
		},
	};
}

/** The command, directory and environment of one run: the prefix applied, then the spawn hook. */
function spawnContext(
	cwd: string,
	command: string,
	options: BashToolOptions,
): { command: string; cwd: string; env: NodeJS.ProcessEnv | undefined } {
	const env = typeof options.env === "function" ? options.env() : options.env;
	const prefixed = options.commandPrefix ? `${options.commandPrefix}\n${command}` : command;
	// Without a hook the environment stays unset, so remote operations keep their own default.
	if (!options.spawnHook) return { command: prefixed, cwd, env };
	return options.spawnHook({ command: prefixed, cwd, env: env ?? process.env });
}

/** Scripts see up to 1 MiB of output: the first and last 512 KiB of a longer one. */
const STRUCTURED_OUTPUT_LIMIT = 1024 * 1024;

function structuredOutput(result: BashExecutionResult, wallTimeSeconds: number): BashStructuredOutput {
	let output = result.output;
	let truncated = false;
	if (result.truncation && result.fullOutputPath) {
		const full = readBoundedOutput(result.fullOutputPath);
		if (full !== undefined) ({ output, truncated } = full);
		else truncated = true;
	} else if (result.truncation) truncated = true;
	return {
		output,
		truncated,
		...(truncated && result.fullOutputPath ? { full_output_path: result.fullOutputPath } : {}),
		exit_code: result.exitCode ?? -1,
		wall_time_seconds: Math.round(wallTimeSeconds * 1000) / 1000,
	};
}

/** The saved full output, its middle left out past 1 MiB; undefined when it cannot be read. */
function readBoundedOutput(path: string): { output: string; truncated: boolean } | undefined {
	try {
		const size = statSync(path).size;
		if (size <= STRUCTURED_OUTPUT_LIMIT) return { output: readFileSync(path, "utf8"), truncated: false };
		const half = STRUCTURED_OUTPUT_LIMIT / 2;
		const fd = openSync(path, "r");
		try {
			const head = Buffer.alloc(half);
			const tail = Buffer.alloc(half);
			readSync(fd, head, 0, half, 0);
			readSync(fd, tail, 0, half, size - half);
			const omitted = size - 2 * half;
			return {
				output: `${head.toString("utf8")}\n[... ${omitted} bytes omitted ...]\n${tail.toString("utf8")}`,
				truncated: true,
			};
		} finally {
			closeSync(fd);
		}
	} catch {
		// The file may be gone or unreadable; the caller falls back to the tail it has.
		return undefined;
	}
}

/** Output plus, when truncated, `[Showing lines A-B of N (50KB limit). Full output: <path>]`. */
function formatOutput(snapshot: OutputSnapshot): string {
	const { truncation, fullOutputPath, fullOutputError } = snapshot;
	if (truncation === undefined) return snapshot.content;
	const where =
		fullOutputPath !== undefined
			? `Full output: ${fullOutputPath}`
			: `Full output could not be saved: ${fullOutputError ?? "unknown error"}`;
	const note = truncationNote(truncation, where);
	return snapshot.content === "" ? note : `${snapshot.content}\n\n${note}`;
}

function truncationNote(truncation: TruncationInfo, where: string): string {
	const { totalLines, outputLines, outputBytes, maxBytes } = truncation;
	if (truncation.lastLinePartial) {
		return `[Showing the last ${formatSize(outputBytes)} of line ${totalLines} (the line exceeds ${formatSize(maxBytes)}). ${where}]`;
	}
	const first = totalLines - outputLines + 1;
	const byBytes = truncation.truncatedBy === "bytes" ? ` (${formatSize(maxBytes)} limit)` : "";
	return `[Showing lines ${first}-${totalLines} of ${totalLines}${byBytes}. ${where}]`;
}

/** The error line for a command that did not succeed, or undefined when it did. */
function describeFailure(result: BashExecutionResult, timeoutSeconds: number | undefined): string | undefined {
	if (result.cancelled) return "Command aborted";
	if (result.timedOut) return `Command timed out after ${timeoutSeconds} seconds`;
	if (result.terminatedBySignal !== undefined) return `Command terminated by signal ${result.terminatedBySignal}`;
	if (result.exitCode !== undefined && result.exitCode !== 0) return `Command exited with code ${result.exitCode}`;
	return undefined;
}

/** A result whose `details` are left out when there is nothing to say (as pi 1.4's bash does). */
function toToolResult(snapshot: OutputSnapshot, text: string): AgentToolResult<BashToolDetails | undefined> {
	const details: BashToolDetails = {};
	if (snapshot.truncation) details.truncation = snapshot.truncation;
	if (snapshot.fullOutputPath) details.fullOutputPath = snapshot.fullOutputPath;
	if (snapshot.fullOutputError) details.fullOutputError = snapshot.fullOutputError;
	return { content: [{ type: "text", text }], details: Object.keys(details).length > 0 ? details : undefined };
}
