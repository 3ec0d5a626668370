import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/** Writes a base64 resource to a temporary file and returns its path (binary data is not for the model). */
export function saveBlob(base64: string, uri: string): string {
	const dir = mkdtempSync(join(tmpdir(), "pi-mcp-"));
	const name = basename(uri.replace(/[?#].*$/, "")).replace(/[^A-Za-z0-9._-]/g, "_") || "resource.bin";
	const file = join(dir, name);
	writeFileSync(file, Buffer.from(base64, "base64"));
	return file;
}
