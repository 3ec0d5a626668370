import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Changes one `mcpServers` entry of a file, keeping everything else in it. `entry` undefined
 * removes it. Returns whether the entry existed before. Written atomically (temp file + rename).
 */
export function updateMcpServerEntry(
	path: string,
	name: string,
	entry: Record<string, unknown> | undefined,
	/** Instead of `entry`: changes the current entry (an absent entry starts as `{}`). */
	change?: (current: Record<string, unknown>) => Record<string, unknown>,
): boolean {
	let root: Record<string, unknown> = {};
	if (existsSync(path)) {
		const text = readFileSync(path, "utf8");
		if (text.trim()) {
			let parsed: unknown;
			try {
				parsed = JSON.parse(text);
			} catch (error) {
				throw new Error(`${path}: invalid JSON (${(error as Error).message}); fix or remove the file first.`);
			}
			if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
				throw new Error(`${path}: expected a JSON object with "mcpServers"; fix or remove the file first.`);
			root = parsed as Record<string, unknown>;
		}
	}
	const current = root.mcpServers;
	const servers: Record<string, unknown> =
		typeof current === "object" && current !== null && !Array.isArray(current)
			? { ...(current as Record<string, unknown>) }
			: {};
	const existed = Object.hasOwn(servers, name);
	if (change) {
		const current = servers[name];
		servers[name] = change(typeof current === "object" && current !== null ? (current as Record<string, unknown>) : {});
	} else if (entry === undefined) delete servers[name];
	else servers[name] = entry;
	root = { ...root, mcpServers: servers };
	mkdirSync(dirname(path), { recursive: true });
	const temp = `${path}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify(root, null, 2)}\n`);
	renameSync(temp, path);
	return existed;
}
