import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RpcClient } from "../../src/modes/rpc/rpc-client.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

/** An "agent" that closes its stdin at once (so the client's writes fail with EPIPE), then explains and exits. */
function writeDyingAgent(): string {
	const dir = tempDir("pi-rpc-client-");
	const path = join(dir, "dying-agent.mjs");
	writeFileSync(
		path,
		[
			"import { closeSync } from 'node:fs';",
			"closeSync(0);",
			"setTimeout(() => { process.stderr.write('Error: the reason it died\\n'); process.exit(1); }, 300);",
		].join("\n"),
	);
	return path;
}

describe("RpcClient when the agent dies", () => {
	it("reports the exit code and stderr, not the EPIPE that came first", async () => {
		const client = new RpcClient({ cliPath: writeDyingAgent() });
		await client.start();
		await expect(client.getState()).rejects.toThrow(/Agent process exited \(code=1 .*the reason it died/s);
		await client.stop();
	});
});
