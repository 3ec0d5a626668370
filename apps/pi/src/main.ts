import { readFileSync } from "node:fs";
import { main as runPi } from "@pi/coding-agent/cli";
import { createBuiltinExtensions } from "./builtin-extensions.js";

function readPackageJson(): { name: string; version: string } {
	return JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
		name: string;
		version: string;
	};
}

/** Entry point of the `pi` binary; resolves with the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
	const { name: packageName, version } = readPackageJson();
	// `pi mcp …` works without a session and loads no extension (the MCP package's own CLI).
	if (argv[0] === "mcp") return (await import("@pi/mcp/cli")).runMcpCommand(argv.slice(1), { version });
	return runPi(argv, { version, packageName, extensionFactories: createBuiltinExtensions(version) });
}
