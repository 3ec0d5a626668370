import { readFileSync } from "node:fs";
import { main as runPi } from "@pi/coding-agent/cli";
import { builtinExtensions } from "./builtin-extensions.js";

function readVersion(): string {
	const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
		version: string;
	};
	return packageJson.version;
}

/** Entry point of the `pi` binary; resolves with the process exit code. */
export function main(argv: readonly string[]): Promise<number> {
	return runPi(argv, { version: readVersion(), extensionFactories: builtinExtensions });
}
