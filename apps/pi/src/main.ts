import { readFileSync } from "node:fs";
import { main as runPi } from "@pi/coding-agent/cli";
import { createBuiltinExtensions } from "./builtin-extensions.js";

function readVersion(): string {
	const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
		version: string;
	};
	return packageJson.version;
}

/** Entry point of the `pi` binary; resolves with the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
	const version = readVersion();
	// `pi mcp …` works without a session and loads no extension (the MCP package's own CLI).
	if (argv[0] === "mcp") return (await import("@pi/mcp/cli")).runMcpCommand(argv.slice(1), { version });
	return runPi(argv, { version, extensionFactories: createBuiltinExtensions(version) });
}
