// What `typebox` (the 1.x package) and `@sinclair/typebox` (0.x) resolve to for extensions: the
// host's TypeBox 0.34, shaped so code written against either API runs. Schemas built through
// either name are the host's own, so the host validates tool arguments with the one `Value`
// module it already has (no second TypeBox, no code generation).
import * as typebox from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import * as typeboxValue from "@sinclair/typebox/value";
import { Value } from "@sinclair/typebox/value";

type Schema = typebox.TSchema;

/**
 * The validator 1.x's `Compile()` returns: the checks of a compiled 0.x `TypeCheck`, plus the
 * 1.x `Parse` (check, or throw with the first error) and the value helpers 1.x puts on it.
 */
export class CompatValidator<T extends Schema = Schema> {
	readonly #check: ReturnType<typeof TypeCompiler.Compile<T>>;
	readonly #schema: T;

	constructor(schema: T, references: Schema[] = []) {
		this.#schema = schema;
		this.#check = TypeCompiler.Compile(schema, references);
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

/** `typebox/value` / `@sinclair/typebox/value`. */
export const typeboxValueModule: Record<string, unknown> = { ...typeboxValue, default: Value };

/** `@sinclair/typebox/compiler` (0.x), with 1.x's `Compile` beside `TypeCompiler`. */
export const typeboxCompilerModule: Record<string, unknown> = {
	TypeCompiler,
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
