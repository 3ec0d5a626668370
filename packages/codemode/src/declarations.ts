// TypeScript declarations of tools for scripts, generated from their TypeBox (JSON) schemas.
import type { ToolInfo } from "@pi/coding-agent";
import { toCodemodeIdentifier } from "./identifier.js";

/** A JSON schema as far as declarations read it. */
interface JsonSchema {
	type?: string | string[];
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	anyOf?: JsonSchema[];
	oneOf?: JsonSchema[];
	enum?: unknown[];
	const?: unknown;
	additionalProperties?: boolean | JsonSchema;
}

/** What `read` resolves to in scripts: its text, or an image block for an image file. */
const IMAGE_BLOCK_TYPE = '{ data: string; mimeType: string; note: string; type: "image"; }';

/** Result types of built-in tools without an output schema whose scripts get more than text. */
const BUILTIN_RESULT_TYPES: Readonly<Record<string, string>> = { read: `string | ${IMAGE_BLOCK_TYPE}` };

function pad(depth: number): string {
	return "  ".repeat(depth);
}

function singleLine(text: string): string {
	return text.replace(/\s*\n\s*/g, " ").trim();
}

function objectType(schema: JsonSchema, depth: number): string {
	const properties = Object.entries(schema.properties ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	if (properties.length === 0) return "{ [key: string]: unknown; }";
	const required = new Set(schema.required ?? []);
	const member = (key: string, value: JsonSchema, inner: number) =>
		`${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key)}${required.has(key) ? "" : "?"}: ${typeOf(value, inner)};`;
	const multiline = properties.some(([, value]) => value.description !== undefined);
	if (!multiline) return `{ ${properties.map(([key, value]) => member(key, value, depth)).join(" ")} }`;
	const lines = properties.flatMap(([key, value]) => [
		...(value.description !== undefined ? [`${pad(depth + 1)}// ${singleLine(value.description)}`] : []),
		`${pad(depth + 1)}${member(key, value, depth + 1)}`,
	]);
	return `{\n${lines.join("\n")}\n${pad(depth)}}`;
}

/** The TypeScript type of a schema; `depth` is the indentation of the line it starts on. */
export function typeOf(schema: JsonSchema | undefined, depth = 0): string {
	if (!schema) return "unknown";
	if (schema.const !== undefined) return JSON.stringify(schema.const);
	if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
	const union = schema.anyOf ?? schema.oneOf;
	if (union) return union.map((member) => typeOf(member, depth)).join(" | ");
	const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
	if (type.length > 1) return type.map((one) => typeOf({ ...schema, type: one }, depth)).join(" | ");
	switch (type[0]) {
		case "string":
			return "string";
		case "number":
		case "integer":
			return "number";
		case "boolean":
			return "boolean";
		case "null":
			return "null";
		case "array":
			return `Array<${typeOf(schema.items, depth)}>`;
		case "object":
			return objectType(schema, depth);
		default:
			return schema.properties ? objectType(schema, depth) : "unknown";
	}
}

/** What a call of the tool resolves to in a script, as a TypeScript type. */
export function resultTypeOf(tool: Pick<ToolInfo, "name" | "outputSchema">): string {
	if (tool.outputSchema) return typeOf(tool.outputSchema as JsonSchema);
	return BUILTIN_RESULT_TYPES[tool.name] ?? "string";
}

/** A short form of the result type for notes on declared tools (object keys only). */
export function shortResultTypeOf(tool: Pick<ToolInfo, "name" | "outputSchema">): string {
	const schema = tool.outputSchema as JsonSchema | undefined;
	if (schema?.properties && !schema.anyOf && !schema.oneOf) {
		const required = new Set(schema.required ?? []);
		const keys = Object.keys(schema.properties).map((key) => (required.has(key) ? key : `${key}?`));
		return `\`{ ${keys.join(", ")} }\``;
	}
	const type = resultTypeOf(tool);
	return type === "string" ? "a string" : `\`${type}\``;
}

/** `declare const tools: { name(args: …): Promise<…>; };` for one tool. */
export function toolDeclaration(tool: Pick<ToolInfo, "name" | "parameters" | "outputSchema">): string {
	const args = typeOf(tool.parameters as JsonSchema);
	return `declare const tools: { ${toCodemodeIdentifier(tool.name)}(args: ${args}): Promise<${resultTypeOf(tool)}>; };`;
}
