import { generateEntryId } from "./session-ids.js";
import { CURRENT_SESSION_VERSION, type SessionEntry, type SessionHeader } from "./session-types.js";

type RawEntry = Record<string, unknown>;

/** Returns true when `header.version` is older than the current format. */
export function needsMigration(header: SessionHeader): boolean {
	return (header.version ?? 1) < CURRENT_SESSION_VERSION;
}

/**
 * Migrates entries in memory to the current version (sessions.md §8). Returns new header and
 * entries; the input is not modified. Versions newer than this reader are returned unchanged.
 */
export function migrateSession(
	header: SessionHeader,
	entries: readonly SessionEntry[],
): { header: SessionHeader; entries: SessionEntry[] } {
	let version = header.version ?? 1;
	let migrated = entries.map((entry) => ({ ...entry }) as RawEntry);
	if (version < 2) {
		migrated = migrateV1ToV2(migrated);
		version = 2;
	}
	if (version < 3) {
		migrated = migrateV2ToV3(migrated);
		version = 3;
	}
	return { header: { ...header, version }, entries: migrated as unknown as SessionEntry[] };
}

// v1 is a linear list without ids: chain the entries and turn compaction indexes into ids.
function migrateV1ToV2(entries: RawEntry[]): RawEntry[] {
	const taken = new Set<string>();
	const ids = entries.map(() => {
		const id = generateEntryId(taken);
		taken.add(id);
		return id;
	});
	return entries.map((entry, position) => {
		const next: RawEntry = { ...entry, id: ids[position], parentId: position === 0 ? null : ids[position - 1] };
		if (next.type === "compaction" && typeof next.firstKeptEntryIndex === "number") {
			// The index counts file lines with the header as 0, so entry k sits at index k + 1.
			const keptId = ids[next.firstKeptEntryIndex - 1];
			next.firstKeptEntryId = keptId ?? ids[0];
			delete next.firstKeptEntryIndex;
		}
		return next;
	});
}

function migrateV2ToV3(entries: RawEntry[]): RawEntry[] {
	return entries.map((entry) => {
		const message = entry.message as RawEntry | undefined;
		if (entry.type === "message" && message?.role === "hookMessage") {
			return { ...entry, message: { ...message, role: "custom" } };
		}
		return entry;
	});
}
