import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

/** The committed schema file. */
export const rpcSchema = JSON.parse(
	readFileSync(new URL("../../schemas/rpc.schema.json", import.meta.url), "utf8"),
) as Record<string, unknown> & { $id: string; $defs: Record<string, unknown> };

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addSchema(rpcSchema);

/** Validates `record` against `$defs/<entry>`; returns the errors as text, or undefined when valid. */
export function schemaErrors(
	entry: "RpcInputRecord" | "RpcOutputRecord" | "JsonModeRecord" | (string & {}),
	record: unknown,
): string | undefined {
	const validate = ajv.getSchema(`${rpcSchema.$id}#/$defs/${entry}`);
	if (!validate) throw new Error(`no schema for ${entry}`);
	if (validate(record)) return undefined;
	return ajv.errorsText(validate.errors?.slice(0, 5));
}
