import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type RefreshedCatalogue, setCatalogueOverride } from "@pi/ai";

/** Where `pi update --models` keeps the refreshed catalogue. */
export function refreshedCataloguePath(agentDir: string): string {
	return join(agentDir, "models-catalogue.json");
}

/**
 * Uses the catalogue `pi update --models` saved, if there is one (read only then: a run without it
 * pays nothing). A damaged file is ignored, so the built-in catalogue applies.
 */
export function loadRefreshedCatalogue(agentDir: string): void {
	const path = refreshedCataloguePath(agentDir);
	if (!existsSync(path)) return;
	try {
		const saved = JSON.parse(readFileSync(path, "utf8")) as Partial<RefreshedCatalogue>;
		if (saved.providers && typeof saved.providers === "object") setCatalogueOverride({ providers: saved.providers });
	} catch {
		// Rebuildable data: a broken copy falls back to the catalogue pi shipped with.
	}
}
