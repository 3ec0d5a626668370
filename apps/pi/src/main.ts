import { readFileSync } from "node:fs";

const USAGE = `Usage: pi [--version | --help]

The run modes (interactive, -p, --mode json, --mode rpc) are not in this build yet.
Meanwhile, embed the agent with the SDK: createAgentSession() from @pi/coding-agent.`;

function readVersion(): string {
	const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
		version: string;
	};
	return packageJson.version;
}

/** Entry point of the `pi` binary; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
	const [first] = argv;
	if (first === "--version" || first === "-v") {
		console.log(readVersion());
		return 0;
	}
	if (first === undefined || first === "--help" || first === "-h") {
		console.log(`pi ${readVersion()}: a coding agent for the terminal.\n\n${USAGE}`);
		return 0;
	}
	console.error(`pi: "${first}" is not supported by this build yet.\n\n${USAGE}`);
	return 1;
}
