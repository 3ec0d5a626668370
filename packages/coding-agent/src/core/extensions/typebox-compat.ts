// What `typebox` (the 1.x package) and `@sinclair/typebox` (0.x) resolve to for extensions: the
// host's TypeBox 0.34, shaped so code written against either API runs. Schemas built through
// either name are the host's own, so the host validates tool arguments with the one `Value`
// module it already has (no second TypeBox, no code generation).
import { jsonSchemaToTypeBox } from "@pi/ai";
import * as typebox from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import * as typeboxValue from "@sinclair/typebox/value";
import { Value } from "@sinclair/typebox/value";

type Schema = typebox.TSchema;

/**
 * `schema` rebuilt from TypeBox builders when the host's TypeBox cannot read it as it is: plain
 * JSON Schema (extensions pass tool schemas they got from elsewhere, e.g. an MCP server) has no
 * TypeBox kind, and `Type.Unsafe` (StringEnum) has one the compiler and `Value` do not know.
 */
function rebuiltForHost<T>(schema: T): T {
	return jsonSchemaToTypeBox(JSON.parse(JSON.stringify(schema))) as T;
}

function hasTypeBoxKind(schema: unknown): boolean {
	return typeof schema === "object" && schema !== null && typebox.Kind in schema;
}

/** Runs `use` on the schema as given, or on its rebuilt form when the host cannot read it. */
function withReadableSchema<R>(schema: unknown, use: (readable: unknown) => R): R {
	if (!hasTypeBoxKind(schema)) return use(rebuiltForHost(schema));
	try {
		return use(schema);
	} catch (error) {
		if (!(error instanceof Error) || !/unknown type/i.test(error.message)) throw error;
		return use(rebuiltForHost(schema));
	}
}

/**
 * The validator 1.x's `Compile()` returns: the checks of a compiled 0.x `TypeCheck`, plus the
 * 1.x `Parse` (check, or throw with the first error) and the value helpers 1.x puts on it.
 */
export class CompatValidator<T extends Schema = Schema> {
	readonly #check: ReturnType<typeof TypeCompiler.Compile<T>>;
	readonly #schema: T;

	constructor(schema: T, references: Schema[] = []) {
		let usable = schema;
		this.#check = withReadableSchema(schema, (readable) => {
			usable = readable as T;
			return TypeCompiler.Compile(usable, references);
		});
		this.#schema = usable;
	}

	Schema(): T {
		return this.#schema;
	}
	Code(): string {
		return this.#check.Code();
	}
	/** 1.x reports whether the validator was compiled to JavaScript; ours always is. */
	IsAccelerated(): boolean {
		return true;
	}
	Check(value: unknown): value is typebox.Static<T> {
		return this.#check.Check(value);
	}
	Errors(value: unknown): typeboxValue.ValueError[] {
		return [...this.#check.Errors(value)];
	}
	Parse(value: unknown): typebox.Static<T> {
		return Value.Parse(this.#schema, value) as typebox.Static<T>;
	}
	Create(): typebox.Static<T> {
		return Value.Create(this.#schema) as typebox.Static<T>;
	}
	Default(value: unknown): unknown {
		return Value.Default(this.#schema, value);
	}
	Clean(value: unknown): unknown {
		return Value.Clean(this.#schema, value);
	}
	Convert(value: unknown): unknown {
		return Value.Convert(this.#schema, value);
	}
	Decode(value: unknown): unknown {
		return this.#check.Decode(value);
	}
	Encode(value: unknown): unknown {
		return this.#check.Encode(value);
	}
}

/** `Compile(schema)` of `typebox/compile` (1.x). */
export function Compile<T extends Schema>(schema: T, references: Schema[] = []): CompatValidator<T> {
	return new CompatValidator(schema, references);
}

/**
 * `typebox` / `@sinclair/typebox`: every 0.x export, the 1.x default export (`Type`), and the
 * builders as top-level names (1.x exports `Object`, `String`, … beside `Type`).
 */
export const typeboxModule: Record<string, unknown> = {
	...Object.fromEntries(Object.entries(typebox.Type)),
	...typebox,
	default: typebox.Type,
};

/** The `Value` functions whose first argument is a schema (`Clone`, `Equal`, `Hash`… take values). */
const SCHEMA_FIRST_VALUE_FUNCTIONS = new Set([
	"Assert",
	"Cast",
	"Check",
	"Clean",
	"Convert",
	"Create",
	"Decode",
	"Default",
	"Encode",
	"Errors",
	"Parse",
]);

/** `Value` whose schema-first functions also read plain JSON Schema (see `rebuiltForHost`). */
const compatValue: Record<string, unknown> = Object.fromEntries(
	Object.entries(Value).map(([name, member]) => [
		name,
		typeof member === "function" && SCHEMA_FIRST_VALUE_FUNCTIONS.has(name)
			? (schema: unknown, ...rest: unknown[]) =>
					withReadableSchema(schema, (readable) => (member as (...args: unknown[]) => unknown)(readable, ...rest))
			: member,
	]),
);

/** `typebox/value` / `@sinclair/typebox/value`. */
export const typeboxValueModule: Record<string, unknown> = {
	...typeboxValue,
	Value: compatValue,
	default: compatValue,
};

/** 0.x's `TypeCompiler`, whose `Compile` also reads plain JSON Schema. */
const compatTypeCompiler = {
	...TypeCompiler,
	Compile: <T extends Schema>(schema: T, references: Schema[] = []) =>
		withReadableSchema(schema, (readable) => TypeCompiler.Compile(readable as T, references)),
};

/** `@sinclair/typebox/compiler` (0.x), with 1.x's `Compile` beside `TypeCompiler`. */
export const typeboxCompilerModule: Record<string, unknown> = {
	TypeCompiler: compatTypeCompiler,
	TypeCheck: Object.getPrototypeOf(TypeCompiler.Compile(typebox.Type.Any())).constructor,
	Compile,
	Validator: CompatValidator,
};

/** `typebox/compile` (1.x). */
export const typeboxCompileModule: Record<string, unknown> = {
	Compile,
	Validator: CompatValidator,
	default: Compile,
};
