// Builds the published JSON Schema (draft 2020-12) of the RPC protocol from the TypeBox
// definitions the server itself validates and types with (rpc.md §16.3). The committed
// `schemas/rpc.schema.json` is this function's output; a test fails when they differ
// (`pnpm --filter @pi/coding-agent generate:rpc-schema` rewrites it).
import { Type } from "@sinclair/typebox";
import {
	JsonAgentSessionEventSchema,
	RpcCommandSchema,
	RpcExtensionUIRequestSchema,
	RpcExtensionUIResponseSchema,
	RpcLoginEventSchema,
	RpcResponseSchema,
} from "./rpc-output-schemas.js";
import { def, defName, registeredDefs, SessionHeaderSchema } from "./rpc-schema-defs.js";

def("RpcInputRecord", Type.Union([RpcCommandSchema, RpcExtensionUIResponseSchema]));
def(
	"RpcOutputRecord",
	Type.Union([RpcResponseSchema, JsonAgentSessionEventSchema, RpcExtensionUIRequestSchema, RpcLoginEventSchema]),
);
def("JsonModeRecord", Type.Union([SessionHeaderSchema, JsonAgentSessionEventSchema]));

/** The `$id` of the published schema. */
export const RPC_SCHEMA_ID = "https://pi.dev/schemas/rpc.schema.json";

/** Plain JSON of a TypeBox schema, with every other named definition replaced by a `$ref`. */
function toJson(value: unknown, ownName: string | undefined): unknown {
	if (Array.isArray(value)) return value.map((item) => toJson(item, undefined));
	if (typeof value !== "object" || value === null) return value;
	const name = defName(value);
	if (name !== undefined && name !== ownName) return { $ref: `#/$defs/${name}` };
	const out: Record<string, unknown> = {};
	for (const [key, child] of Object.entries(value)) out[key] = toJson(child, undefined);
	return out;
}

/** The whole schema document: `$defs` for every type and the three entry points. */
export function buildRpcJsonSchema(): Record<string, unknown> {
	const defs: Record<string, unknown> = {};
	for (const [name, schema] of registeredDefs()) defs[name] = toJson(schema, name);
	return {
		$schema: "https://json-schema.org/draft/2020-12/schema",
		$id: RPC_SCHEMA_ID,
		title: "pi RPC protocol",
		description:
			"Records of `pi --mode rpc` (docs/rpc.md). Entry points: $defs/RpcInputRecord (stdin), $defs/RpcOutputRecord (stdout), $defs/JsonModeRecord (`pi --mode json`).",
		$defs: defs,
	};
}
