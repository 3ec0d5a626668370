import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname } from "node:path";
import type {
	CreateTerminalRequest,
	TerminalOutputResponse,
	WaitForTerminalExitResponse,
} from "@agentclientprotocol/sdk";
import type { BashOperations } from "../../core/tools/bash-operations.js";
import type { EditOperations, WriteOperations } from "../../core/tools/mutation-operations.js";
import type { ReadOperations } from "../../core/tools/read-operations.js";
import { resolveShell } from "../../core/tools/shell-resolution.js";

// The tools' operation seams routed through the editor (ACP client capabilities): `fs/*` so the
// tools see unsaved buffers and edits land in the editor, `terminal/*` so bash runs in the
// editor's terminal. Each is used only when the client advertised it.

/** The editor's file system, as far as the client offers it. */
export interface AcpFsPort {
	readTextFile(path: string): Promise<string>;
	writeTextFile(path: string, content: string): Promise<void>;
}

/** A terminal the client created (the SDK's TerminalHandle has this shape). */
export interface AcpTerminal {
	id: string;
	currentOutput(): Promise<TerminalOutputResponse>;
	waitForExit(): Promise<WaitForTerminalExitResponse>;
	kill(): Promise<unknown>;
	release(): Promise<unknown>;
}

export interface AcpTerminalPort {
	createTerminal(request: Omit<CreateTerminalRequest, "sessionId">): Promise<AcpTerminal>;
	/** Tells the client which terminal shows the running bash call. */
	onTerminalCreated(terminalId: string): void;
}

/** Binary formats the read tool handles locally (the client's fs only serves text). */
const LOCAL_ONLY_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".pdf", ".ico"]);

/** Read through the editor: its buffer when it has one; images and directories stay local. */
export function createAcpReadOperations(fs: AcpFsPort): ReadOperations {
	const cache = new Map<string, string>();
	const readRemote = async (absolutePath: string): Promise<string> => {
		const cached = cache.get(absolutePath);
		if (cached !== undefined) return cached;
		const content = await fs.readTextFile(absolutePath);
		// Held only between stat and the read that follows it.
		cache.set(absolutePath, content);
		setTimeout(() => cache.delete(absolutePath), 1000).unref();
		return content;
	};
	return {
		stat: async (absolutePath) => {
			const local = await stat(absolutePath).catch(() => undefined);
			if (local?.isDirectory() || LOCAL_ONLY_EXTENSIONS.has(extname(absolutePath).toLowerCase()))
				return { isDirectory: local?.isDirectory() ?? false, size: local?.size ?? 0 };
			try {
				return { isDirectory: false, size: Buffer.byteLength(await readRemote(absolutePath)) };
			} catch (error) {
				if (local) return { isDirectory: false, size: local.size };
				throw Object.assign(new Error(`ENOENT: ${errorText(error)}`), { code: "ENOENT" });
			}
		},
		readStream: (absolutePath) => {
			if (LOCAL_ONLY_EXTENSIONS.has(extname(absolutePath).toLowerCase())) return createReadStream(absolutePath);
			return (async function* () {
				yield Buffer.from(await readRemote(absolutePath), "utf8");
			})();
		},
	};
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Write through the editor: the file (and its buffer) is created or replaced there. */
export function createAcpWriteOperations(fs: AcpFsPort, local: WriteOperations): WriteOperations {
	return {
		mkdir: (absoluteDir) => local.mkdir(absoluteDir),
		writeFile: (absolutePath, content) => fs.writeTextFile(absolutePath, content),
	};
}

/** Edit through the editor: read its buffer, write the result back to it. */
export function createAcpEditOperations(fs: AcpFsPort, canRead: boolean, local: EditOperations): EditOperations {
	return {
		readFile: async (absolutePath) =>
			canRead ? Buffer.from(await fs.readTextFile(absolutePath), "utf8") : local.readFile(absolutePath),
		writeFile: (absolutePath, content) => fs.writeTextFile(absolutePath, content),
	};
}

const POLL_MS = 100;

/** Bash in the editor's terminal; output is polled and forwarded as it grows. */
export function createAcpBashOperations(port: AcpTerminalPort, shellPath?: string): BashOperations {
	return {
		exec: async (command, cwd, options) => {
			const { shell, args } = resolveShell(shellPath);
			const terminal = await port.createTerminal({ command: shell, args: [...args, command], cwd });
			port.onTerminalCreated(terminal.id);
			let sent = 0;
			const forward = (output: string): void => {
				// The client keeps the tail when it truncates; forward only what is new.
				if (output.length < sent) sent = 0;
				if (output.length > sent) options.onData(Buffer.from(output.slice(sent), "utf8"), "stdout");
				sent = output.length;
			};
			const onAbort = (): void => {
				terminal.kill().catch(() => undefined);
			};
			options.signal.addEventListener("abort", onAbort, { once: true });
			if (options.signal.aborted) onAbort();
			let done = false;
			const exited = terminal.waitForExit().finally(() => {
				done = true;
			});
			try {
				while (!done) {
					await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
					if (!done) forward((await terminal.currentOutput()).output);
				}
				const status = await exited;
				forward((await terminal.currentOutput()).output);
				return { exitCode: status.exitCode ?? null, signal: status.signal ?? null };
			} finally {
				options.signal.removeEventListener("abort", onAbort);
				await terminal.release().catch(() => undefined);
			}
		},
	};
}
