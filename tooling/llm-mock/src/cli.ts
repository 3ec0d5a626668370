#!/usr/bin/env node
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { type CliOptions, CliUsageError, parseCliArgs, USAGE } from "./cli-args.js";
import { findResponseProblem } from "./internal/validate-response.js";
import { startMockLlm } from "./server.js";
import type { MockResponse } from "./types.js";

/** Reads and checks the script file: a JSON array of plain-data responses. Throws `CliUsageError`. */
function loadScript(path: string): MockResponse[] {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		throw new CliUsageError(`cannot read --script ${path}: ${error instanceof Error ? error.message : String(error)}`);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new CliUsageError(`--script ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
	}
	if (!Array.isArray(parsed)) throw new CliUsageError(`--script ${path} must hold a JSON array of responses`);
	for (const [index, entry] of parsed.entries()) {
		const problem = findResponseProblem(entry);
		if (problem) throw new CliUsageError(`--script ${path}: entry ${index}: ${problem}`);
	}
	return parsed as MockResponse[];
}

async function run(options: CliOptions): Promise<void> {
	const script = options.script === undefined ? [] : loadScript(options.script);
	const record = options.record;
	if (record !== undefined) writeFileSync(record, "");
	const mock = await startMockLlm({
		port: options.port,
		host: options.host,
		models: options.models,
		// Synchronous append: the line is on disk before the response starts, so a reader never races it.
		onRequest: record === undefined ? undefined : (request) => appendFileSync(record, `${JSON.stringify(request)}\n`),
	});
	mock.enqueue(...script);
	process.stdout.write(`${mock.url}\n`);
	const stop = (): void => {
		mock.close().then(
			() => process.exit(0),
			(error: unknown) => {
				process.stderr.write(`llm-mock: error while closing: ${String(error)}\n`);
				process.exit(1);
			},
		);
	};
	process.once("SIGTERM", stop);
	process.once("SIGINT", stop);
}

function main(): void {
	let options: CliOptions;
	try {
		options = parseCliArgs(process.argv.slice(2));
	} catch (error) {
		if (!(error instanceof CliUsageError)) throw error;
		process.stderr.write(`llm-mock: ${error.message}\n\n${USAGE}\n`);
		process.exit(2);
	}
	if (options.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	run(options).catch((error: unknown) => {
		if (error instanceof CliUsageError) {
			process.stderr.write(`llm-mock: ${error.message}\n`);
			process.exit(2);
		}
		process.stderr.write(`llm-mock: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}

main();
