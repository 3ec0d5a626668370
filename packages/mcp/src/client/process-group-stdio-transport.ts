import { type ChildProcess, spawn } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { trackProcessGroup, untrackProcessGroup } from "./process-groups.js";

/** Lines of stderr kept to explain a failed server. */
const STDERR_TAIL_LINES = 20;

export interface StdioServerLaunch {
	command: string;
	args: readonly string[];
	env: NodeJS.ProcessEnv;
	cwd: string;
}

/**
 * The MCP stdio transport (the SDK's framing: ReadBuffer/serializeMessage) over a child started
 * in its own process group, so stopping it also stops what a wrapper such as `npx` or `uvx`
 * started. The SDK's own StdioClientTransport signals only the direct child.
 */
export class ProcessGroupStdioTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;

	private child: ChildProcess | undefined;
	private readonly buffer = new ReadBuffer();
	private stderrLines: string[] = [];
	private closed = false;

	constructor(private readonly launch: StdioServerLaunch) {}

	/** The last lines the server wrote to stderr. */
	get stderrTail(): string {
		return this.stderrLines.join("\n");
	}

	start(): Promise<void> {
		return new Promise((resolve, reject) => {
			const child = spawn(this.launch.command, [...this.launch.args], {
				cwd: this.launch.cwd,
				env: this.launch.env,
				stdio: ["pipe", "pipe", "pipe"],
				detached: process.platform !== "win32",
				windowsHide: true,
			});
			this.child = child;
			child.on("error", (error) => {
				reject(error);
				this.onerror?.(error);
			});
			child.on("spawn", () => {
				if (child.pid !== undefined) trackProcessGroup(child.pid);
				resolve();
			});
			child.on("close", () => {
				if (child.pid !== undefined) untrackProcessGroup(child.pid);
				this.child = undefined;
				if (!this.closed) {
					this.closed = true;
					this.onclose?.();
				}
			});
			child.stdin?.on("error", (error) => this.onerror?.(error));
			child.stdout?.on("data", (chunk: Buffer) => {
				this.buffer.append(chunk);
				for (;;) {
					let message: JSONRPCMessage | null;
					try {
						message = this.buffer.readMessage();
					} catch (error) {
						this.onerror?.(error as Error);
						continue;
					}
					if (message === null) break;
					this.onmessage?.(message);
				}
			});
			child.stderr?.on("data", (chunk: Buffer) => {
				const lines = [
					...this.stderrLines,
					...chunk
						.toString("utf8")
						.split("\n")
						.filter((line) => line.trim()),
				];
				this.stderrLines = lines.slice(-STDERR_TAIL_LINES);
			});
		});
	}

	send(message: JSONRPCMessage): Promise<void> {
		return new Promise((resolve) => {
			const stdin = this.child?.stdin;
			if (!stdin || stdin.destroyed) throw new Error("MCP server is not running");
			if (stdin.write(serializeMessage(message))) resolve();
			else stdin.once("drain", resolve);
		});
	}

	/** Closes stdin, then SIGTERM, then SIGKILL to the whole process group (MCP's stdio shutdown). */
	async close(): Promise<void> {
		const child = this.child;
		this.closed = true;
		if (!child || child.pid === undefined) {
			this.onclose?.();
			return;
		}
		const pid = child.pid;
		const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
		const waitFor = (ms: number) =>
			Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
		child.stdin?.end();
		if (!(await waitFor(500))) {
			signalGroup(pid, "SIGTERM");
			if (!(await waitFor(1000))) signalGroup(pid, "SIGKILL");
		}
		// The wrapper may have exited while its children still run.
		signalGroup(pid, "SIGKILL");
		untrackProcessGroup(pid);
		this.onclose?.();
	}
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(process.platform === "win32" ? pid : -pid, signal);
	} catch {
		// Already gone.
	}
}
