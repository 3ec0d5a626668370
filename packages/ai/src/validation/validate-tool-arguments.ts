import type { Static, TSchema } from "@sinclair/typebox";
import { type ValueError, ValueErrorType } from "@sinclair/typebox/errors";
import { Value } from "@sinclair/typebox/value";
import type { Tool, ToolCall } from "../types.js";
import { validateToolSchema } from "./validate-tool-schema.js";

/**
 * Validates a tool call's arguments against the tool's parameter schema and returns them,
 * coerced where the schema allows (`"5"` → 5 for number fields, `"true"` → true for booleans,
 * 5 → "5" for string fields). Uses TypeBox's `Value` module (no code generation, so it runs
 * where `new Function` is forbidden). The input object is never mutated.
 *
 * Throws an `Error` listing every failing path, e.g.
 * `Validation failed for tool "read":\n  - path: must be string\n\nReceived arguments:\n{…}`,
 * or `InvalidToolSchemaError` when the tool's schema itself is malformed.
 */
export function validateToolArguments<TParams extends TSchema>(
	tool: Tool<TParams>,
	toolCall: ToolCall,
): Static<TParams> {
	const schema = validateToolSchema(tool);
	const converted: unknown = Value.Convert(schema, structuredClone(toolCall.arguments));
	if (Value.Check(schema, converted)) return converted as Static<TParams>;
	const lines = formatErrors([...Value.Errors(schema, converted)]);
	throw new Error(
		`Validation failed for tool "${toolCall.name}":\n${lines.join("\n")}\n\nReceived arguments:\n${JSON.stringify(toolCall.arguments, null, 2)}`,
	);
}

/**
 * Finds the tool named by `toolCall.name` and validates the call against it.
 * Throws `Tool "x" not found` when no tool has that name; otherwise as `validateToolArguments`.
 */
export function validateToolCall(tools: readonly Tool[], toolCall: ToolCall): Record<string, unknown> {
	const tool = tools.find((candidate) => candidate.name === toolCall.name);
	if (!tool) throw new Error(`Tool "${toolCall.name}" not found`);
	return validateToolArguments(tool, toolCall) as Record<string, unknown>;
}

function formatErrors(errors: ValueError[]): string[] {
	// A missing property is also reported as "expected <type>" at the same path; keep one line.
	const missing = new Set(errors.filter((e) => e.type === ValueErrorType.ObjectRequiredProperty).map((e) => e.path));
	const lines: string[] = [];
	for (const error of errors) {
		if (missing.has(error.path) && error.type !== ValueErrorType.ObjectRequiredProperty) continue;
		const line = `  - ${error.path === "" ? "root" : error.path.slice(1)}: ${describeError(error)}`;
		if (!lines.includes(line)) lines.push(line);
	}
	return lines.length > 0 ? lines : ["  - root: invalid arguments"];
}

function describeError(error: ValueError): string {
	const schema = error.schema as Record<string, unknown>;
	switch (error.type) {
		case ValueErrorType.String:
			return "must be string";
		case ValueErrorType.Number:
			return "must be number";
		case ValueErrorType.Integer:
			return "must be integer";
		case ValueErrorType.Boolean:
			return "must be boolean";
		case ValueErrorType.Null:
			return "must be null";
		case ValueErrorType.Object:
			return "must be object";
		case ValueErrorType.Array:
			return "must be array";
		case ValueErrorType.ObjectRequiredProperty:
			return `must have required property '${error.path.split("/").pop() ?? ""}'`;
		case ValueErrorType.ObjectAdditionalProperties:
			return "must NOT have additional properties";
		case ValueErrorType.ObjectMinProperties:
			return `must NOT have fewer than ${schema.minProperties} properties`;
		case ValueErrorType.ObjectMaxProperties:
			return `must NOT have more than ${schema.maxProperties} properties`;
		case ValueErrorType.StringMinLength:
			return `must NOT have fewer than ${schema.minLength} characters`;
		case ValueErrorType.StringMaxLength:
			return `must NOT have more than ${schema.maxLength} characters`;
		case ValueErrorType.StringPattern:
			return `must match pattern "${schema.pattern}"`;
		case ValueErrorType.NumberMinimum:
		case ValueErrorType.IntegerMinimum:
			return `must be >= ${schema.minimum}`;
		case ValueErrorType.NumberMaximum:
		case ValueErrorType.IntegerMaximum:
			return `must be <= ${schema.maximum}`;
		case ValueErrorType.NumberExclusiveMinimum:
		case ValueErrorType.IntegerExclusiveMinimum:
			return `must be > ${schema.exclusiveMinimum}`;
		case ValueErrorType.NumberExclusiveMaximum:
		case ValueErrorType.IntegerExclusiveMaximum:
			return `must be < ${schema.exclusiveMaximum}`;
		case ValueErrorType.NumberMultipleOf:
		case ValueErrorType.IntegerMultipleOf:
			return `must be multiple of ${schema.multipleOf}`;
		case ValueErrorType.ArrayMinItems:
			return `must NOT have fewer than ${schema.minItems} items`;
		case ValueErrorType.ArrayMaxItems:
			return `must NOT have more than ${schema.maxItems} items`;
		case ValueErrorType.ArrayUniqueItems:
			return "must NOT have duplicate items";
		case ValueErrorType.Literal:
			return `must be equal to constant ${JSON.stringify(schema.const)}`;
		case ValueErrorType.Union:
			return isEnumUnion(schema)
				? `must be equal to one of the allowed values: ${enumValues(schema)}`
				: "must match a schema in anyOf";
		case ValueErrorType.Never:
			return "must NOT be present";
		default:
			return error.message.toLowerCase();
	}
}

function isEnumUnion(schema: Record<string, unknown>): boolean {
	const members = schema.anyOf;
	return Array.isArray(members) && members.every((member: { const?: unknown }) => member.const !== undefined);
}

function enumValues(schema: Record<string, unknown>): string {
	return (schema.anyOf as { const: unknown }[]).map((member) => JSON.stringify(member.const)).join(", ");
}
