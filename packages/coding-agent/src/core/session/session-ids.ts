import { randomUUID } from "node:crypto";
import { uuidv7 } from "@pi/ai";

/** Draws an 8-hex entry id not in `taken` (100 tries, then a full UUID). */
export function generateEntryId(taken: { has(id: string): boolean }): string {
	for (let attempt = 0; attempt < 100; attempt++) {
		const id = randomUUID().slice(0, 8);
		if (!taken.has(id)) return id;
	}
	return randomUUID();
}

/** A new session's id: a UUIDv7, as 1.4 makes them, so ids sort by creation time. */
export function generateSessionId(): string {
	return uuidv7();
}
