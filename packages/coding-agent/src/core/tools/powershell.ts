import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { Type } from "@pi/ai";
import { type BashToolDetails, type BashToolOptions, type bashToolSchema, createBashTool } from "./bash.js";
import { createLocalBashOperations } from "./bash-operations.js";
import type { ShellConfig } from "./shell-resolution.js";
import { formatSize, MAX_BYTES, MAX_LINES } from "./truncate.js";

/**
 * The `powershell` tool of pi 1.4: the bash tool's behaviour (streaming, truncation, timeout,
 * process-group kill) with PowerShell as the shell. It is a built-in on every platform, so `-t '*'`
 * and `-t powershell` offer it as 1.4 does; off Windows every call fails with 1.4's message.
 */

/** Parameters of the `powershell` tool (the bash tool's, described for PowerShell). */
export const powershellToolSchema = Type.Object({
	command: Type.String({ description: "PowerShell command to execute" }),
	timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional; no timeout by default)" })),
});

/** Arguments placed before the command: no profile, no prompts, scripts allowed. */
const POWERSHELL_ARGS = ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command"];

/** Windows PowerShell 5 writes the console code page by default; the output collector reads UTF-8. */
const UTF8_OUTPUT = "try { [Console]::OutputEncoding = [System.Text.Encoding]::UTF8 } catch {}\n";

/** The error every call gets off Windows (pi 1.4's wording, which the model and scripts see). */
export const POWERSHELL_WINDOWS_ONLY = "The powershell tool is only available on Windows.";

function onPath(executable: string, env: NodeJS.ProcessEnv): string | undefined {
	const pathKey = Object.keys(env).find((key) => key.toLowerCase() === "path") ?? "PATH";
	for (const dir of (env[pathKey] ?? "").split(delimiter)) {
		if (dir === "") continue;
		const candidate = join(dir, executable);
		if (existsSync(candidate)) return candidate;
	}
	return undefined;
}

/**
 * PowerShell 7 (`pwsh.exe` on PATH or in Program Files) before Windows PowerShell
 * (`powershell.exe` on PATH or in System32). Throws off Windows or when none is installed.
 */
export function resolvePowerShell(
	platform: NodeJS.Platform = process.platform,
	env: NodeJS.ProcessEnv = process.env,
): ShellConfig {
	if (platform !== "win32") throw new Error(POWERSHELL_WINDOWS_ONLY);
	const candidates = [
		onPath("pwsh.exe", env),
		env.ProgramFiles ? join(env.ProgramFiles, "PowerShell", "7", "pwsh.exe") : undefined,
		onPath("powershell.exe", env),
		env.SystemRoot ? join(env.SystemRoot, "System32", "WindowsPowerShell", "v1.0", "powershell.exe") : undefined,
	];
	const shell = candidates.find((candidate) => candidate !== undefined && existsSync(candidate));
	if (!shell) {
		throw new Error("No PowerShell executable found. Install PowerShell or add pwsh.exe or powershell.exe to PATH.");
	}
	return { shell, args: [...POWERSHELL_ARGS] };
}

/** Options of {@link createPowerShellTool}: the bash tool's, without `shellPath` (PowerShell is found on its own). */
export type PowerShellToolOptions = Omit<BashToolOptions, "shellPath">;

/** The `powershell` tool: runs a command with PowerShell in `cwd` (Windows only). */
export function createPowerShellTool(
	cwd: string,
	options: PowerShellToolOptions = {},
): AgentTool<typeof bashToolSchema, BashToolDetails | undefined> {
	const local = createLocalBashOperations({
		killGraceMs: options.killGraceMs,
		resolveShell: () => resolvePowerShell(),
	});
	const operations = options.operations ?? {
		exec: (command: string, dir: string, execOptions: Parameters<typeof local.exec>[2]) =>
			local.exec(`${UTF8_OUTPUT}${command}`, dir, execOptions),
	};
	const bash = createBashTool(cwd, { ...options, operations });
	return {
		...bash,
		name: "powershell",
		label: "powershell",
		description: `Execute a PowerShell command in the current working directory (Windows only). Returns stdout and stderr combined. Output is truncated to the last ${MAX_LINES} lines or ${formatSize(MAX_BYTES)} (whichever is hit first); when truncated, the full output is saved to a temp file you can read. Optionally provide a timeout in seconds.`,
		parameters: powershellToolSchema,
	};
}
