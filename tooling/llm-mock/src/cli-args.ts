/** Parsed command line of `llm-mock`. */
export interface CliOptions {
	port: number;
	host: string;
	/** JSON file holding an array of plain-data MockResponse values. */
	script: string | undefined;
	/** JSONL file that receives one line per recorded request. */
	record: string | undefined;
	models: string[] | undefined;
	help: boolean;
}

/** A wrong command line; the CLI prints the message and exits 2. */
export class CliUsageError extends Error {
	readonly code = "LLM_MOCK_USAGE";

	constructor(message: string) {
		super(message);
		this.name = "CliUsageError";
	}
}

/** Usage text printed by `--help` and after a usage error. */
export const USAGE = `Usage: llm-mock [--port N] [--host ADDR] [--script FILE.json] [--record FILE.jsonl] [--models a,b]

Starts the loopback LLM mock and prints its URL as the first line of stdout.
  --port N        port to listen on (default 0: an ephemeral port)
  --host ADDR     address to bind (default 127.0.0.1)
  --script FILE   JSON array of responses to queue (reply, error, raw)
  --record FILE   append every received request to FILE as one JSON line
  --models a,b    ids listed by GET /models
Stops cleanly on SIGTERM or SIGINT.`;

const VALUE_FLAGS = new Set(["--port", "--host", "--script", "--record", "--models"]);

/** Parses `argv` (without node and script path). Accepts `--flag value` and `--flag=value`. Throws `CliUsageError`. */
export function parseCliArgs(argv: string[]): CliOptions {
	const options: CliOptions = {
		port: 0,
		host: "127.0.0.1",
		script: undefined,
		record: undefined,
		models: undefined,
		help: false,
	};
	for (let index = 0; index < argv.length; index++) {
		const argument = argv[index] ?? "";
		if (argument === "--help" || argument === "-h") {
			options.help = true;
			continue;
		}
		const equals = argument.indexOf("=");
		const flag = equals === -1 ? argument : argument.slice(0, equals);
		if (!VALUE_FLAGS.has(flag)) throw new CliUsageError(`unknown argument "${argument}"`);
		const value = equals === -1 ? argv[++index] : argument.slice(equals + 1);
		if (value === undefined || value === "") throw new CliUsageError(`${flag} needs a value`);
		applyFlag(options, flag, value);
	}
	return options;
}

function applyFlag(options: CliOptions, flag: string, value: string): void {
	switch (flag) {
		case "--port": {
			const port = Number(value);
			if (!Number.isInteger(port) || port < 0 || port > 65535) {
				throw new CliUsageError(`--port must be an integer from 0 to 65535, got "${value}"`);
			}
			options.port = port;
			return;
		}
		case "--host":
			options.host = value;
			return;
		case "--script":
			options.script = value;
			return;
		case "--record":
			options.record = value;
			return;
		case "--models":
			options.models = value
				.split(",")
				.map((model) => model.trim())
				.filter((model) => model !== "");
			return;
	}
}
