import type { TSchema } from "@sinclair/typebox";
import type { Tool } from "../types.js";
import { errorText } from "../utils/failed-stream.js";
import { InvalidToolSchemaError, jsonSchemaToTypeBox } from "./json-schema-to-typebox.js";

const checkedSchemas = new WeakMap<object, TSchema>();

/**
 * Checks that a tool is well-formed: a non-empty string `name`, a string `description`, and
 * `parameters` that is an object schema (`type: "object"`) whose every nested `type` is a JSON
 * Schema type. Returns the checkable TypeBox form of the parameters (cached per schema object).
 * Throws `InvalidToolSchemaError` with a message naming the tool and the offending schema path,
 * e.g. `Invalid schema for tool "read": unknown type "strnig" at parameters.properties.path`.
 */
export function validateToolSchema(tool: Tool): TSchema {
	if (typeof tool.name !== "string" || tool.name === "") {
		throw new InvalidToolSchemaError("Invalid tool: name must be a non-empty string");
	}
	if (typeof tool.description !== "string") {
		throw new InvalidToolSchemaError(`Invalid tool "${tool.name}": description must be a string`);
	}
	const parameters: unknown = tool.parameters;
	if (parameters !== null && typeof parameters === "object") {
		const cached = checkedSchemas.get(parameters);
		if (cached) return cached;
	}
	if (parameters === null || typeof parameters !== "object" || (parameters as { type?: unknown }).type !== "object") {
		throw new InvalidToolSchemaError(
			`Invalid schema for tool "${tool.name}": parameters must be a JSON Schema object with type "object"`,
		);
	}
	try {
		const schema = jsonSchemaToTypeBox(parameters, "parameters");
		checkedSchemas.set(parameters, schema);
		return schema;
	} catch (error) {
		if (error instanceof InvalidToolSchemaError) {
			throw new InvalidToolSchemaError(`Invalid schema for tool "${tool.name}": ${error.message}`);
		}
		throw error;
	}
}

/**
 * The message of the first tool whose schema `validateToolSchema` rejects, or undefined when all
 * are valid. Lets request paths end a stream with that message instead of throwing.
 */
export function findToolSchemaError(tools: readonly Tool[] | undefined): string | undefined {
	try {
		for (const tool of tools ?? []) validateToolSchema(tool);
		return undefined;
	} catch (error) {
		return errorText(error);
	}
}
