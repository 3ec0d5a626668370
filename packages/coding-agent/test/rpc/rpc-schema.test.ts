import { readFileSync, writeFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { RPC_COMMAND_TYPES } from "../../src/modes/rpc/rpc-command-schemas.js";
import { RPC_EVENT_SCHEMAS, RPC_RESPONSE_DATA_SCHEMAS } from "../../src/modes/rpc/rpc-output-schemas.js";
import { buildRpcJsonSchema } from "../../src/modes/rpc/rpc-schema.js";
import { schemaErrors } from "./rpc-schema-validator.js";

const docsFile = process.env.RPC_DOCS_FILE ?? new URL("../../docs/rpc.md", import.meta.url);
const schemaFile = new URL("../../schemas/rpc.schema.json", import.meta.url);
const generated = `${JSON.stringify(buildRpcJsonSchema(), null, "\t")}\n`;
if (process.env.UPDATE_RPC_SCHEMA === "1") writeFileSync(schemaFile, generated);

/** Every line of a ```json block in a markdown file that parses as a JSON value, and each multi-line block as one value. */
function jsonExamples(markdown: string): unknown[] {
	const examples: unknown[] = [];
	for (const match of markdown.matchAll(/```json\n([\s\S]*?)```/g)) {
		const block = match[1]!;
		try {
			examples.push(JSON.parse(block));
			continue;
		} catch {
			// Not one value: one record per line.
		}
		for (const line of block.split("\n")) if (line.trim()) examples.push(JSON.parse(line));
	}
	return examples;
}

function classify(record: Record<string, unknown>): "RpcInputRecord" | "RpcOutputRecord" | "JsonModeRecord" | "data" {
	if (record.type === "response" || record.type === "extension_ui_request") return "RpcOutputRecord";
	if (record.type === "session") return "JsonModeRecord";
	if (record.type === "extension_ui_response") return "RpcInputRecord";
	if (typeof record.type === "string" && (RPC_COMMAND_TYPES as string[]).includes(record.type)) return "RpcInputRecord";
	if (typeof record.type === "string" && record.type in RPC_EVENT_SCHEMAS) return "RpcOutputRecord";
	return "data";
}

describe("rpc.schema.json", () => {
	it("is exactly what the TypeBox definitions generate (UPDATE_RPC_SCHEMA=1 rewrites it)", () => {
		expect(readFileSync(schemaFile, "utf8")).toBe(generated);
	});

	it("compiles under ajv's strict draft 2020-12 mode with the three entry points", () => {
		const schema = buildRpcJsonSchema() as { $defs: Record<string, unknown> };
		const ajv = new Ajv2020({ strict: true });
		expect(() => ajv.compile(schema)).not.toThrow();
		for (const entry of ["RpcInputRecord", "RpcOutputRecord", "JsonModeRecord"])
			expect(schema.$defs[entry]).toBeDefined();
	});

	it("defines a command and a success response for each of the 40 commands, and the 23 events", () => {
		expect(RPC_COMMAND_TYPES).toHaveLength(40);
		expect(Object.keys(RPC_RESPONSE_DATA_SCHEMAS).sort()).toEqual([...RPC_COMMAND_TYPES].sort());
		expect(Object.keys(RPC_EVENT_SCHEMAS)).toHaveLength(23);
	});

	it("rejects what the protocol forbids", () => {
		expect(schemaErrors("RpcInputRecord", { type: "prompt" })).toBeDefined();
		expect(schemaErrors("RpcInputRecord", { type: "set_thinking_level", level: "huge" })).toBeDefined();
		expect(
			schemaErrors("RpcOutputRecord", { type: "response", command: "abort", success: true, data: {} }),
		).toBeDefined();
		expect(
			schemaErrors("RpcOutputRecord", {
				type: "extension_ui_request",
				id: "x",
				method: "select",
				title: "t",
				options: [],
				timeout: 0,
			}),
		).toBeDefined();
	});

	it("validates every JSON example of docs/rpc.md", () => {
		const docs = readFileSync(docsFile, "utf8");
		const examples = jsonExamples(docs);
		expect(examples.length).toBeGreaterThan(40);
		const failures: string[] = [];
		for (const example of examples) {
			if (typeof example !== "object" || example === null) continue;
			const entry = classify(example as Record<string, unknown>);
			if (entry === "data") continue;
			const errors = schemaErrors(entry, example);
			if (errors) failures.push(`${JSON.stringify(example).slice(0, 160)}\n  → ${errors}`);
		}
		expect(failures).toEqual([]);
	});
});
