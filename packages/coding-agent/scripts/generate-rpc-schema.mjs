// Writes schemas/rpc.schema.json from the built TypeBox definitions (run after `tsc -b`).
import { writeFileSync } from "node:fs";
import { buildRpcJsonSchema } from "../dist/modes/rpc/rpc-schema.js";

const target = new URL("../schemas/rpc.schema.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(buildRpcJsonSchema(), null, "\t")}\n`);
console.log(`wrote ${target.pathname}`);
