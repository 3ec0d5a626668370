import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentToolResult } from "@pi/agent-core";

/** Creates a fresh temp directory under os.tmpdir() and remembers it for {@link removeTempDirs}. */
export function makeTempDir(created: string[], prefix = "pi-tools-test-"): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	created.push(dir);
	return dir;
}

/** Removes every directory made by {@link makeTempDir} (call from afterEach). */
export function removeTempDirs(created: string[]): void {
	for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The concatenated text blocks of a tool result. */
export function textOf(result: AgentToolResult<unknown>): string {
	return result.content
		.filter((block): block is { type: "text"; text: string } => block.type === "text")
		.map((block) => block.text)
		.join("\n");
}

/** The message of the error `promise` rejects with; fails the test when it resolves. */
export async function errorMessageOf(promise: Promise<unknown>): Promise<string> {
	try {
		await promise;
	} catch (error) {
		return error instanceof Error ? error.message : String(error);
	}
	throw new Error("expected the promise to reject, but it resolved");
}
