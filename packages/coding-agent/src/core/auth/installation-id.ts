import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { withFileLock } from "../config/file-lock.js";
import { readJsonObjectFile, writeJsonFileAtomic } from "../config/json-file.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * This installation's id: `deviceId` in the global settings.json (pi 1.4 keeps it there too, so a
 * 1.4 agent dir keeps its id), created on first need under the settings lock. OpenAI's ChatGPT
 * sign-in registers the agent host by it. A settings.json that is not valid JSON is left alone
 * and the sign-in gets a one-off id.
 */
export function installationId(agentDir: string): string {
	const path = join(agentDir, "settings.json");
	const existing = (): string | undefined => {
		const read = readJsonObjectFile<Record<string, unknown>>(path, {});
		const id = read.value.deviceId;
		return typeof id === "string" && UUID.test(id) ? id : undefined;
	};
	const found = existing();
	if (found) return found;
	if (readJsonObjectFile(path, {}).status === "invalid") return randomUUID();
	mkdirSync(agentDir, { recursive: true, mode: 0o700 });
	return withFileLock(`${path}.lock`, () => {
		const current = readJsonObjectFile<Record<string, unknown>>(path, {});
		const id = existing();
		if (id || current.status === "invalid") return id ?? randomUUID();
		const created = randomUUID();
		writeJsonFileAtomic(path, { ...current.value, deviceId: created });
		return created;
	});
}
