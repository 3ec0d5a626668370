// A package contributing MCP servers (issue 21, beyond pi 1.4): `"pi": { "mcp": "./mcp.json" }`
// in package.json; the built-in MCP extension starts them with the package folder as their cwd.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";
import { writePackage } from "./support/package-servers.js";

const TEST_SERVER = fileURLToPath(new URL("./fixtures/mcp-test-server.mjs", import.meta.url));

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "anthropic-messages");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

function lastMessage(index: number): string {
	return JSON.stringify((mock.requests[index]?.body as { messages: unknown[] } | undefined)?.messages.at(-1));
}

describe("MCP servers from a package", () => {
	it("an installed package's mcp.json server runs (relative args from the package folder) and its tools work in a turn", async () => {
		const dir = join(env.root, "with-mcp");
		writePackage(dir, {
			"package.json": JSON.stringify({ name: "pi-with-mcp", version: "1.0.0", pi: { mcp: "./mcp.json" } }),
			"mcp.json": JSON.stringify({
				mcpServers: { pkgsrv: { command: process.execPath, args: ["./server.mjs"], exposure: "direct" } },
			}),
			"server.mjs": `import ${JSON.stringify(TEST_SERVER)};\n`,
		});
		const installed = await runPi(env, ["install", dir]);
		expect(installed.code).toBe(0);
		expect(installed.stdout).toContain("MCP servers from ./mcp.json");
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_1", name: "mcp__pkgsrv__shout", arguments: { text: "hi" } }],
			},
			{ type: "reply", blocks: [{ type: "text", text: "Done." }] },
		);
		const result = await runPi(env, ["-p", "go"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(lastMessage(1)).toContain("HI");
		// -ne: no extensions, so no MCP and no package server either.
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await runPi(env, ["-ne", "-p", "hi"]);
		const body = mock.requests.at(-1)?.body as { tools?: { name: string }[] } | undefined;
		const tools = (body?.tools ?? []).map((t) => t.name);
		expect(tools).not.toContain("mcp__pkgsrv__shout");
	});
});
