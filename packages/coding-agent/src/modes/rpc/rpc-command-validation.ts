// Field validation of RPC commands (rpc.md §8.5): required fields and JSON types are checked
// against the command's TypeBox schema before it runs; unknown extra fields are ignored.
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { RPC_COMMAND_SCHEMAS, type RpcCommand, type RpcCommandType } from "./rpc-command-schemas.js";

/** True when `type` names one of the commands. */
export function isRpcCommandType(type: string): type is RpcCommandType {
	return Object.hasOwn(RPC_COMMAND_SCHEMAS, type);
}

function describe(schema: TSchema): string {
	const record = schema as Record<string, unknown>;
	if (Array.isArray(record.anyOf)) {
		const values = (record.anyOf as Record<string, unknown>[]).map((option) => option.const);
		if (values.every((value) => typeof value === "string")) {
			return `one of ${values.map((value) => JSON.stringify(value)).join(", ")}`;
		}
	}
	switch (record.type) {
		case "string":
			return "a string";
		case "boolean":
			return "a boolean";
		case "number":
			return "a number";
		case "array": {
			const items = record.items as Record<string, unknown> | undefined;
			const itemType = (items?.properties as Record<string, Record<string, unknown>> | undefined)?.type?.const;
			return itemType === "image"
				? 'an array of images ({"type":"image","data":<base64>,"mimeType":<string>})'
				: "an array";
		}
		default:
			return "valid";
	}
}

/** Fields whose invalid values get their own reference texts (rpc.md §9.4.1, §9.5). */
const CUSTOM_FIELD_ERRORS: Partial<Record<RpcCommandType, { field: string; message: (value: unknown) => string }>> = {
	set_thinking_level: { field: "level", message: (value) => `Invalid thinking level: ${String(value)}` },
	set_steering_mode: { field: "mode", message: (value) => `Invalid mode: ${String(value)}` },
	set_follow_up_mode: { field: "mode", message: (value) => `Invalid mode: ${String(value)}` },
};

/**
 * Checks a command's fields; returns the error text of the first violation, or undefined when
 * the command is valid (then it may be treated as an `RpcCommand`).
 */
export function validateCommandFields(type: RpcCommandType, record: Record<string, unknown>): string | undefined {
	const schema = RPC_COMMAND_SCHEMAS[type] as unknown as {
		properties: Record<string, TSchema>;
		required?: string[];
	};
	const required = new Set(schema.required ?? []);
	const custom = CUSTOM_FIELD_ERRORS[type];
	for (const [field, fieldSchema] of Object.entries(schema.properties)) {
		if (field === "type" || field === "id") continue;
		const value = record[field];
		if (value === undefined && !required.has(field)) continue;
		if (value !== undefined && Value.Check(fieldSchema, value)) continue;
		if (custom?.field === field && value !== undefined) return custom.message(value);
		return `Invalid command "${type}": ${field} must be ${describe(fieldSchema)}`;
	}
	return undefined;
}

/** Narrows a validated record. */
export function asCommand(record: Record<string, unknown>): RpcCommand {
	return record as RpcCommand;
}
