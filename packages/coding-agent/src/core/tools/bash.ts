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

/** `details` of a `bash` result (and of its partial results). */
export interface BashToolDetails {
	/** Present when the output was truncated. */
	truncation?: TruncationInfo;
	/** The file holding the complete output; present when truncated. */
	fullOutputPath?: string;
	/** Why the complete output could not be saved, when truncated and saving failed. */
	fullOutputError?: string;
}

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
): AgentTool<typeof bashToolSchema, BashToolDetails> {
	const operations =
		options.operations ?? createLocalBashOperations({ shellPath: options.shellPath, killGraceMs: options.killGraceMs });
	return {
		name: "bash",
		label: "bash",
		description: `Execute a bash command in the current working directory. Returns stdout and stderr combined. Output is truncated to the last ${MAX_LINES} lines or ${formatSize(MAX_BYTES)} (whichever is hit first); when truncated, the full output is saved to a temp file you can read. Optionally provide a timeout in seconds.`,
		parameters: bashToolSchema,
		execute: async (_toolCallId, params, signal, onUpdate) => {
			const result = await executeBash(params.command, {
				cwd,
				commandPrefix: options.commandPrefix,
				timeoutSeconds: params.timeout,
				signal,
				operations,
				env: typeof options.env === "function" ? options.env() : options.env,
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
			if (failure !== undefined) throw new Error(text === "" ? failure : `${text.replace(/\n+$/, "")}\n\n${failure}`);
			return toToolResult(snapshot, text === "" ? "(no output)" : text);
		},
	};
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

function toToolResult(snapshot: OutputSnapshot, text: string): AgentToolResult<BashToolDetails> {
	const details: BashToolDetails = {};
	if (snapshot.truncation) details.truncation = snapshot.truncation;
	if (snapshot.fullOutputPath) details.fullOutputPath = snapshot.fullOutputPath;
	if (snapshot.fullOutputError) details.fullOutputError = snapshot.fullOutputError;
	return { content: [{ type: "text", text }], details };
}
