// RPC e2e helpers: a raw JSONL connection to the built `pi --mode rpc` that validates every
// record in both directions against the published schema (rpc.md §16.3).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { attachJsonlLineReader, serializeJsonLine } from "@pi/coding-agent";
import { Ajv2020 } from "ajv/dist/2020.js";
import { PI_CLI, type PiTestEnv } from "./support/index.js";

const schemaPath = createRequire(import.meta.url).resolve("@pi/coding-agent/rpc-schema.json");
const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as { $id: string };
const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addSchema(schema);
const validateInput = ajv.getSchema(`${schema.$id}#/$defs/RpcInputRecord`)!;
const validateOutput = ajv.getSchema(`${schema.$id}#/$defs/RpcOutputRecord`)!;

export type WireRecord = Record<string, unknown> & { type?: unknown; id?: unknown };

/** A live `pi --mode rpc` with every stdout record kept. */
export interface RpcConnection {
	child: ChildProcessWithoutNullStreams;
	records: WireRecord[];
	/** Records that failed the output schema, and inputs sent as valid that failed the input schema. */
	schemaFailures: string[];
	stderr(): string;
	/** Writes one record; `valid: false` marks deliberate bad input (not schema-checked). */
	send(record: unknown, options?: { valid?: boolean }): void;
	/** Writes raw text (bad framing tests). */
	write(text: string | Uint8Array): void;
	/** Sends a command and resolves with its response. */
	request(record: WireRecord): Promise<WireRecord>;
	waitFor(predicate: (record: WireRecord) => boolean, timeoutMs?: number): Promise<WireRecord>;
	/** Closes stdin and resolves with the exit code. */
	close(): Promise<number | null>;
	exited: Promise<number | null>;
}

let nextId = 1;

/** Spawns `pi --mode rpc <args>` in the test env. */
export function connectRpc(env: PiTestEnv, args: readonly string[] = ["--no-session"]): RpcConnection {
	const child = spawn(process.execPath, [PI_CLI, "--mode", "rpc", ...args], {
		cwd: env.cwd,
		env: env.env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	const records: WireRecord[] = [];
	const schemaFailures: string[] = [];
	const waiters: { predicate: (record: WireRecord) => boolean; resolve: (record: WireRecord) => void }[] = [];
	let stderr = "";
	child.stderr.setEncoding("utf8");
	child.stderr.on("data", (chunk: string) => {
		stderr += chunk;
	});
	// A record sent to a pi that has exited fails with EPIPE: the test sees the exit (waitFor rejects);
	// it must not become an unhandled error that fails the whole run.
	child.stdin.on("error", (error: NodeJS.ErrnoException) => {
		if (error.code !== "EPIPE") throw error;
	});
	attachJsonlLineReader(child.stdout, (line) => {
		const record = JSON.parse(line) as WireRecord;
		if (!validateOutput(record)) {
			schemaFailures.push(`out ${line.slice(0, 300)} → ${ajv.errorsText(validateOutput.errors?.slice(0, 3))}`);
		}
		records.push(record);
		for (const waiter of [...waiters]) {
			if (waiter.predicate(record)) {
				waiters.splice(waiters.indexOf(waiter), 1);
				waiter.resolve(record);
			}
		}
	});
	const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
	const waitFor = (predicate: (record: WireRecord) => boolean, timeoutMs = 15_000): Promise<WireRecord> => {
		const seen = records.find(predicate);
		if (seen) return Promise.resolve(seen);
		return new Promise((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error(`timed out waiting for a record; last: ${JSON.stringify(records.at(-1))}\n${stderr}`)),
				timeoutMs,
			);
			waiters.push({
				predicate,
				resolve: (record) => {
					clearTimeout(timer);
					resolve(record);
				},
			});
			void exited.then(() => {
				clearTimeout(timer);
				reject(new Error(`pi exited before the expected record:\n${stderr}`));
			});
		});
	};
	const send = (record: unknown, options: { valid?: boolean } = {}): void => {
		if (options.valid !== false && !validateInput(record)) {
			schemaFailures.push(
				`in ${JSON.stringify(record).slice(0, 300)} → ${ajv.errorsText(validateInput.errors?.slice(0, 3))}`,
			);
		}
		child.stdin.write(serializeJsonLine(record));
	};
	return {
		child,
		records,
		schemaFailures,
		stderr: () => stderr,
		send,
		write: (text) => child.stdin.write(text),
		request: (record) => {
			const id = record.id ?? `r${nextId++}`;
			const response = waitFor((candidate) => candidate.type === "response" && candidate.id === id);
			send({ ...record, id });
			return response;
		},
		waitFor,
		close: () => {
			child.stdin.end();
			return exited;
		},
		exited,
	};
}
