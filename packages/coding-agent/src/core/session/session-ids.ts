import { randomUUID } from "node:crypto";

/** Draws an 8-hex entry id not in `taken` (100 tries, then a full UUID). */
export function generateEntryId(taken: { has(id: string): boolean }): string {
	for (let attempt = 0; attempt < 100; attempt++) {
		const id = randomUUID().slice(0, 8);
		if (!taken.has(id)) return id;
	}
	return randomUUID();
}
