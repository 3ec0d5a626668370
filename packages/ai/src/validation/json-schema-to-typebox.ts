import { type TSchema, Type } from "@sinclair/typebox";

/** Raised for a tool parameter schema that is not valid JSON Schema for a tool (see `validateToolSchema`). */
export class InvalidToolSchemaError extends Error {
	readonly code = "invalid_tool_schema";
	constructor(message: string) {
		super(message);
		this.name = "InvalidToolSchemaError";
	}
}

type JsonObject = Record<string, unknown>;

const STRING_KEYWORDS = ["minLength", "maxLength", "pattern"] as const;
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const;
const ARRAY_KEYWORDS = ["minItems", "maxItems", "uniqueItems"] as const;
const OBJECT_KEYWORDS = ["minProperties", "maxProperties"] as const;
const ANNOTATIONS = ["title", "description"] as const;

function isObject(value: unknown): value is JsonObject {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

function pick(node: JsonObject, keys: readonly string[]): JsonObject {
	const options: JsonObject = {};
	for (const key of [...ANNOTATIONS, ...keys]) if (node[key] !== undefined) options[key] = node[key];
	return options;
}

// Draft-04 boolean exclusive bounds → the numeric form TypeBox checks.
function numberOptions(node: JsonObject): JsonObject {
	const options = pick(node, NUMBER_KEYWORDS);
	if (options.exclusiveMinimum === true) {
		options.exclusiveMinimum = options.minimum;
		delete options.minimum;
	} else if (options.exclusiveMinimum === false) delete options.exclusiveMinimum;
	if (options.exclusiveMaximum === true) {
		options.exclusiveMaximum = options.maximum;
		delete options.maximum;
	} else if (options.exclusiveMaximum === false) delete options.exclusiveMaximum;
	return options;
}

function literal(value: unknown): TSchema {
	if (value === null) return Type.Null();
	if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return Type.Literal(value);
	// Object/array constants are rare in tool schemas; accept anything rather than reject valid input.
	return Type.Unknown();
}

function convertType(type: unknown, node: JsonObject, path: string): TSchema {
	switch (type) {
		case "string":
			// `format` is an annotation here: unknown formats must not make every value invalid.
			return Type.String(pick(node, STRING_KEYWORDS));
		case "number":
			return Type.Number(numberOptions(node));
		case "integer":
			return Type.Integer(numberOptions(node));
		case "boolean":
			return Type.Boolean(pick(node, []));
		case "null":
			return Type.Null(pick(node, []));
		case "array": {
			const items =
				isObject(node.items) || typeof node.items === "boolean" ? convert(node.items, `${path}.items`) : Type.Unknown();
			return Type.Array(items, pick(node, ARRAY_KEYWORDS));
		}
		case "object":
			return convertObject(node, path);
		default:
			throw new InvalidToolSchemaError(`unknown type ${JSON.stringify(type)} at ${path}`);
	}
}

function convertObject(node: JsonObject, path: string): TSchema {
	if (node.properties !== undefined && !isObject(node.properties)) {
		throw new InvalidToolSchemaError(`"properties" must be an object at ${path}`);
	}
	if (node.required !== undefined && !Array.isArray(node.required)) {
		throw new InvalidToolSchemaError(`"required" must be an array at ${path}`);
	}
	const required = new Set((node.required as unknown[] | undefined) ?? []);
	const properties: Record<string, TSchema> = {};
	for (const [key, value] of Object.entries(node.properties ?? {})) {
		const converted = convert(value, `${path}.properties.${key}`);
		properties[key] = required.has(key) ? converted : Type.Optional(converted);
	}
	const options = pick(node, OBJECT_KEYWORDS);
	if (node.additionalProperties === false) options.additionalProperties = false;
	else if (isObject(node.additionalProperties)) {
		options.additionalProperties = convert(node.additionalProperties, `${path}.additionalProperties`);
	}
	return Type.Object(properties, options);
}

/**
 * Rebuilds a TypeBox schema from the JSON Schema form of `node` (a TypeBox schema, a plain JSON
 * Schema object such as one that went through `JSON.stringify`, or a `StringEnum`), so TypeBox's
 * `Value` module can check it without code generation. Supported: type (also arrays of types),
 * properties/required/additionalProperties, items, enum, const, anyOf/oneOf/allOf, nullable and the
 * usual string/number/array/object bounds. `$ref`, `not` and `format` are accepted but not enforced.
 * Throws `InvalidToolSchemaError` naming `path` for a malformed node or an unknown `type`.
 */
export function jsonSchemaToTypeBox(schema: unknown, path = "schema"): TSchema {
	return convert(schema, path);
}

function convert(node: unknown, path: string): TSchema {
	if (node === true) return Type.Unknown();
	if (node === false) return Type.Never();
	if (!isObject(node)) throw new InvalidToolSchemaError(`schema must be an object at ${path}`);
	const converted = convertInner(node, path);
	return node.nullable === true ? Type.Union([converted, Type.Null()]) : converted;
}

function convertInner(node: JsonObject, path: string): TSchema {
	if ("const" in node) return literal(node.const);
	if (node.enum !== undefined) {
		if (!Array.isArray(node.enum)) throw new InvalidToolSchemaError(`"enum" must be an array at ${path}`);
		const members = node.enum.map(literal);
		return members.length === 1 ? members[0]! : Type.Union(members, pick(node, []));
	}
	for (const key of ["anyOf", "oneOf", "allOf"] as const) {
		const list = node[key];
		if (list === undefined) continue;
		if (!Array.isArray(list)) throw new InvalidToolSchemaError(`"${key}" must be an array at ${path}`);
		const members = list.map((member, index) => convert(member, `${path}.${key}[${index}]`));
		return key === "allOf" ? Type.Intersect(members) : Type.Union(members, pick(node, []));
	}
	if (Array.isArray(node.type)) {
		const members = node.type.map((type) => convertType(type, node, path));
		return members.length === 1 ? members[0]! : Type.Union(members);
	}
	if (node.type !== undefined) return convertType(node.type, node, path);
	if (node.properties !== undefined) return convertObject(node, path);
	if (node.items !== undefined) return convertType("array", node, path);
	return Type.Unknown();
}
