import type { UserBashEvent, UserBashResult } from "../extensions/extension-events.js";
import type { BashExecutionMessage } from "../messages.js";
import { executeBash } from "../tools/bash-executor.js";
import { createLocalBashOperations } from "../tools/bash-operations.js";
import type { AgentSessionEvent } from "./agent-session-events.js";

/** The result of a user bash command (rpc.md §9.8.1 `BashResult`). */
export interface BashResult {
	output: string;
	/** Absent when the process was killed or cancelled. */
	exitCode?: number;
	cancelled: boolean;
	truncated: boolean;
	/** Only when truncated. */
	fullOutputPath?: string;
}

/** What user bash needs from its session. */
export interface SessionBashHost {
	cwd(): string;
	shellPath?: string;
	shellCommandPrefix?: string;
	emit(event: AgentSessionEvent): void;
	/** True while a run is in progress: results are then held until the next prompt. */
	isBusy(): boolean;
	/** Appends the message to the session and the Agent's context. */
	store(message: BashExecutionMessage): void;
	/** Asks extensions (`user_bash`) whether to run the command elsewhere or answer it themselves. */
	userBash?(event: Omit<UserBashEvent, "type">): Promise<UserBashResult | undefined>;
}

/**
 * User shell commands (`!cmd`, RPC `bash`): same engine and limits as the bash tool, output
 * streamed as `bash_execution_update`, result kept as a `bashExecution` message that reaches the
 * model with the next prompt.
 */
export class SessionBash {
	private readonly running = new Set<AbortController>();
	private readonly pending: BashExecutionMessage[] = [];

	constructor(private readonly host: SessionBashHost) {}

	async execute(command: string, options: { excludeFromContext?: boolean; id?: unknown } = {}): Promise<BashResult> {
		const controller = new AbortController();
		this.running.add(controller);
		try {
			const decision = await this.host.userBash?.({
				command,
				excludeFromContext: options.excludeFromContext === true,
				cwd: this.host.cwd(),
			});
			const result = decision?.result
				? {
						...decision.result,
						cancelled: decision.result.cancelled === true,
						truncated: decision.result.truncated === true,
					}
				: await executeBash(command, {
						cwd: this.host.cwd(),
						commandPrefix: this.host.shellCommandPrefix,
						signal: controller.signal,
						operations:
							decision?.operations ??
							createLocalBashOperations(this.host.shellPath ? { shellPath: this.host.shellPath } : undefined),
						onChunk: (delta) =>
							this.host.emit({
								type: "bash_execution_update",
								...(options.id !== undefined ? { id: options.id } : {}),
								delta,
							}),
					});
			const bashResult: BashResult = {
				output: result.output,
				...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
				cancelled: result.cancelled,
				truncated: result.truncated,
				...(result.truncated && result.fullOutputPath ? { fullOutputPath: result.fullOutputPath } : {}),
			};
			const message: BashExecutionMessage = {
				role: "bashExecution",
				command,
				output: bashResult.output,
				exitCode: bashResult.exitCode,
				cancelled: bashResult.cancelled,
				truncated: bashResult.truncated,
				...(bashResult.fullOutputPath ? { fullOutputPath: bashResult.fullOutputPath } : {}),
				...(options.excludeFromContext ? { excludeFromContext: true } : {}),
				timestamp: Date.now(),
			};
			if (this.host.isBusy()) this.pending.push(message);
			else this.host.store(message);
			return bashResult;
		} finally {
			this.running.delete(controller);
		}
	}

	/** Kills every running command. */
	abortAll(): void {
		for (const controller of this.running) controller.abort();
	}

	/** Stores messages held while the agent was streaming (called before the next prompt). */
	flushPending(): void {
		for (const message of this.pending.splice(0)) this.host.store(message);
	}
}
