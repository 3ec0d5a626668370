import { readFileSync } from "node:fs";

const USAGE = `Usage: pi [options] [messages...]

  -p, --print        print the reply and exit
  --mode <mode>      text | json | rpc
  -v, --version      print the version
  -h, --help         show this help`;

function readVersion(): string {
	const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
		version: string;
	};
	return packageJson.version;
}

/** Entry point of the `pi` binary; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
	if (argv.includes("--version") || argv.includes("-v")) {
		console.log(readVersion());
		return 0;
	}
	console.log(`pi ${readVersion()}\n\n${USAGE}`);
	return 0;
}
