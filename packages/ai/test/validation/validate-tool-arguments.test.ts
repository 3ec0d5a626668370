import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { StringEnum } from "../../src/typebox.js";
import type { Tool, ToolCall } from "../../src/types.js";
import { validateToolArguments, validateToolCall } from "../../src/validation/validate-tool-arguments.js";
import { validateToolSchema } from "../../src/validation/validate-tool-schema.js";

const readTool = {
	name: "read",
	description: "Read a file",
	parameters: Type.Object({
		path: Type.String(),
		offset: Type.Optional(Type.Number()),
		limit: Type.Optional(Type.Integer({ minimum: 1 })),
		follow: Type.Optional(Type.Boolean()),
		mode: Type.Optional(StringEnum(["text", "binary"])),
	}),
} satisfies Tool;

function call(args: Record<string, unknown>, name = "read"): ToolCall {
	return { type: "toolCall", id: "c1", name, arguments: args };
}

describe("validateToolArguments", () => {
	it("returns valid arguments with their static type", () => {
		const args = validateToolArguments(readTool, call({ path: "a.ts", offset: 3 }));
		expect(args).toEqual({ path: "a.ts", offset: 3 });
		const path: string = args.path;
		expect(path).toBe("a.ts");
	});

	it("coerces strings to numbers and booleans without mutating the call", () => {
		const toolCall = call({ path: "a.ts", offset: "5", limit: "10", follow: "true" });
		expect(validateToolArguments(readTool, toolCall)).toEqual({ path: "a.ts", offset: 5, limit: 10, follow: true });
		expect(toolCall.arguments.offset).toBe("5");
	});

	it("reports a wrong type in the documented format", () => {
		const args = { path: { nested: true } };
		expect(() => validateToolArguments(readTool, call(args))).toThrow(
			`Validation failed for tool "read":\n  - path: must be string\n\nReceived arguments:\n${JSON.stringify(args, null, 2)}`,
		);
	});

	it("lists every failing path, once each", () => {
		let message = "";
		try {
			validateToolArguments(readTool, call({ offset: "abc", limit: 0, mode: "hex" }));
		} catch (error) {
			message = (error as Error).message;
		}
		const lines = message.split("\n\n")[0]!.split("\n").slice(1);
		expect(lines).toEqual([
			"  - path: must have required property 'path'",
			"  - offset: must be number",
			"  - limit: must be >= 1",
			'  - mode: must be equal to one of the allowed values: "text", "binary"',
		]);
	});

	it("reports additional properties and nested array paths", () => {
		const tool: Tool = {
			name: "edit",
			description: "",
			parameters: Type.Object(
				{ edits: Type.Array(Type.Object({ old: Type.String(), new: Type.String() })) },
				{ additionalProperties: false },
			),
		};
		const run = () => validateToolArguments(tool, call({ edits: [{ old: "a", new: {} }, { old: "b" }], x: 1 }, "edit"));
		expect(run).toThrow("  - edits/0/new: must be string");
		expect(run).toThrow("  - edits/1/new: must have required property 'new'");
		expect(run).toThrow("  - x: must NOT have additional properties");
	});

	it("validates plain JSON Schema that lost its TypeBox symbols", () => {
		const plain: Tool = JSON.parse(JSON.stringify(readTool));
		expect(validateToolArguments(plain, call({ path: "x", offset: "2", mode: "text" }))).toEqual({
			path: "x",
			offset: 2,
			mode: "text",
		});
		expect(() => validateToolArguments(plain, call({ path: [] }))).toThrow("  - path: must be string");
	});

	it("supports nullable, type arrays, anyOf and const", () => {
		const tool: Tool = {
			name: "t",
			description: "",
			parameters: {
				type: "object",
				properties: {
					a: { type: ["string", "null"] },
					b: { anyOf: [{ type: "number" }, { type: "boolean" }] },
					c: { const: "fixed" },
					d: { type: "string", nullable: true, format: "uri" },
				},
				required: ["a"],
			} as unknown as Tool["parameters"],
		};
		expect(validateToolArguments(tool, call({ a: null, b: true, c: "fixed", d: "not a uri" }, "t"))).toEqual({
			a: null,
			b: true,
			c: "fixed",
			d: "not a uri",
		});
		expect(() => validateToolArguments(tool, call({ a: "x", c: "other" }, "t"))).toThrow(
			'  - c: must be equal to constant "fixed"',
		);
	});
});

describe("validateToolCall", () => {
	it("finds the tool by name", () => {
		expect(validateToolCall([readTool], call({ path: "p" }))).toEqual({ path: "p" });
	});

	it("throws for an unknown tool", () => {
		expect(() => validateToolCall([readTool], call({}, "write"))).toThrow('Tool "write" not found');
	});
});

describe("validateToolSchema", () => {
	it("rejects parameters that are not an object schema", () => {
		expect(() => validateToolSchema({ name: "x", description: "", parameters: Type.String() })).toThrow(
			'Invalid schema for tool "x": parameters must be a JSON Schema object with type "object"',
		);
	});

	it("rejects an unknown type and names its path", () => {
		const parameters = { type: "object", properties: { path: { type: "strnig" } } } as unknown as Tool["parameters"];
		expect(() => validateToolSchema({ name: "read", description: "", parameters })).toThrow(
			'Invalid schema for tool "read": unknown type "strnig" at parameters.properties.path',
		);
		expect(() => validateToolArguments({ name: "read", description: "", parameters }, call({ path: "a" }))).toThrow(
			/unknown type "strnig"/,
		);
	});

	it("rejects a missing name and malformed keywords", () => {
		expect(() => validateToolSchema({ name: "", description: "", parameters: Type.Object({}) })).toThrow(/name/);
		const parameters = { type: "object", required: "path" } as unknown as Tool["parameters"];
		expect(() => validateToolSchema({ name: "r", description: "", parameters })).toThrow(/"required" must be an array/);
	});
});

describe("StringEnum", () => {
	it("produces a plain string enum schema", () => {
		expect(JSON.parse(JSON.stringify(StringEnum(["a", "b"], { description: "d" })))).toEqual({
			type: "string",
			enum: ["a", "b"],
			description: "d",
		});
	});
});
