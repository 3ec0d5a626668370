import { type SchemaOptions, type TUnsafe, Type } from "@sinclair/typebox";

/**
 * A string enum schema, `{ type: "string", enum: [...] }`, typed as the union of `values`.
 * Use it instead of `Type.Union(Type.Literal(…))`, whose `anyOf`/`const` form Google rejects.
 */
export function StringEnum<const TValues extends readonly string[]>(
	values: TValues,
	options?: SchemaOptions,
): TUnsafe<TValues[number]> {
	return Type.Unsafe<TValues[number]>({ ...options, type: "string", enum: [...values] });
}
