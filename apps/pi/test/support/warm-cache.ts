// vitest globalSetup of the e2e suite: users run pi more than once, so the spawned pi of every e2e
// test finds a compile cache (XDG_CACHE_HOME) that earlier pi runs have already written, as on a
// user's machine from the second run on, instead of a pristine one. The warming runs cover the
// paths most tests take (print, JSON, RPC, each with an extension, and --version); whatever a test
// then compiles that is not cached yet is added by that test's own pi, several at once, as happens
// when a user runs several pi processes.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockLlm } from "@pi/llm-mock";
import type { TestProject } from "vitest/node";
import { useMockProvider } from "./mock-provider.js";
import { createPiTestEnv } from "./pi-env.js";
import { PI_CLI } from "./spawn-pi.js";

declare module "vitest" {
	export interface ProvidedContext {
		/** The shared, already warmed XDG_CACHE_HOME of the e2e tests' pi runs. */
		piWarmCacheHome: string;
	}
}

/** An extension with a command, a tool and a host-module import (see the fixture). */
export const WARM_EXTENSION = join(import.meta.dirname, "..", "fixtures", "warm-extension.ts");

const WARMING_RUNS: readonly { args: readonly string[]; stdin?: string }[] = [
	{ args: ["--version"] },
	{ args: ["-e", WARM_EXTENSION, "-p", "hi"] },
	{ args: ["-e", WARM_EXTENSION, "--mode", "json", "hi"] },
	{ args: ["-e", WARM_EXTENSION, "--mode", "rpc"], stdin: '{"type":"get_commands"}\n{"type":"get_state"}\n' },
];

export default async function warmCache(project: TestProject): Promise<() => void> {
	const cacheHome = mkdtempSync(join(tmpdir(), "pi-e2e-warm-cache-"));
	project.provide("piWarmCacheHome", cacheHome);
	const removeCache = () => rmSync(cacheHome, { recursive: true, force: true });
	// Not built: every test says so itself (spawn-pi.ts); there is nothing to warm.
	if (!existsSync(PI_CLI)) return removeCache;
	const mock = await startMockLlm();
	const env = createPiTestEnv({ XDG_CACHE_HOME: cacheHome });
	try {
		useMockProvider(env, mock);
		for (const { args, stdin } of WARMING_RUNS) {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "warm" }] });
			const { code, stderr } = await runPi(args, stdin, env.env, env.cwd);
			if (code !== 0 || stderr !== "") {
				throw new Error(`warming the e2e compile cache: pi ${args.join(" ")} exited ${code}\n${stderr}`);
			}
		}
	} finally {
		await mock.close();
		env.cleanup();
	}
	return removeCache;
}

/** Runs pi without blocking this process's event loop, which the mock answers on. */
function runPi(
	args: readonly string[],
	stdin: string | undefined,
	env: NodeJS.ProcessEnv,
	cwd: string,
): Promise<{ code: number | null; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [PI_CLI, ...args], { cwd, env, stdio: ["pipe", "ignore", "pipe"] });
		let stderr = "";
		child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
			stderr += chunk;
		});
		child.on("error", reject);
		child.on("close", (code) => resolve({ code, stderr }));
		child.stdin.end(stdin ?? "");
	});
}
